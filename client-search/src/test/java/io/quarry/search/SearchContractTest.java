package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PagedIterable;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.search.model.FacetSearchResponse;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.HighlightResult;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.MultiSearchResult;
import io.quarry.search.model.MultiSearchStrategy;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Search, multi-search, facet search and browse against the mock server over HTTPS. */
@ExtendWith(MockServerExtension.class)
// the catalogue is written once, in @BeforeAll, for every test of the class: they only read it
@MockServerSettings(https = true, state = StatePolicy.KEPT_ACROSS_CLASS)
@Tag("classpath-sensitive")
class SearchContractTest {

    @AutoClose
    private static SearchClient client;

    private static SearchIndex index;

    @BeforeAll
    static void seed(MockServer server) {
        client = SearchClient.create(MockServerClients.config(server));
        index = client.index("products");
        index.waitForTask(
                index.setSettings(IndexSettings.of()
                                .searchableAttributes("name", "brand")
                                .attributesForFaceting("searchable(brand)", "price"))
                        .taskID(),
                FAST);
        List<Product> products = new ArrayList<>();
        String[] brands = {"Apple", "Acme", "Bolt"};
        for (int i = 0; i < 30; i++) {
            products.add(new Product("p" + i, (i % 2 == 0 ? "red phone " : "blue lamp ") + i, brands[i % 3], 10 * i));
        }
        index.saveObjects(products, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        client.index("accessories")
                .saveObjects(
                        List.of(new Product("a1", "phone case", "Acme", 5)),
                        BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    @Test
    void searchesWithFiltersFacetsHighlightsAndRankingInfo() {
        SearchResponse<Product> page = index.search(
                SearchQuery.of("phone")
                        .hitsPerPage(5)
                        .filters("brand:Apple")
                        .facets("brand", "price")
                        // each member is kept as asked: ranking info alone would keep no highlight
                        .attributesToHighlight("name")
                        .getRankingInfo(true),
                Product.class);

        assertThat(page.nbHits()).isEqualTo(5);
        assertThat(page.hitsPerPage()).isEqualTo(5);
        assertThat(page.query()).isEqualTo("phone");
        assertThat(page.records()).allSatisfy(p -> assertThat(p.brand()).isEqualTo("Apple"));
        Hit<Product> first = page.hits().get(0);
        assertThat(first.highlight("name"))
                .hasValueSatisfying(h -> assertThat(h.value()).contains("<em>phone</em>"));
        assertThat(first.rankingInfo())
                .hasValueSatisfying(r -> assertThat(r.nbTypos()).isZero());
        assertThat(page.facets()).containsKey("brand");
        assertThat(page.facets().get("brand")).containsEntry("Apple", 5L);
        assertThat(page.facetsStats()).containsKey("price");
    }

    @Test
    void anAttributeHoldingAListIsHighlightedItemByItem() {
        SearchIndex shelves = client.index("shelves");
        shelves.saveObjects(
                List.of(Map.of("objectID", "s1", "name", "shelf", "tags", List.of("oak", "phone stand", "wall"))),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));

        Hit<FreeFormRecord> hit = shelves.search(SearchQuery.of("phone"), FreeFormRecord.class)
                .hits()
                .get(0);

        assertThat(hit.highlights("tags"))
                .extracting(HighlightResult::value)
                .containsExactly("oak", "<em>phone</em> stand", "wall");
        assertThat(hit.highlight("tags")).isEmpty();
        assertThat(hit.highlight("name")).map(HighlightResult::matchLevel).contains("none");
    }

    @Test
    void searchesWithTheParametersInTheUrlAndPaginates() {
        SearchResponse<FreeFormRecord> page = index.withParametersInUrl()
                .search(
                        SearchQuery.of("lamp").hitsPerPage(4).page(1).attributesToRetrieve("name"),
                        FreeFormRecord.class);

        assertThat(page.page()).isEqualTo(1);
        assertThat(page.nbHits()).isEqualTo(15);
        assertThat(page.nbPages()).isEqualTo(4);
        assertThat(page.hits())
                .hasSize(4)
                .allSatisfy(h -> assertThat(h.record().has("brand")).isFalse());
    }

    @Test
    void searchesSeveralIndicesInOrder() throws Exception {
        List<SearchResponse<Product>> results = hitsOf(client.multiSearchAsync(
                        List.of(
                                IndexQuery.of("accessories", SearchQuery.of("phone")),
                                IndexQuery.of(
                                        "products", SearchQuery.of("phone").hitsPerPage(2))),
                        null,
                        Product.class)
                .get());

        assertThat(results).extracting(r -> r.index().orElseThrow()).containsExactly("accessories", "products");
        assertThat(results.get(1).records()).hasSize(2);

        List<SearchResponse<Product>> stopped = hitsOf(client.multiSearch(
                List.of(
                        IndexQuery.of("products", SearchQuery.of("phone").hitsPerPage(1)),
                        IndexQuery.of("accessories", SearchQuery.of("phone"))),
                MultiSearchStrategy.STOP_IF_ENOUGH_MATCHES,
                Product.class));
        assertThat(stopped.get(0).processed()).isTrue();
        assertThat(stopped.get(1).processed()).isFalse();
        assertThat(stopped.get(1).hits()).isEmpty();
    }

    @Test
    void aMultiSearchOfMoreThanFiftyQueriesFailsWithTheServicesBadRequest() {
        List<IndexQuery> fifty =
                new ArrayList<>(Collections.nCopies(50, IndexQuery.of("accessories", SearchQuery.of("phone"))));
        assertThat(client.multiSearch(fifty, null, Product.class)).hasSize(50);

        List<IndexQuery> fiftyOne = new ArrayList<>(fifty);
        fiftyOne.add(IndexQuery.of("products", SearchQuery.of("phone")));
        assertThatThrownBy(
                        () -> client.multiSearch(fiftyOne, MultiSearchStrategy.STOP_IF_ENOUGH_MATCHES, Product.class))
                .isInstanceOfSatisfying(BadRequestException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.serviceMessage()).isEqualTo("Too many queries in multi query request");
                });
        assertThat(client.multiSearchAsync(fiftyOne, null, Product.class))
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(BadRequestException.class);
    }

    @Test
    void searchesFacetValues() {
        FacetValuesQuery acInPhones = FacetValuesQuery.of("brand")
                .facetQuery("ac")
                .query(SearchQuery.of("phone"))
                .maxFacetHits(5);
        FacetSearchResponse facets = index.searchForFacetValues(acInPhones);

        assertThat(facets.facetHits()).singleElement().satisfies(hit -> {
            assertThat(hit.value()).isEqualTo("Acme");
            assertThat(hit.count()).isEqualTo(5);
            assertThat(hit.highlighted()).contains("<em>");
        });
        assertThat(index.searchForFacetValuesAsync(acInPhones).join().facetHits())
                .isEqualTo(facets.facetHits());
    }

    @Test
    void browsesPageByPageFollowingTheCursor() {
        SearchResponse<Product> first = index.browsePage(SearchQuery.of().hitsPerPage(20), Product.class);
        assertThat(first.hits()).hasSize(20);
        assertThat(first.cursor()).isPresent();

        SearchResponse<Product> second = index.browsePageFrom(first.cursor().orElseThrow(), Product.class);
        assertThat(second.hits()).hasSize(10);
        assertThat(second.cursor()).isEmpty();

        SearchIndex inUrl = index.withParametersInUrl();
        SearchResponse<Product> viaGet = inUrl.browsePage(SearchQuery.of().hitsPerPage(25), Product.class);
        SearchResponse<Product> restViaGet =
                inUrl.browsePageFrom(viaGet.cursor().orElseThrow(), Product.class);
        assertThat(viaGet.hits().size() + restViaGet.hits().size()).isEqualTo(30);
        assertThat(inUrl.browseObjects(SearchQuery.of().hitsPerPage(7), Product.class)
                        .toList())
                .hasSize(30);
    }

    @Test
    void iteratesOverEveryRecordLazily() throws Exception {
        PagedIterable<Product> all = index.browseObjects(SearchQuery.of().hitsPerPage(7), Product.class);

        assertThat(all.stream().map(Product::objectID).distinct().count()).isEqualTo(30);
        assertThat(all.toList()).hasSize(30);
        assertThat(index.browseObjects(Product.class).toList()).hasSize(30);
        assertThat(index.browseObjectsAsync(Product.class).get()).hasSize(30);
        assertThat(index.browseObjectsAsync(
                                SearchQuery.of().filters("brand:Bolt").hitsPerPage(3), Product.class)
                        .get())
                .hasSize(10);
    }

    @Test
    void anErrorInsideIterationSurfaces() {
        PagedIterable<Product> missing = client.index("missing").browseObjects(Product.class);

        assertThatThrownBy(() -> missing.iterator().hasNext()).isInstanceOf(NotFoundException.class);
    }

    /** The hits of results whose entries all searched hits. */
    private static List<SearchResponse<Product>> hitsOf(List<MultiSearchResult<Product>> results) {
        return results.stream().map(r -> r.search().orElseThrow()).toList();
    }
}
