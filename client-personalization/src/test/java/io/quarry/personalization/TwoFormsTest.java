package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the personalization client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.personalization");

        assertThat(handles).containsExactly(PersonalizationClient.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        assertThat(TwoForms.callCount(PersonalizationClient.class)).isEqualTo(4);
    }
}
