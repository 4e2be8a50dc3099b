package io.quarry.mockserver.internal.products.suggestions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Exclude entries and suggestions as long and as many as a configuration and a build take: entries are prepared
 * once, so each check of a suggestion costs time linear in the two texts, and the largest lists cannot hold a build
 * for minutes.
 */
class ExcludeRulesCostTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness only: split again for each check, this took about 20 s
    void aPatternOfManyStarsIsSplitOnce() {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            entries.add("*q".repeat(250) + "z" + i);
        }
        ExcludeRules rules = new ExcludeRules(entries);

        for (int i = 0; i < 1000; i++) {
            String suggestion = ("q" + i + " ").repeat(40).trim();
            assertThat(rules.excluding(suggestion)).as(suggestion).isNull();
        }
        assertThat(rules.excluding("q".repeat(250) + "z7")).isEqualTo("*q".repeat(250) + "z7");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness only
    void piecesAndPhrasesThatAlmostMatchEverywhereCostOnePassEach() {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            entries.add("*" + "a".repeat(250) + "b*");
            entries.add("a ".repeat(120) + "b");
        }
        ExcludeRules rules = new ExcludeRules(entries);

        for (int i = 0; i < 100; i++) {
            assertThat(rules.excluding("a".repeat(511))).isNull();
            assertThat(rules.excluding("a ".repeat(255).trim())).isNull();
        }
        assertThat(rules.excluding("a".repeat(300) + "b")).isEqualTo("*" + "a".repeat(250) + "b*");
        assertThat(rules.excluding("a ".repeat(200) + "b")).isEqualTo("a ".repeat(120) + "b");
    }
}
