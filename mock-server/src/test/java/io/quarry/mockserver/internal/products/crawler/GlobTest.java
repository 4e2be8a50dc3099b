package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** URL patterns: {@code **} crosses slashes, {@code *} does not, a leading {@code !} negates. */
class GlobTest {

    private static final String[] PIECES = {"a", "b", "/", "*", "**", "?", "\u00e9", "\ud83d\ude00", "."};

    @Test
    void agreesWithTheRegularExpressionItStandsForOnRandomPatterns() {
        long seed = 20261129L;
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            String pattern = randomText(random, 7);
            String value = randomText(random, 9).replace("*", "").replace("?", "");
            assertThat(Glob.of(pattern).matches(value))
                    .as("seed %d, case %d: %s against %s", seed, i, pattern, value)
                    .isEqualTo(asRegex(pattern).matcher(value).matches());
        }
    }

    /** Guards against backtracking: as a regular expression, this pattern against this URL ran for hours. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aPatternOfManyWildcardsIsDecidedWithoutBacktracking() {
        String url = "https://a.com/" + "a".repeat(1500);

        assertThat(Glob.of("**a".repeat(40) + "b").matches(url)).isFalse();
        assertThat(Glob.of("https://a.com/" + "*a".repeat(40) + "*").matches(url))
                .isTrue();
    }

    @Test
    void refusesAPatternLongerThanAnyUrl() {
        assertThat(Glob.of("a".repeat(Glob.MAX_LENGTH)).matches("a".repeat(Glob.MAX_LENGTH)))
                .isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> Glob.of("a".repeat(Glob.MAX_LENGTH + 1)));
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

    @Test
    void doubleStarCrossesSlashesAndStarDoesNot() {
        assertThat(Glob.of("https://a.com/docs/**").matches("https://a.com/docs/x/y?z=1"))
                .isTrue();
        assertThat(Glob.of("https://a.com/docs/*").matches("https://a.com/docs/x"))
                .isTrue();
        assertThat(Glob.of("https://a.com/docs/*").matches("https://a.com/docs/x/y"))
                .isFalse();
        assertThat(Glob.of("https://a.com/docs/?").matches("https://a.com/docs/x"))
                .isTrue();
        assertThat(Glob.of("https://a.com/a.b").matches("https://a.com/aXb")).isFalse();
    }

    @Test
    void negatedPatternsExclude() {
        List<Glob> patterns = List.of(Glob.of("https://a.com/**"), Glob.of("!https://a.com/private/**"));
        assertThat(Glob.matchesList(patterns, "https://a.com/docs/x")).isTrue();
        assertThat(Glob.matchesList(patterns, "https://a.com/private/x")).isFalse();
        assertThat(Glob.matchesList(List.of(Glob.of("!https://a.com/private/**")), "https://a.com/x"))
                .isTrue();
        assertThat(Glob.matchesList(List.of(), "https://a.com/x")).isTrue();
    }

    @Test
    void pathDepthCountsSegments() {
        assertThat(SiteCrawl.depth("https://a.com")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/a")).isEqualTo(2);
    }
}
