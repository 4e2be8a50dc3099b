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
    void pathDepthCountsSegments() {
        assertThat(SiteCrawl.depth("https://a.com")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/")).isEqualTo(1);
        assertThat(SiteCrawl.depth("https://a.com/docs/a")).isEqualTo(2);
    }
}
