package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.auth.KeyLength;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The journal keeps no start of a word its cut falls in, in a body, a path or its query: the console masks the
 * application's keys whole, so a key the cut left half of, written plain or escaped, would show its start there.
 */
class WordCutTest {

    private static final String KEY = "21b132232e99f6d6d76d745cf042f20c";
    private static final String OPENING = "{\"query\":\"";

    private final AnswerJournal journal = new AnswerJournal(Clock.systemUTC(), null);

    @Test
    void aKeyTheCutFallsInIsLeftOutWholeWhateverItsEscapes() {
        String[] forms = {KEY, escaped(KEY, "%%%02X"), escaped(KEY, "\\u%04x"), KEY.substring(0, 9) + "%2d" + KEY};
        for (String form : forms) {
            for (int kept = 1; kept < form.length(); kept++) {
                String before = OPENING + "x".repeat(AnswerJournal.BODY_CHARS - OPENING.length() - kept - 1) + " ";
                String body = before + form + " red\"}";

                String start = recorded(body);

                assertThat(start)
                        .as("%s, %d characters of it before the cut", form, kept)
                        .isEqualTo(before);
            }
        }
    }

    @Test
    void aWordEndingAtTheCutOrLongerThanAKeyIsKeptToTheCut() {
        String ending =
                OPENING + "x".repeat(AnswerJournal.BODY_CHARS - OPENING.length() - KEY.length() - 1) + " " + KEY;
        assertThat(recorded(ending + "\"}")).as("a word ending at the cut").isEqualTo(ending);
        String longWord = OPENING
                + "y".repeat(WordCut.LONGEST_BODY_WORD + 1)
                + KEY.repeat(AnswerJournal.BODY_CHARS / KEY.length());
        assertThat(recorded(longWord))
                .as("a word longer than a key can be written")
                .hasSize(AnswerJournal.BODY_CHARS);
        String shortBody = OPENING + KEY + "\"}";
        assertThat(recorded(shortBody)).as("a body within the bound").isEqualTo(shortBody);
    }

    @Test
    void aKeyThePathOrQueryCutFallsInIsLeftOutWhole() {
        String path = "/1/indexes/" + "p".repeat(300) + "/query";
        for (String form : new String[] {KEY, escaped(KEY, "%%%02x")}) {
            for (int kept = 1; kept < form.length(); kept++) {
                String before = "a=" + "q".repeat(AnswerJournal.PATH_CHARS - path.length() - 1 - 2 - 3 - kept) + "&b=";
                journal.written(
                        new Request("GET", path, before + form + "&c=d", Map.of(), new byte[0]),
                        null,
                        200,
                        new byte[0],
                        null,
                        0,
                        1);
                JournaledAnswer answer = journal.newestFirst(entry -> true, 1).get(0);

                assertThat(answer.rawQuery())
                        .as("%s, %d characters of it kept", form, kept)
                        .isEqualTo(before);
                assertThat(answer.pathCut()).isTrue();
            }
        }
        journal.written(new Request("GET", path, "a=b", Map.of(), new byte[0]), null, 200, new byte[0], null, 0, 1);
        assertThat(journal.newestFirst(entry -> true, 1).get(0).pathCut()).isFalse();
    }

    @Test
    void aBodyOfARouteCarryingKeysIsCutBeforeAWordToo() {
        Route keys = new Route("POST", "/1/keys", Access.ADMIN, Set.of(), Operation.ADD_API_KEY, Work.WRITE, r -> null);
        String before = "{\"description\":\"" + "x".repeat(AnswerJournal.BODY_CHARS - 20) + " ";
        byte[] body = (before + KEY + "\",\"value\":\"" + KEY + "\"}").getBytes(StandardCharsets.UTF_8);

        journal.written(new Request("POST", "/1/keys", null, Map.of(), body), keys, 200, body, null, 0, 1);

        assertThat(new String(journal.newestFirst(entry -> true, 1).get(0).requestStart(), StandardCharsets.UTF_8))
                .isEqualTo(before);
    }

    @Test
    void aKeyOfTheLongestLengthAUserMaySetIsLeftOutWholeAtEachCutInItsLongestEscapes() {
        // three UTF-8 bytes a character, each percent-encoded: the longest one layer of escapes writes a key
        String percent = utf8Escaped("\u20ac".repeat(KeyLength.MAX_CHARS));
        // ASCII percent-encoded, then JSON-escaped: a URL's escapes in a JSON string
        String twice = escaped(utf8Escaped("a".repeat(KeyLength.MAX_CHARS)), "\\u%04x");
        for (String form : new String[] {percent, twice}) {
            for (int kept = 1; kept < form.length(); kept++) {
                String before = OPENING + "x".repeat(AnswerJournal.BODY_CHARS - OPENING.length() - kept - 1) + " ";
                assertThat(recorded(before + form + " red\"}"))
                        .as("a body, %d of %d characters before the cut", kept, form.length())
                        .isEqualTo(before);
            }
        }
        String path = "/1/indexes/i/query";
        for (int kept = 1; kept < percent.length(); kept++) {
            String query = "a=" + "q".repeat(AnswerJournal.PATH_CHARS - path.length() - 1 - 2 - 3 - kept) + "&b=";
            journal.written(
                    new Request("GET", path, query + percent + "&c=d", Map.of(), new byte[0]),
                    null,
                    200,
                    new byte[0],
                    null,
                    0,
                    1);
            assertThat(journal.newestFirst(entry -> true, 1).get(0).rawQuery())
                    .as("a query, %d characters of the key kept", kept)
                    .isEqualTo(query);
            String segments = "/" + "p".repeat(AnswerJournal.PATH_CHARS - 2 - kept) + "/";
            journal.written(
                    new Request("GET", segments + percent + "/query", null, Map.of(), new byte[0]),
                    null,
                    200,
                    new byte[0],
                    null,
                    0,
                    1);
            assertThat(journal.newestFirst(entry -> true, 1).get(0).rawPath())
                    .as("a path, %d characters of the key kept", kept)
                    .isEqualTo(segments);
        }
    }

    /** {@return each UTF-8 byte of the text percent-encoded, as {@code %E2%82%AC} for the euro sign} */
    private static String utf8Escaped(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("%%%02X", b & 0xff));
        }
        return out.toString();
    }

    /** {@return the start of the request body the journal kept, as text} */
    private String recorded(String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        journal.written(new Request("POST", "/1/indexes/a/query", null, Map.of(), bytes), null, 200, bytes, null, 0, 1);
        JournaledAnswer answer = journal.newestFirst(entry -> true, 1).get(0);
        assertThat(answer.responseStart()).as("the answer's body, cut alike").isEqualTo(answer.requestStart());
        return new String(answer.requestStart(), StandardCharsets.UTF_8);
    }

    /** {@return each character of the text in the format, as {@code %%%02X} makes {@code %41} of {@code A}} */
    private static String escaped(String text, String format) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            out.append(String.format(format, (int) c));
        }
        return out.toString();
    }
}
