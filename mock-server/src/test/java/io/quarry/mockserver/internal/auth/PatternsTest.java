package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.CountedText;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Wildcard patterns of index restrictions and referers. The hang guard only stops a match that never ends. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
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
    void longValuesAndPartsAreReadOncePerPattern() {
        String value = "a".repeat(20_000);
        String nearMiss = "*" + "a".repeat(10_000) + "b*";
        CountedText missed = new CountedText(value);
        CountedText matched = new CountedText(value);
        CountedText missedByAll = new CountedText(value);

        assertThat(Patterns.matches(nearMiss, missed)).isFalse();
        assertThat(Patterns.matches("*" + "a".repeat(10_000) + "*", matched)).isTrue();
        assertThat(Patterns.anyMatches(Collections.nCopies(20, nearMiss), missedByAll))
                .isFalse();
        // trying the part at every place reads the value again for each: 100 million reads for one pattern here
        assertThat(missed.reads()).as("characters read").isLessThanOrEqualTo(2L * value.length());
        assertThat(matched.reads()).as("characters read").isLessThanOrEqualTo(2L * value.length());
        assertThat(missedByAll.reads()).as("characters read").isLessThanOrEqualTo(20 * 2L * value.length());
    }
}
