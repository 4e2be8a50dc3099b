package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A search answer's facets, facet statistics, user data and applied rules cannot be changed by who reads them. */
class SearchResponseCollectionsTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @Test
    void theCollectionsOfAnAnswerAreUnmodifiable() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/query"))
                .willReturn(okJson("{\"hits\":[],\"nbHits\":0,\"facets\":{\"brand\":{\"Apple\":2}},"
                        + "\"facets_stats\":{\"price\":{\"min\":1,\"max\":2,\"avg\":1.5,\"sum\":3}},"
                        + "\"userData\":[\"banner\"],\"appliedRules\":[{\"objectID\":\"r1\"}]}")));

        SearchResponse<FreeFormRecord> page =
                client.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);

        assertThatThrownBy(() -> page.facets().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> page.facets().get("brand").put("Apple", 0L))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> page.facetsStats().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> page.userData().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> page.appliedRules().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(page.facets()).isEqualTo(Map.of("brand", Map.of("Apple", 2L)));
        assertThat(page.userData()).containsExactly("banner");
    }

    @Test
    void theUserDataOfAnAnswerIsUnmodifiableAllTheWayDown() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/query"))
                .willReturn(
                        okJson("{\"hits\":[],\"nbHits\":0," + "\"userData\":[{\"banner\":{\"tags\":[\"sale\"]}}]}")));

        SearchResponse<FreeFormRecord> page =
                client.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);
        Map<?, ?> data = (Map<?, ?>) page.userData().get(0);
        Map<?, ?> banner = (Map<?, ?>) data.get("banner");

        assertThatThrownBy(data::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(banner::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((List<?>) banner.get("tags")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(page.userData()).containsExactly(Map.of("banner", Map.of("tags", List.of("sale"))));
    }
}
