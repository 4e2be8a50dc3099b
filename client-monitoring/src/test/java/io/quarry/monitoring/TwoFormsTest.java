package io.quarry.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The monitoring client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.monitoring");

        assertThat(handles).containsExactly(MonitoringClient.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        // one call per endpoint (12), plus the cluster health report from a list or a supplier
        assertThat(TwoForms.callCount(MonitoringClient.class)).isEqualTo(14);
    }
}
