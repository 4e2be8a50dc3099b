package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The typed search parameters against a strict mock server, which answers 400 to any parameter name it does not
 * know: every name the SDK sends must be one the service accepts.
 */
@ExtendWith(MockServerExtension.class)
// the places are written once, in @BeforeAll, for every test of the class: they only search them
@MockServerSettings(strict = true, state = StatePolicy.KEPT_ACROSS_CLASS)
@Tag("classpath-sensitive")
class SearchParametersContractTest {

    @AutoClose
    private static SearchClient client;

    private static SearchIndex index;

    @BeforeAll
    static void seed(MockServer server) {
        client = SearchClient.create(MockServerClients.config(server));
        index = client.index("places");
        index.waitForTask(
                index.setSettings(IndexSettings.of()
                                .searchableAttributes("name", "city")
                                .attributesForFaceting("city", "tags")
                                .attributeForDistinct("city"))
                        .taskID(),
                FAST);
        index.saveObjects(
                List.of(
                        place("1", "Blue cafe on the harbour", "Paris", 48.8566, 2.3522),
                        place("2", "Red cafe near the station", "Paris", 48.8600, 2.3400),
                        place("3", "Green cafe in the old town", "Lyon", 45.7640, 4.8357)),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    @Test
    void acceptsEveryTypedParameter() {
        SearchQuery query = SearchQuery.of("cafe")
                .facetFilters("city:Paris")
                .numericFilters("rank>=0")
                .tagFilters("food")
                .facets("city")
                .maxValuesPerFacet(5)
                .attributesToRetrieve("name", "city")
                .attributesToHighlight("name")
                .attributesToSnippet("name:2")
                .highlightPreTag("[")
                .highlightPostTag("]")
                .snippetEllipsisText("...")
                .getRankingInfo(true)
                .typoTolerance(true)
                .ignorePlurals(true)
                .removeStopWords(false)
                .queryType("prefixLast")
                .analytics(false)
                .clickAnalytics(false)
                .analyticsTags("test")
                .userToken("u1")
                .restrictSearchableAttributes("name")
                .advancedSyntax(true)
                .minWordSizefor1Typo(4)
                .minWordSizefor2Typos(8)
                .enableRules(true)
                .aroundLatLng("48.8566,2.3522")
                .aroundRadius(5000)
                .page(0)
                .hitsPerPage(10);

        SearchResponse<FreeFormRecord> page = index.search(query, FreeFormRecord.class);

        assertThat(page.nbHits()).isEqualTo(2);
        Hit<FreeFormRecord> first = page.hits().get(0);
        assertThat(first.highlight("name"))
                .hasValueSatisfying(h -> assertThat(h.value()).contains("[cafe]"));
        assertThat(first.snippet("name")).isPresent();
        assertThat(first.rankingInfo())
                .hasValueSatisfying(r -> assertThat(r.geoDistance()).isNotNull());
        assertThat(first.record().has("rank")).isFalse();
    }

    @Test
    void optionalFiltersPromoteMatchingRecordsWithoutExcludingOthers() {
        SearchResponse<FreeFormRecord> page = index.search(
                SearchQuery.of("cafe").optionalFilters("city:Lyon<score=2>").getRankingInfo(true),
                FreeFormRecord.class);

        assertThat(page.nbHits()).isEqualTo(3);
        assertThat(page.hits().get(0).objectID()).contains("3");
        assertThat(page.hits().get(0).rankingInfo())
                .hasValueSatisfying(r -> assertThat(r.filters()).isEqualTo(2));
        assertThat(page.hits().get(1).rankingInfo())
                .hasValueSatisfying(r -> assertThat(r.filters()).isZero());
    }

    @Test
    void deduplicatesWithDistinctAndPagesWithOffsetAndLength() {
        assertThat(index.search(SearchQuery.of("cafe").distinct(true), FreeFormRecord.class)
                        .hits())
                .hasSize(2);
        assertThat(index.search(SearchQuery.of("cafe").offset(1).length(1), FreeFormRecord.class)
                        .hits())
                .hasSize(1);
    }

    @Test
    void theStrictServerRejectsAnUnknownName() {
        assertThatThrownBy(() -> index.search(SearchQuery.of("cafe").param("notAParameter", 1), FreeFormRecord.class))
                .isInstanceOf(BadRequestException.class);
    }

    private static Map<String, Object> place(String id, String name, String city, double lat, double lng) {
        return Map.of(
                "objectID",
                id,
                "name",
                name,
                "city",
                city,
                "rank",
                Integer.parseInt(id),
                "_tags",
                List.of("food"),
                "_geoloc",
                Map.of("lat", lat, "lng", lng));
    }
}
