package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import org.junit.jupiter.api.Test;

/**
 * A facet value search is a value: the facet alone by default, every other member left to the service, built alike
 * equal and shown with what it holds; a search the service would refuse (no facet, a number of values outside 1 to
 * 100) is refused before anything is sent.
 */
class FacetValuesQueryTest {

    @Test
    void theFacetAloneLeavesEveryOtherMemberToTheService() {
        assertThat(FacetValuesQuery.of("brand")).isEqualTo(new FacetValuesQuery("brand", null, null, null));
        assertThat(FacetValuesQuery.of("brand")
                        .facetQuery("ac")
                        .query(SearchQuery.of("phone"))
                        .maxFacetHits(5))
                .isEqualTo(new FacetValuesQuery("brand", "ac", SearchQuery.of("phone"), 5))
                .hasSameHashCodeAs(new FacetValuesQuery("brand", "ac", SearchQuery.of("phone"), 5))
                .isNotEqualTo(new FacetValuesQuery("brand", "ac", SearchQuery.of("tv"), 5));
        assertThat(FacetValuesQuery.of("brand")
                        .facetQuery("ac")
                        .query(SearchQuery.of("phone"))
                        .facetQuery(null)
                        .query(null))
                .as("a wither given null leaves its member to the service again")
                .isEqualTo(FacetValuesQuery.of("brand"));
    }

    @Test
    void itShowsWhatItHolds() {
        assertThat(FacetValuesQuery.of("brand")
                        .facetQuery("ac")
                        .query(SearchQuery.of().filters("price < 10"))
                        .maxFacetHits(5)
                        .toString())
                .contains("brand", "ac", "price < 10", "5");
    }

    @Test
    void aSearchWithoutAFacetIsRefusedNamingIt() {
        assertThatThrownBy(() -> FacetValuesQuery.of(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("facet");
        assertThatThrownBy(() -> new FacetValuesQuery(null, "ac", null, 5))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("facet");
        assertThatThrownBy(() -> FacetValuesQuery.of(""))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("facet");
    }

    @Test
    void aNumberOfValuesTheServiceRefusesIsRefusedNamingTheMember() {
        FacetValuesQuery brand = FacetValuesQuery.of("brand");
        assertThat(brand.maxFacetHits(1).maxFacetHits()).isEqualTo(1);
        assertThat(brand.maxFacetHits(100).maxFacetHits()).isEqualTo(100);
        for (int refused : new int[] {0, -1, 101, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> brand.maxFacetHits(refused))
                    .as("maxFacetHits %d", refused)
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("maxFacetHits")
                    .hasMessageContaining(String.valueOf(refused));
            assertThatThrownBy(() -> new FacetValuesQuery("brand", null, null, refused))
                    .isInstanceOf(InvalidRequestException.class);
        }
    }
}
