package io.quarry.analytics.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.RecordCollections;
import org.junit.jupiter.api.Test;

/** This module's public records keep their lists as their own unmodifiable copies (a click bucket's range too). */
class RecordCollectionsTest {

    @Test
    void noRecordOfTheModuleSharesACollectionWithItsCaller() {
        assertThat(RecordCollections.problemsIn("io.quarry.analytics", "io.quarry.analytics.model"))
                .isEmpty();
    }
}
