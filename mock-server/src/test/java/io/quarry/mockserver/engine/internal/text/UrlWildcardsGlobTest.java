package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.CountedText;
import io.quarry.mockserver.testing.GlobOracle;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Globs: classes, braces and backslashes, as a second reading that expands braces says, without expanding them.
 * {@code -Dquarry.globs.cases=N} tries more random cases, {@code -Dquarry.globs.seed=S} another seed.
 */
class UrlWildcardsGlobTest {

    private static final String[] PATTERN_PIECES = {
        "a",
        "b",
        "/",
        "*",
        "**",
        "?",
        "[",
        "]",
        "!",
        "^",
        "-",
        "{",
        "}",
        ",",
        "\\",
        "[a-b]",
        "[!a]",
        "{a,b}",
        "\u00e9",
        "\ud83d\ude00"
    };
    private static final String[] VALUE_PIECES = {
        "a", "b", "c", "/", "[", "]", "!", "-", "{", "}", ",", "\\", "*", "?", "\u00e9", "\ud83d\ude00"
    };

    @Test
    void agreesWithTheExpandedReadingOnRandomPatterns() {
        long seed = Long.getLong("quarry.globs.seed", 20261129L);
        Random random = new Random(seed);
        int cases = Integer.getInteger("quarry.globs.cases", 8_000);
        for (int i = 0; i < cases; i++) {
            String pattern = randomText(random, PATTERN_PIECES, 7);
            String value = randomText(random, VALUE_PIECES, 6);
            assertThat(UrlWildcards.glob(pattern).matches(value))
                    .as("seed %d, case %d: %s against %s", seed, i, pattern, value)
                    .isEqualTo(GlobOracle.matches(pattern, value));
        }
    }

    @Test
    void readsClasses() {
        assertThat(UrlWildcards.glob("/p[0-9][0-9]").matches("/p42")).isTrue();
        assertThat(UrlWildcards.glob("/p[0-9]").matches("/pa")).isFalse();
        assertThat(UrlWildcards.glob("/[abc]").matches("/b")).isTrue();
        assertThat(UrlWildcards.glob("/[!a]").matches("/b")).isTrue();
        assertThat(UrlWildcards.glob("/[^a]").matches("/a")).isFalse();
        assertThat(UrlWildcards.glob("/x[!a]y").matches("/x/y"))
                .as("a class never takes /")
                .isFalse();
        assertThat(UrlWildcards.glob("/[]a]").matches("/]"))
                .as("] first is a member")
                .isTrue();
        assertThat(UrlWildcards.glob("/[a-]").matches("/-"))
                .as("- last is a member")
                .isTrue();
        assertThat(UrlWildcards.glob("/[z-a]").matches("/m"))
                .as("a backwards range holds nothing")
                .isFalse();
        assertThat(UrlWildcards.glob("/[ab").matches("/[ab"))
                .as("an unclosed [ is itself")
                .isTrue();
    }

    @Test
    void readsBraces() {
        UrlWildcards docs = UrlWildcards.glob("https://a.com/{docs,blog/{en,fr}}/**");
        assertThat(docs.matches("https://a.com/docs/x")).isTrue();
        assertThat(docs.matches("https://a.com/blog/fr/x")).isTrue();
        assertThat(docs.matches("https://a.com/blog/de/x")).isFalse();
        assertThat(UrlWildcards.glob("/a{,.html}").matches("/a"))
                .as("an empty alternative")
                .isTrue();
        assertThat(UrlWildcards.glob("/{a}").matches("/{a}"))
                .as("no comma: text")
                .isTrue();
        assertThat(UrlWildcards.glob("/{a,b").matches("/{a,b"))
                .as("unclosed: text")
                .isTrue();
        assertThat(UrlWildcards.glob("/{a,b}}").matches("/a}")).isTrue();
    }

    @Test
    void readsBackslashesAsEscapes() {
        assertThat(UrlWildcards.glob("/a\\*").matches("/a*")).isTrue();
        assertThat(UrlWildcards.glob("/a\\*").matches("/ab")).isFalse();
        assertThat(UrlWildcards.glob("/\\{a,b}").matches("/{a,b}")).isTrue();
        assertThat(UrlWildcards.glob("/[\\]]").matches("/]")).isTrue();
        assertThat(UrlWildcards.glob("/a\\").matches("/a\\"))
                .as("a last backslash is itself")
                .isTrue();
    }

    /**
     * Guards against expansion and backtracking, which never end here: 200 brace groups stand for 2^200 patterns.
     * A hang guard: {@link #aPatternOfManyGroupsCostsItsLengthToReadAndItsPlacesToMatch} counts the work.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPatternOfManyGroupsIsDecidedInTimeItsLengthBounds() {
        String url = "a".repeat(1000);

        assertThat(UrlWildcards.glob("{a,*}".repeat(200) + "b").matches(url)).isFalse();
        assertThat(UrlWildcards.glob("{a,**,{a,[a-b]}}".repeat(40)).matches(url))
                .isTrue();
        assertThat(UrlWildcards.glob("[{".repeat(1000)).matches(url)).isFalse();
        assertThat(UrlWildcards.glob("{a,".repeat(1000)).matches(url)).isFalse();
        assertThat(UrlWildcards.glob("{".repeat(1000) + "a,".repeat(1000) + "}".repeat(1000))
                        .matches("{".repeat(999) + "}".repeat(999)))
                .as("the commas are the innermost pair's: the other braces are text")
                .isTrue();
    }

    /**
     * A pattern is read in a few passes over its characters (a thousand unclosed brackets and braces would cost a
     * scan each), and a match holds at most the pattern's places at each character of the value.
     */
    @Test
    void aPatternOfManyGroupsCostsItsLengthToReadAndItsPlacesToMatch() {
        String url = "a".repeat(1000);
        List<String> patterns = List.of(
                "{a,*}".repeat(200) + "b",
                "{a,**,{a,[a-b]}}".repeat(40),
                "[{".repeat(1000),
                "{a,".repeat(1000),
                "[a".repeat(1000) + "]",
                "**" + "a".repeat(2045) + "b");
        for (String pattern : patterns) {
            String shown = pattern.substring(0, 16) + "... (" + pattern.length() + " characters)";
            CountedText read = new CountedText(pattern);
            GlobTokens.glob(read);
            long[] held = {0};
            UrlWildcards.glob(pattern).matches(url, held);

            assertThat(read.reads()).as("characters read of %s", shown).isLessThanOrEqualTo(5L * pattern.length());
            assertThat(held[0])
                    .as("places held matching %s", shown)
                    .isLessThanOrEqualTo((long) url.length() * (pattern.length() + 1));
        }
    }

    private static String randomText(Random random, String[] pieces, int maxPieces) {
        StringBuilder text = new StringBuilder();
        int count = random.nextInt(maxPieces + 1);
        for (int i = 0; i < count; i++) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }
}
