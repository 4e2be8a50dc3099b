package io.quarry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The usage client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.usage");

        assertThat(handles).containsExactly(UsageClient.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        assertThat(TwoForms.callCount(UsageClient.class)).isEqualTo(2);
    }
}
