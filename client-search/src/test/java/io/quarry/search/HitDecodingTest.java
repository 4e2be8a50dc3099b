package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.WireMockClients;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hits, browse pages, multi-search results and get-objects records decode straight into the caller's type; the
 * members the engine generates stay readable through {@link Hit}; a free-form record keeps every attribute.
 */
@Tag("classpath-sensitive")
class HitDecodingTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    private static final String HIT = """
            {"_rankingInfo":{"nbTypos":1,"userScore":7,"somethingNew":3},
             "objectID":"p1","name":"red phone","brand":"Acme","price":300,"colour":"red",
             "_highlightResult":{
               "name":{"value":"red <em>phone</em>","matchLevel":"full","matchedWords":["phone"],
                       "fullyHighlighted":false},
               "brand":{"value":"Acme","matchLevel":"none","matchedWords":[]}},
             "_snippetResult":{"name":{"value":"red <em>phone</em>…","matchLevel":"full"}},
             "_distinctSeqID":2}""";

    private static final String PAGE = "{\"hits\":[" + HIT + ",{\"objectID\":\"p2\",\"name\":\"lamp\"}],"
            + "\"nbHits\":2,\"page\":0,\"nbPages\":1,\"hitsPerPage\":20,\"query\":\"phone\",\"unknownTopLevel\":{},"
            + "\"cursor\":\"next-page\"}";

    /** A query asking for the members the canned answer carries, so that its hits keep them. */
    private static final SearchQuery ASKING = SearchQuery.of("phone")
            .attributesToHighlight("name", "brand")
            .attributesToSnippet("name")
            .getRankingInfo(true);

    private SearchClient client;

    @BeforeEach
    void connect() {
        WM.stubFor(post(urlPathMatching("/1/indexes/products/(query|browse)")).willReturn(okJson(PAGE)));
        WM.stubFor(post(urlPathMatching("/1/indexes/\\*/queries"))
                .willReturn(okJson("{\"results\":[" + PAGE + ","
                        + PAGE.replace("\"query\":\"phone\"", "\"query\":\"lamp\",\"index\":\"other\"") + "]}")));
        WM.stubFor(
                post(urlPathMatching("/1/indexes/\\*/objects"))
                        .willReturn(
                                okJson(
                                        "{\"results\":["
                                                + "{\"objectID\":\"p1\",\"name\":\"red phone\",\"price\":300,\"_tags\":[\"x\"],\"extra\":1},null]}")));
        client = SearchClient.create(WireMockClients.config(WM));
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void typedHitsKeepHighlightSnippetRankingInfoAndTheOtherGeneratedMembers() {
        SearchResponse<Product> page = client.index("products").search(ASKING, Product.class);

        assertThat(page.records())
                .containsExactly(new Product("p1", "red phone", "Acme", 300), new Product("p2", "lamp", null, null));
        Hit<Product> hit = page.hits().get(0);
        assertThat(hit.objectID()).contains("p1");
        assertThat(hit.highlight("name")).hasValueSatisfying(h -> {
            assertThat(h.value()).isEqualTo("red <em>phone</em>");
            assertThat(h.matchLevel()).isEqualTo("full");
            assertThat(h.matchedWords()).containsExactly("phone");
            assertThat(h.fullyHighlighted()).isFalse();
        });
        assertThat(hit.highlight("brand"))
                .hasValueSatisfying(h -> assertThat(h.matchLevel()).isEqualTo("none"));
        assertThat(hit.snippet("name"))
                .hasValueSatisfying(s -> assertThat(s.value()).startsWith("red <em>"));
        assertThat(hit.rankingInfo()).hasValueSatisfying(r -> {
            assertThat(r.nbTypos()).isEqualTo(1);
            assertThat(r.userScore()).isEqualTo(7);
        });
        // a member no query parameter asks for is kept only with the options' keepGeneratedMembers()
        assertThat(hit.generatedMembers().names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult");
        Hit<Product> whole = client.index("products")
                .withOptions(RequestOptions.builder().keepGeneratedMembers().build())
                .search(ASKING, Product.class)
                .hits()
                .get(0);
        assertThat(whole.generatedMembers().getLong("_distinctSeqID")).contains(2L);
        assertThat(hit.highlightResult())
                .hasValueSatisfying(h -> assertThat(h.names()).containsExactly("name", "brand"));
    }

    @Test
    void rawViewOfATypedHitIsTheRecordThenItsGeneratedMembers() {
        Hit<Product> hit = client.index("products")
                .withOptions(RequestOptions.builder().keepGeneratedMembers().build())
                .search(ASKING, Product.class)
                .hits()
                .get(0);

        assertThat(hit.raw().names())
                .containsExactly(
                        "objectID",
                        "name",
                        "brand",
                        "price",
                        "_rankingInfo",
                        "_highlightResult",
                        "_snippetResult",
                        "_distinctSeqID");
        // asked by the query alone: the members asked for
        assertThat(client.index("products")
                        .search(ASKING, Product.class)
                        .hits()
                        .get(0)
                        .raw()
                        .names())
                .containsExactly(
                        "objectID", "name", "brand", "price", "_rankingInfo", "_highlightResult", "_snippetResult");
        assertThat(hit.raw().getString("brand")).contains("Acme");
    }

    @Test
    void hitWithoutGeneratedMembersHasNoHighlightNorRankingInfo() {
        Hit<Product> hit =
                client.index("products").search(ASKING, Product.class).hits().get(1);

        assertThat(hit.highlight("name")).isEmpty();
        assertThat(hit.rankingInfo()).isEmpty();
        assertThat(hit.highlightResult()).isEmpty();
    }

    @Test
    void freeFormHitsKeepEveryAttributeGeneratedOnesIncluded() {
        SearchResponse<FreeFormRecord> page =
                client.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);

        Hit<FreeFormRecord> hit = page.hits().get(0);
        assertThat(hit.record().names())
                .containsExactly(
                        "_rankingInfo",
                        "objectID",
                        "name",
                        "brand",
                        "price",
                        "colour",
                        "_highlightResult",
                        "_snippetResult",
                        "_distinctSeqID");
        assertThat(hit.record().getRecord("_rankingInfo").orElseThrow().getLong("somethingNew"))
                .contains(3L);
        assertThat(hit.highlight("name")).isPresent();
        assertThat(hit.rankingInfo())
                .hasValueSatisfying(r -> assertThat(r.nbTypos()).isEqualTo(1));
    }

    @Test
    void browsePagesDecodeTheSameWay() {
        SearchResponse<Product> page =
                client.index("products").browsePage(SearchQuery.of().attributesToHighlight("name"), Product.class);

        assertThat(page.cursor()).contains("next-page");
        assertThat(page.records()).extracting(Product::objectID).containsExactly("p1", "p2");
        assertThat(page.hits().get(0).highlight("name")).isPresent();
    }

    @Test
    void multiSearchResultsDecodeTheSameWay() {
        List<SearchResponse<Product>> results = client
                .multiSearch(
                        List.of(
                                // each result keeps what its own query asked for
                                IndexQuery.of("products", SearchQuery.of("phone")),
                                IndexQuery.of("other", SearchQuery.of("lamp").getRankingInfo(true))),
                        null,
                        Product.class)
                .stream()
                .map(r -> r.search().orElseThrow())
                .toList();

        assertThat(results).hasSize(2);
        assertThat(results.get(1).index()).contains("other");
        assertThat(results)
                .allSatisfy(
                        r -> assertThat(r.records()).extracting(Product::name).containsExactly("red phone", "lamp"));
        assertThat(results.get(1).hits().get(0).rankingInfo()).isPresent();
        assertThatThrownBy(() -> results.get(0).hits().get(0).rankingInfo()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void getObjectsDecodesRecordsStraightIntoTheTypeAndKeepsMissingOnesAsNull() {
        List<ObjectRequest> requests =
                List.of(ObjectRequest.of("products", "p1"), ObjectRequest.of("products", "nope"));

        assertThat(client.getObjects(requests, Product.class))
                .isEqualTo(Arrays.asList(new Product("p1", "red phone", null, 300), null));
        List<FreeFormRecord> free = client.getObjects(requests, FreeFormRecord.class);
        assertThat(free.get(0).names()).containsExactly("objectID", "name", "price", "_tags", "extra");
        assertThat(free.get(1)).isNull();
        Object map = client.getObjects(requests, Map.class).get(0);
        assertThat(map).asInstanceOf(InstanceOfAssertFactories.MAP).containsKeys("_tags", "extra");
    }
}
