package io.quarry.querysuggestions;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the query-suggestions client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.querysuggestions");

        assertThat(handles).contains(QuerySuggestionsClient.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        // seven endpoints and three forms of waitForBuild
        assertThat(handles.stream().mapToLong(TwoForms::callCount).sum()).isEqualTo(10);
    }
}
