package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchQueryTest {

    @Test
    void isImmutableAndFluent() {
        SearchQuery base = SearchQuery.of("phone");
        SearchQuery refined = base.hitsPerPage(10).filters("brand:Apple");

        assertThat(base.params()).containsOnlyKeys("query");
        assertThat(refined.params())
                .containsEntry("query", "phone")
                .containsEntry("hitsPerPage", 10)
                .containsEntry("filters", "brand:Apple");
        assertThat(refined.filters(null).params()).doesNotContainKey("filters");
    }

    @Test
    void encodesAsAParamStringWithPercent20AndJsonLists() {
        SearchQuery query = SearchQuery.of("red shoes & co")
                .facetFilters(List.of("brand:Acme", List.of("color:red", "color:blue")))
                .getRankingInfo(true)
                .param("custom", "é");

        assertThat(query.toParamString())
                .isEqualTo("query=red%20shoes%20%26%20co"
                        + "&facetFilters=%5B%22brand%3AAcme%22%2C%5B%22color%3Ared%22%2C%22color%3Ablue%22%5D%5D"
                        + "&getRankingInfo=true&custom=%C3%A9");
    }

    @Test
    void settingsKeepOnlyWhatWasSet() {
        IndexSettings settings = IndexSettings.of()
                .searchableAttributes("name", "brand")
                .hitsPerPage(5)
                .setting("customThing", true);

        assertThat(settings.values()).containsOnlyKeys("searchableAttributes", "hitsPerPage", "customThing");
        assertThat(settings.getStrings("searchableAttributes")).containsExactly("name", "brand");
    }

    @Test
    void aFilterListIsCopiedWithItsGroupsAndANullInItIsNamed() {
        List<String> group = new ArrayList<>(List.of("brand:Acme", "brand:Zeta"));
        SearchQuery query = SearchQuery.of().facetFilters(List.of("color:red", group));

        group.clear();

        assertThat(query.params())
                .containsEntry("facetFilters", List.of("color:red", List.of("brand:Acme", "brand:Zeta")));
        assertThatThrownBy(() -> SearchQuery.of().facetFilters((List<?>) null)).hasMessage("facetFilters");
        assertThatThrownBy(() -> SearchQuery.of().numericFilters(Arrays.asList("price>1", Arrays.asList("a>1", null))))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("numericFilters[1][1]");
        assertThatThrownBy(() -> SearchQuery.of().facets("brand", null)).hasMessage("facets[1]");
    }
}
