package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * Saving one synonym, rule or setting costs what it changes: each save copied the index's whole configuration (every
 * setting, synonym and rule, twice), so saving n of them one at a time copied n²/2 entries. The entries and references
 * copied are counted, not timed; a configuration read before a save stays as it was.
 */
class ConfigSaveCostTest {

    private static final int SAVES = 4_000;

    /** Per save: a few arrays of 32 references on the paths of two shallow tries, and the saved entry itself. */
    private static final long PER_SAVE = 400;

    private final IndexState index = new IndexState("costs", 0, () -> Interleaving.NONE, new RecordBudget(1L << 30));

    private static ObjectNode synonym(int i) {
        ObjectNode synonym = Json.object().put("objectID", "s" + i).put("type", "synonym");
        synonym.putArray("synonyms").add("a" + i).add("b" + i);
        return synonym;
    }

    private static ObjectNode rule(int i) {
        ObjectNode rule = Json.object().put("objectID", "r" + i);
        rule.putObject("consequence").putObject("params").put("filters", "brand:b" + i);
        return rule;
    }

    @Test
    void savingSynonymsOneAtATimeCopiesWhatEachSaveChanges() {
        for (int i = 0; i < SAVES; i++) {
            index.saveSynonym(synonym(i));
        }
        assertThat(index.copiedEntries()).isLessThan(PER_SAVE * SAVES);
        assertThat(index.config().synonyms()).hasSize(SAVES);
        assertThat(index.config().synonyms().get(SAVES - 1)).isEqualTo(synonym(SAVES - 1));
    }

    @Test
    void savingRulesOneAtATimeCopiesWhatEachSaveChanges() {
        for (int i = 0; i < SAVES; i++) {
            index.saveRules(List.of(rule(i)), false);
        }
        assertThat(index.copiedEntries()).isLessThan(PER_SAVE * SAVES);
        assertThat(index.config().rules()).hasSize(SAVES);
    }

    @Test
    void savingSettingsOneAtATimeCopiesWhatEachSaveChanges() {
        for (int i = 0; i < SAVES; i++) {
            index.mergeSettings(Json.object().put("custom" + i, i));
        }
        assertThat(index.copiedEntries()).isLessThan(PER_SAVE * SAVES);
        assertThat(index.config().settings().size()).isEqualTo(SAVES);
        assertThat(index.config().settings().get("custom17").asInt()).isEqualTo(17);
    }

    @Test
    void aConfigurationReadBeforeSavesStaysAsItWas() {
        index.mergeSettings(Json.object().put("hitsPerPage", 5));
        index.saveSynonym(synonym(1));
        index.saveRules(List.of(rule(1)), false);
        IndexConfig before = index.config();

        index.mergeSettings(Json.object().put("hitsPerPage", 7).put("other", 1));
        index.saveSynonym(synonym(2));
        index.deleteSynonym("s1");
        index.saveRules(List.of(rule(2)), true);

        assertThat(before.settings().get("hitsPerPage").asInt()).isEqualTo(5);
        assertThat(before.settings().has("other")).isFalse();
        assertThat(before.synonyms()).containsExactly(synonym(1));
        assertThat(before.rules()).containsExactly(rule(1));
        IndexConfig after = index.config();
        assertThat(after.settings().get("hitsPerPage").asInt()).isEqualTo(7);
        assertThat(after.synonyms()).containsExactly(synonym(2));
        assertThat(after.rules()).containsExactly(rule(2));
    }
}
