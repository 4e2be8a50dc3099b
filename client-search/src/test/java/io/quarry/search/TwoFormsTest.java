package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.TwoForms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public handle of the search client offers each call blocking and async, and options through a view. */
class TwoFormsTest {

    @Test
    void everyHandleHasTwoFormsPerCallAndAWithOptionsView() {
        List<Class<?>> handles = TwoForms.handlesIn("io.quarry.search");

        assertThat(handles)
                .contains(
                        SearchClient.class,
                        SearchIndex.class,
                        IndexRules.class,
                        IndexSynonyms.class,
                        IndexConfigObjects.class,
                        KeyManagement.class,
                        ApiKeys.class,
                        IndexApiKeys.class,
                        Dictionaries.class,
                        Clusters.class);
        assertThat(handles).flatMap(TwoForms::problems).isEmpty();
        // every endpoint of the search API, plus the helpers (waits, chunked writes, browsing, exists, copies)
        assertThat(handles.stream()
                        .filter(h -> !h.isSealed())
                        .mapToLong(TwoForms::callCount)
                        .sum())
                .isGreaterThanOrEqualTo(61);
    }
}
