package io.quarry.answers;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the answers client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.answers");

        assertThat(handles).containsExactly(AnswersClient.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        assertThat(TwoForms.callCount(AnswersClient.class)).isEqualTo(1);
    }
}
