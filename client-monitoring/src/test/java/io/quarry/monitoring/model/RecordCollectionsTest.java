package io.quarry.monitoring.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.testsupport.RecordCollections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** This module's public records keep their lists and maps, and the maps inside them, as unmodifiable copies. */
class RecordCollectionsTest {

    @Test
    void noRecordOfTheModuleSharesACollectionWithItsCaller() {
        assertThat(RecordCollections.problemsIn("io.quarry.monitoring", "io.quarry.monitoring.model"))
                .isEmpty();
    }

    @Test
    void aServersProbesCannotBeChangedThroughTheAnswer() {
        Map<String, Boolean> probes = new HashMap<>();
        probes.put("eu", true);
        probes.put("us", null);
        Reachability reachability = new Reachability(Map.of("c1", probes));

        probes.put("us", true);

        assertThat(reachability.reachableFromEveryProbe("c1")).isFalse();
        assertThat(reachability.forServer("c1")).containsEntry("us", null);
        assertThatThrownBy(() -> reachability.forServer("c1").put("us", true))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
