package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code api/baseline.properties} names the baseline in the form the gate and its cache read. */
class ApiBaselineFileTest {

    @Test
    void theBaselineFileNamesAVersionAndAFullCommitOrNone() {
        ApiBaseline baseline = ApiBaseline.named();

        assertThat(baseline.version()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(baseline.commit())
                .as("the baseline commit, as the full hash that keys .ci/api-baseline's cache")
                .matches("([0-9a-f]{40})?");
    }
}
