package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the insights client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.insights");
        assertThat(handles).containsExactlyInAnyOrder(InsightsClient.class, InsightsUser.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        assertThat(handles.stream().mapToLong(TwoForms::callCount).sum()).isGreaterThanOrEqualTo(9);
    }
}
