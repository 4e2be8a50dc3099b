package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import org.junit.jupiter.api.Test;

/**
 * A multi-search's facet entry refuses the number of values the service refuses, as a facet value search does:
 * before, 500 went out and came back as the service's 400 for the whole multi-search.
 */
class IndexQueryTest {

    @Test
    void aFacetEntryAsksForOneToAHundredValues() {
        IndexQuery entry = IndexQuery.facet("products", "brand", "ac", SearchQuery.of());
        assertThat(entry.maxFacetHits(1).maxFacetHits()).isEqualTo(1);
        assertThat(entry.maxFacetHits(100).maxFacetHits()).isEqualTo(100);
        for (int refused : new int[] {0, -1, 101, 500, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> entry.maxFacetHits(refused))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessage("maxFacetHits must be 1 to 100, not " + refused);
            assertThatThrownBy(() -> new IndexQuery("products", SearchQuery.of(), "brand", null, refused))
                    .isInstanceOf(InvalidRequestException.class);
        }
    }
}
