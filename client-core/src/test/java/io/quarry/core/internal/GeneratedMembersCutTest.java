package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the cut takes out of an answer and what it refuses to cut. That the copy parses exactly when the answer does,
 * to the same values, is {@link GeneratedMembersCutAgreesWithTheParserTest}'s.
 */
class GeneratedMembersCutTest {

    @Test
    void eachGeneratedMemberOfAHitGoesWithOneCommaWhereverItStands() {
        assertThat(cut("{\"hits\":[{\"_highlightResult\":{\"a\":1},\"objectID\":\"1\",\"_rankingInfo\":{}}]}"))
                .isEqualTo("{\"hits\":[{\"objectID\":\"1\"}]}");
        assertThat(cut("{\"hits\":[{\"a\":1,\"_snippetResult\":[],\"b\":2}]}"))
                .isEqualTo("{\"hits\":[{\"a\":1,\"b\":2}]}");
        assertThat(cut("{\"hits\":[{\"_rankingInfo\":{\"nbTypos\":0}}]}")).isEqualTo("{\"hits\":[{}]}");
        assertThat(cut("{\"hits\":[{\"_highlightResult\":1,\"_snippetResult\":2,\"_rankingInfo\":3,\"a\":4}]}"))
                .isEqualTo("{\"hits\":[{\"a\":4}]}");
        assertThat(cut("{\"hits\":[{\"a\":4,\"_highlightResult\":1,\"_snippetResult\":2,\"_rankingInfo\":3}]}"))
                .isEqualTo("{\"hits\":[{\"a\":4}]}");
    }

    @Test
    void spacesAroundACutMemberStayAndTheCopyIsStillJson() {
        assertThat(cut("{ \"hits\" : [ { \"_highlightResult\" : { } ,\n \"a\" : 1 } ] }"))
                .isEqualTo("{ \"hits\" : [ { \"a\" : 1 } ] }");
        assertThat(cut("{\"hits\":[{\"a\":1 , \"_highlightResult\" : null }]}")).isEqualTo("{\"hits\":[{\"a\":1  }]}");
    }

    @Test
    void theHitsOfEveryResultOfAMultiSearchAreCut() {
        assertThat(cut("{\"results\":[{\"hits\":[{\"a\":1,\"_rankingInfo\":{}}]},{\"facetHits\":[]},"
                        + "{\"hits\":[{\"_highlightResult\":{},\"b\":2}],\"nbHits\":1}]}"))
                .isEqualTo(
                        "{\"results\":[{\"hits\":[{\"a\":1}]},{\"facetHits\":[]},{\"hits\":[{\"b\":2}],\"nbHits\":1}]}");
    }

    @Test
    void onlyAHitsOwnGeneratedMembersAreCut() {
        String nested = "{\"hits\":[{\"a\":{\"_highlightResult\":1},\"b\":[{\"_rankingInfo\":2}]}],"
                + "\"_rankingInfo\":3,\"other\":{\"hits\":[{\"_highlightResult\":4}]}}";
        assertThat(GeneratedMembersCut.cut(bytes(nested), bytes(nested).length, new byte[nested.length()]))
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
        String otherNames = "{\"hits\":[{\"_score\":1,\"_distinctSeqID\":2,\"_highlightResul\":3,\"_tags\":[]}]}";
        assertThat(GeneratedMembersCut.cut(bytes(otherNames), otherNames.length(), new byte[otherNames.length()]))
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
    }

    @Test
    void aNameWrittenWithEscapesIsLeftToTheParser() {
        String escaped = "{\"hits\":[{\"_highlight\\u0052esult\":1,\"a\":2}]}";
        assertThat(GeneratedMembersCut.cut(bytes(escaped), escaped.length(), new byte[escaped.length()]))
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
    }

    @Test
    void bytesAfterTheAnswerInItsArrayAreNeitherReadNorCopied() {
        String answer = "{\"hits\":[{\"a\":1,\"_rankingInfo\":{}}]}";
        byte[] array = Arrays.copyOf(bytes(answer), answer.length() + 10);
        Arrays.fill(array, answer.length(), array.length, (byte) '}');
        byte[] copy = new byte[array.length];
        int length = GeneratedMembersCut.cut(array, answer.length(), copy);
        assertThat(new String(copy, 0, length, StandardCharsets.UTF_8)).isEqualTo("{\"hits\":[{\"a\":1}]}");

        String truncated = "{\"hits\":[{\"a\":1,\"_rankingInfo\":{}}]";
        byte[] closedByStaleBytes = Arrays.copyOf(bytes(truncated), truncated.length() + 1);
        closedByStaleBytes[truncated.length()] = '}';
        assertThat(GeneratedMembersCut.cut(closedByStaleBytes, truncated.length(), new byte[truncated.length() + 1]))
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
    }

    @Test
    void anAnswerWithoutGeneratedMembersOrNotAnObjectIsNotCut() {
        for (String answer : new String[] {
            "{\"hits\":[{\"a\":1}]}", "[]", "", " ", "\ufeff{\"hits\":[{\"_rankingInfo\":1}]}", "{\"hits\":{}}", "{}"
        }) {
            byte[] bytes = bytes(answer);
            assertThat(GeneratedMembersCut.cut(bytes, bytes.length, new byte[bytes.length]))
                    .as(answer)
                    .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
        }
    }

    @Test
    void anAnswerWhoseFirstHitHasNoGeneratedMemberIsNotReadFurther() {
        // the service sends the same members with every hit: the rest is not scanned for nothing (a later hit's
        // members, were there any, are left to the parser); even a malformed rest is the parser's to find
        String answer = "{\"hits\":[{\"a\":1},{\"b\":2,\"_rankingInfo\":{}},{\"_rankingInfo\":tru}],\"nbHits\":3}";
        byte[] bytes = bytes(answer);
        assertThat(GeneratedMembersCut.cut(bytes, bytes.length, new byte[bytes.length]))
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
        String wellFormed = "{\"hits\":[{\"a\":1},{\"b\":2,\"_rankingInfo\":{}}],\"nbHits\":2}";
        byte[] counted = bytes(wellFormed);
        byte[] copy = new byte[counted.length];
        int[] cutAndHits = GeneratedMembersCut.cutCounting(counted, counted.length, copy);
        assertThat(cutAndHits[1]).as("counting reads every hit").isEqualTo(2);
        assertThat(new String(copy, 0, cutAndHits[0], StandardCharsets.UTF_8))
                .isEqualTo("{\"hits\":[{\"a\":1},{\"b\":2}],\"nbHits\":2}");
    }

    @Test
    void hitsAreCounted() {
        String answer = "{\"results\":[{\"hits\":[{},{\"a\":1}]},{\"hits\":[1,{}]}],\"hits\":[{}]}";
        byte[] bytes = bytes(answer);
        assertThat(GeneratedMembersCut.cutCounting(bytes, bytes.length, new byte[bytes.length])[1])
                .isEqualTo(4);
    }

    /** Generated members the parser refuses to step over, and those the cut leaves to the parser to judge. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"a\u0001b\"", // a control character
                "\"a\\xb\"", // an unknown escape
                "\"\\u12g4\"", // not hexadecimal
                "\"\\u12\"",
                "tru",
                "truex",
                "nul",
                "01",
                "1.",
                ".5",
                "-",
                "+1",
                "1e",
                "1e+",
                "NaN",
                "Infinity",
                "{\"a\":1,}", // trailing commas
                "[1,]",
                "{\"a\" 1}",
                "{a:1}",
                "{\"a\":1 \"b\":2}",
                "[1 2]",
                "[1}",
                "{\"a\":1]",
                "'a'",
                "\"unterminated",
                "{\"a\":[",
            })
    void aMalformedGeneratedMemberIsLeftToTheParser(String value) {
        assertNotCut("{\"hits\":[{\"objectID\":\"1\",\"_highlightResult\":" + value + "}]}");
        assertNotCut("{\"hits\":[{\"_highlightResult\":" + value + ",\"objectID\":\"1\"}]}");
    }

    @Test
    void malformedUtf8InAGeneratedMemberIsLeftToTheParser() {
        int[][] sequences = {
            {0x80}, // a continuation byte alone
            {0xC3}, // a lead byte alone
            {0xC0, 0x80}, // overlong
            {0xE0, 0x80, 0x80},
            {0xED, 0xA0, 0x80}, // a surrogate
            {0xF4, 0x90, 0x80, 0x80}, // past U+10FFFF
            {0xF8, 0x80, 0x80, 0x80},
            {0xFF},
            {0xE2, 0x82}, // cut short
        };
        for (int[] sequence : sequences) {
            byte[] head = bytes("{\"hits\":[{\"_highlightResult\":\"a");
            byte[] tail = bytes("b\"}]}");
            byte[] answer = new byte[head.length + sequence.length + tail.length];
            System.arraycopy(head, 0, answer, 0, head.length);
            for (int i = 0; i < sequence.length; i++) {
                answer[head.length + i] = (byte) sequence[i];
            }
            System.arraycopy(tail, 0, answer, head.length + sequence.length, tail.length);
            assertThat(GeneratedMembersCut.cut(answer, answer.length, new byte[answer.length]))
                    .as(Arrays.toString(sequence))
                    .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
        }
        assertThat(cut("{\"hits\":[{\"_highlightResult\":\"\u00e9\u20ac\ud83d\ude00\",\"a\":1}]}"))
                .isEqualTo("{\"hits\":[{\"a\":1}]}");
    }

    @Test
    void whatTheCutDoesNotCheckAsStrictlyAsTheParserIsLeftToIt() {
        String deep = "[".repeat(GeneratedMembersCut.MAX_DEPTH + 1) + "]".repeat(GeneratedMembersCut.MAX_DEPTH + 1);
        assertNotCut("{\"hits\":[{\"_rankingInfo\":" + deep + "}]}");
        String deepEnough = "[".repeat(GeneratedMembersCut.MAX_DEPTH) + "]".repeat(GeneratedMembersCut.MAX_DEPTH);
        assertThat(cut("{\"hits\":[{\"_rankingInfo\":" + deepEnough + "}]}")).isEqualTo("{\"hits\":[{}]}");
        assertNotCut("{\"hits\":[{\"_rankingInfo\":" + "1".repeat(GeneratedMembersCut.MAX_NUMBER + 1) + "}]}");
        String longName = "n".repeat(GeneratedMembersCut.MAX_NAME + 1);
        assertNotCut("{\"hits\":[{\"_rankingInfo\":{\"" + longName + "\":1}}]}");
        assertThat(cut("{\"hits\":[{\"_rankingInfo\":\"" + longName + "\"}]}")).isEqualTo("{\"hits\":[{}]}");
    }

    @Test
    void aHitThatIsNotJsonAroundACutIsLeftToTheParser() {
        assertNotCut("{\"hits\":[{\"_rankingInfo\":{},}]}"); // a comma before the closing brace
        assertNotCut("{\"hits\":[{\"a\":1 \"_rankingInfo\":{}}]}");
        assertNotCut("{\"hits\":[{\"_rankingInfo\":{} \"a\":1}]}");
        assertNotCut("{\"hits\":[{\"_rankingInfo\" {}}]}");
        assertNotCut("{\"hits\":[{\"a\":1\"b\",\"_rankingInfo\":{}}]}");
        assertNotCut("{\"hits\":[{\"_rankingInfo\":{}}],}");
        assertNotCut("{\"hits\":[{\"_rankingInfo\":{}}]");
    }

    private static void assertNotCut(String answer) {
        byte[] bytes = bytes(answer);
        assertThat(GeneratedMembersCut.cut(bytes, bytes.length, new byte[bytes.length]))
                .as(answer)
                .isEqualTo(GeneratedMembersCut.NOTHING_CUT);
    }

    private static String cut(String answer) {
        byte[] bytes = bytes(answer);
        byte[] copy = new byte[bytes.length];
        int length = GeneratedMembersCut.cut(bytes, bytes.length, copy);
        assertThat(length).as(answer).isNotEqualTo(GeneratedMembersCut.NOTHING_CUT);
        return new String(copy, 0, length, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
