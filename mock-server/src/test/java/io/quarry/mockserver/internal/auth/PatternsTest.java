package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Wildcard patterns of index restrictions and referers. */
class PatternsTest {

    @Test
    void starMatchesAnyRun() {
        assertThat(Patterns.matches("prod_*", "prod_items")).isTrue();
        assertThat(Patterns.matches("prod_*", "prod_")).isTrue();
        assertThat(Patterns.matches("prod_*", "dev_items")).isFalse();
        assertThat(Patterns.matches("*_items", "prod_items")).isTrue();
        assertThat(Patterns.matches("*.example.com/*", "https://shop.example.com/cart"))
                .isTrue();
        assertThat(Patterns.matches("*.example.com/*", "https://example.org/")).isFalse();
        assertThat(Patterns.matches("a*a", "a")).as("the parts may not overlap").isFalse();
        assertThat(Patterns.matches("exact", "exact")).isTrue();
        assertThat(Patterns.matches("exact", "exactly")).isFalse();
    }

    @Test
    void emptyOrBlankListsAllowEverything() {
        assertThat(Patterns.anyMatches(List.of(), "x")).isTrue();
        assertThat(Patterns.anyMatches(List.of(" "), "x")).isTrue();
        assertThat(Patterns.anyMatches(List.of("a", "b*"), "bc")).isTrue();
        assertThat(Patterns.anyMatches(List.of("a", "b*"), "c")).isFalse();
    }

    /** A part that almost occurs everywhere: trying it at each place would cost the product of the lengths. */
    @Test
    @Timeout(value = 5, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void longValuesAndPartsTakeLinearTime() {
        String value = "a".repeat(200_000);
        String nearMiss = "*" + "a".repeat(100_000) + "b*";
        assertThat(Patterns.matches(nearMiss, value)).isFalse();
        assertThat(Patterns.matches("*" + "a".repeat(100_000) + "*", value)).isTrue();
        assertThat(Patterns.anyMatches(Collections.nCopies(20, nearMiss), value))
                .isFalse();
    }
}
