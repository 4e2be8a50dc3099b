package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** URL patterns: {@code **} crosses slashes, {@code *} does not, a leading {@code !} negates. */
class GlobTest {

    @Test
    void refusesAPatternLongerThanAnyUrl() {
        assertThat(Glob.of("a".repeat(Glob.MAX_LENGTH)).matches("a".repeat(Glob.MAX_LENGTH)))
                .isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> Glob.of("a".repeat(Glob.MAX_LENGTH + 1)));
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
    void theLastPatternThatMatchesDecides() {
        List<Glob> patterns = List.of(Glob.of("a/**"), Glob.of("!a/b/**"), Glob.of("a/b/c"));
        assertThat(Glob.matchesList(patterns, "a/b/c")).as("selected again").isTrue();
        assertThat(Glob.matchesList(patterns, "a/b/d")).isFalse();
        assertThat(Glob.matchesList(patterns, "z"))
                .as("no plain pattern matches")
                .isFalse();
        assertThat(Glob.matchesList(List.of(Glob.of("!!a")), "a"))
                .as("!! negates twice")
                .isTrue();
        assertThat(Glob.matchesList(List.of(Glob.of("!!a")), "b")).isFalse();
    }

    @Test
    void exclusionsTakeNothingWhenEmptyAndEverythingButTheExceptionsWhenOnlyNegated() {
        assertThat(Glob.excludes(List.of(), "a")).isFalse();
        assertThat(Glob.excludes(List.of(Glob.of("!a/**")), "a/b")).isFalse();
        assertThat(Glob.excludes(List.of(Glob.of("!a/**")), "b")).isTrue();
        assertThat(Glob.excludes(List.of(Glob.of("a/**"), Glob.of("!a/keep")), "a/keep"))
                .isFalse();
        assertThat(Glob.excludes(List.of(Glob.of("a/**"), Glob.of("!a/keep")), "a/drop"))
                .isTrue();
    }

    @Test
    void pathDepthCountsSegments() {
        assertThat(SiteCrawl.depth("https://a.com")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/a")).isEqualTo(2);
    }
}
