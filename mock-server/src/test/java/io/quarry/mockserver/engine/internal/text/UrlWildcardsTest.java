package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Wildcard patterns over URLs: what the plain regular expression says, without its backtracking. */
class UrlWildcardsTest {

    private static final String[] PIECES = {"a", "b", "/", "*", "**", "?", "\u00e9", "\ud83d\ude00", "."};

    @Test
    void agreesWithTheRegularExpressionItStandsForOnRandomPatterns() {
        long seed = 20261129L;
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            String pattern = randomText(random, 7);
            String value = randomText(random, 9).replace("*", "").replace("?", "");
            assertThat(UrlWildcards.glob(pattern).matches(value))
                    .as("seed %d, case %d: %s against %s", seed, i, pattern, value)
                    .isEqualTo(asRegex(pattern).matcher(value).matches());
        }
    }

    /** Guards against backtracking: as a regular expression, this pattern against this URL ran for hours. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: any bound catches hours
    void aPatternOfManyWildcardsIsDecidedWithoutBacktracking() {
        String url = "https://a.com/" + "a".repeat(1500);

        assertThat(UrlWildcards.of("**a".repeat(40) + "b").matches(url)).isFalse();
        assertThat(UrlWildcards.of("https://a.com/" + "*a".repeat(40) + "*").matches(url))
                .isTrue();
    }

    /** The fixed text a pattern opens with is compared first; what it decides must be what the places decide. */
    @Test
    void theTextAPatternOpensWithDecidesAsItsPlacesWould() {
        assertThat(UrlWildcards.glob("https://a.com/docs").matches("https://a.com/docs"))
                .isTrue();
        assertThat(UrlWildcards.glob("https://a.com/docs").matches("https://a.com/docs/"))
                .isFalse();
        assertThat(UrlWildcards.glob("https://a.com/docs").matches("https://a.com/doc"))
                .isFalse();
        assertThat(UrlWildcards.glob("https://a.com/**").matches("https://a.com/"))
                .isTrue();
        assertThat(UrlWildcards.glob("\\*x*").matches("*xy")).isTrue();
        assertThat(UrlWildcards.glob("\ud83d*").matches("\ud83d\ude00"))
                .as("the value's character is the whole pair, not the lone half the pattern opens with")
                .isFalse();
        assertThat(UrlWildcards.glob("\ud83d*").matches("\ud83dx")).isTrue();
    }

    @Test
    void onlyAGlobReadsQuestionMarksBracketsBracesAndBackslashes() {
        assertThat(UrlWildcards.glob("/a?c").matches("/abc")).isTrue();
        assertThat(UrlWildcards.of("/a?c").matches("/abc")).isFalse();
        assertThat(UrlWildcards.of("/a?c").matches("/a?c")).isTrue();
        assertThat(UrlWildcards.of("/{a,b}/[x]/\\*").matches("/{a,b}/[x]/\\x")).isTrue();
        assertThat(UrlWildcards.of("/{a,b}").matches("/a")).isFalse();
    }

    private static String randomText(Random random, int maxPieces) {
        StringBuilder text = new StringBuilder();
        int pieces = random.nextInt(maxPieces + 1);
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }

    /** The plain reading: {@code **} as {@code .*}, {@code *} as {@code [^/]*}, {@code ?} as {@code [^/]}. */
    private static Pattern asRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); ) {
            int c = glob.codePointAt(i);
            i += Character.charCount(c);
            if (c == '*' && i < glob.length() && glob.charAt(i) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(Character.toString(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
