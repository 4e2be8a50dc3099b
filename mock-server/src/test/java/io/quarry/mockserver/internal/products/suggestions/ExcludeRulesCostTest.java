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
 * for minutes. That an entry is prepared once is counted; that a check reads each text a bounded number of times is
 * {@code TextSearch}'s, so the timeout here only guards against a hang.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExcludeRulesCostTest {

    @Test
    void aPatternOfManyStarsIsSplitOnce() {
        List<String> entries = new ArrayList<>();
        long length = 0;
        for (int i = 0; i < 1000; i++) {
            entries.add("*q".repeat(250) + "z" + i);
            length += entries.get(i).length();
        }
        ExcludeRules rules = new ExcludeRules(entries);

        for (int i = 0; i < 1000; i++) {
            String suggestion = ("q" + i + " ").repeat(40).trim();
            assertThat(rules.excluding(suggestion)).as(suggestion).isNull();
        }
        assertThat(rules.excluding("q".repeat(250) + "z7")).isEqualTo("*q".repeat(250) + "z7");
        // split again for each check, a million checks prepared half a billion characters (about 20 s)
        assertThat(rules.preparedCharacters()).isEqualTo(length);
    }

    @Test
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
