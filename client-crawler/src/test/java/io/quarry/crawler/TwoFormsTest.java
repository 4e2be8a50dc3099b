package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the crawler client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.crawler");

        assertThat(handles).containsExactlyInAnyOrder(CrawlerClient.class, CrawlerHandle.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        // the 13 endpoints, plus the lazy list and the waits
        assertThat(handles.stream().mapToLong(TwoForms::callCount).sum()).isGreaterThanOrEqualTo(17);
    }
}
