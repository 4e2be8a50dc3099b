package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.LogsQuery;
import io.quarry.search.model.LogsResponse;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Details the mock server cannot observe: read vs write hosts, encodings, headers, the logs endpoint. */
@Tag("classpath-sensitive")
class RequestShapeTest {

    @RegisterExtension
    static final WireMockExtension READ = WireMockClients.server();

    @RegisterExtension
    static final WireMockExtension WRITE = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(READ, WRITE));

    @BeforeEach
    void stubEveryCall() {
        READ.stubFor(any(anyUrl()).willReturn(okJson("{\"hits\":[],\"taskID\":1,\"logs\":[]}")));
        // One result per query or record asked for, as those answers hold (the client refuses any other count).
        READ.stubFor(post(urlPathEqualTo("/1/indexes/*/queries")).willReturn(okJson("{\"results\":[{\"hits\":[]}]}")));
        READ.stubFor(post(urlPathEqualTo("/1/indexes/*/queries"))
                .withRequestBody(matchingJsonPath("$.requests[1]"))
                .willReturn(okJson("{\"results\":[{\"facetHits\":[]},{\"hits\":[]}]}")));
        READ.stubFor(post(urlPathEqualTo("/1/indexes/*/objects")).willReturn(okJson("{\"results\":[null]}")));
        WRITE.stubFor(any(anyUrl()).willReturn(okJson("{\"taskID\":1}")));
    }

    @Test
    void readOnlyPostsGoToTheReadHostAndWritesToTheWriteHost() {
        SearchIndex index = client.index("products");
        index.search(SearchQuery.of("a"), FreeFormRecord.class);
        client.multiSearch(List.of(IndexQuery.of("products", SearchQuery.of("a"))), null, FreeFormRecord.class);
        client.getObjects(List.of(ObjectRequest.of("products", "1")), FreeFormRecord.class);
        index.browsePage(SearchQuery.of(), FreeFormRecord.class);
        index.rules().search(io.quarry.search.model.RuleQuery.of(""));
        index.saveObject("1", Map.of("a", 1));
        index.setSettings(io.quarry.search.model.IndexSettings.of().hitsPerPage(3));
        index.batch(List.of());

        READ.verify(5, anyRequestedFor(anyUrl()));
        WRITE.verify(3, anyRequestedFor(anyUrl()));
        WRITE.verify(putRequestedFor(urlEqualTo("/1/indexes/products/1")));
    }

    @Test
    void multiSearchSendsUrlEncodedParamsWithPercent20() {
        client.multiSearch(
                List.of(IndexQuery.of(
                        "products",
                        SearchQuery.of("red shoes")
                                .filters("brand:\"Acme Inc\"")
                                .hitsPerPage(3))),
                io.quarry.search.model.MultiSearchStrategy.STOP_IF_ENOUGH_MATCHES,
                FreeFormRecord.class);

        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/*/queries"))
                .withRequestBody(equalToJson("{\"requests\":[{\"indexName\":\"products\",\"params\":"
                        + "\"query=red%20shoes&filters=brand%3A%22Acme%20Inc%22&hitsPerPage=3\"}],"
                        + "\"strategy\":\"stopIfEnoughMatches\"}")));
    }

    @Test
    void multiSearchSendsFacetEntriesWithTheirType() {
        client.multiSearch(
                List.of(
                        IndexQuery.facet(
                                        "products",
                                        "brand",
                                        "ac",
                                        SearchQuery.of().filters("price < 10"))
                                .maxFacetHits(3),
                        IndexQuery.of("products", SearchQuery.of("a"))),
                null,
                FreeFormRecord.class);

        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/*/queries"))
                .withRequestBody(equalToJson("{\"requests\":[{\"indexName\":\"products\",\"type\":\"facet\","
                        + "\"facet\":\"brand\",\"params\":\"filters=price%20%3C%2010\",\"facetQuery\":\"ac\","
                        + "\"maxFacetHits\":3},{\"indexName\":\"products\",\"params\":\"query=a\"}]}")));
    }

    @Test
    void facetSearchAndBrowseAndDeleteBySendParamsStrings() {
        SearchIndex index = client.index("products");
        index.searchForFacetValues(FacetValuesQuery.of("brand")
                .facetQuery("ac")
                .query(SearchQuery.of().filters("price < 10"))
                .maxFacetHits(5));
        index.browsePage(SearchQuery.of("a b"), FreeFormRecord.class);
        index.deleteBy(SearchQuery.of().filters("brand:Acme"));

        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/products/facets/brand/query"))
                .withRequestBody(equalToJson(
                        "{\"params\":\"filters=price%20%3C%2010\",\"facetQuery\":\"ac\",\"maxFacetHits\":5}")));
        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/products/browse"))
                .withRequestBody(equalToJson("{\"params\":\"query=a%20b\"}")));
        WRITE.verify(postRequestedFor(urlEqualTo("/1/indexes/products/deleteByQuery"))
                .withRequestBody(equalToJson("{\"params\":\"filters=brand%3AAcme\"}")));
    }

    @Test
    void theParametersInUrlViewSearchesWithTheParametersInTheQueryString() {
        client.index("my index")
                .withParametersInUrl()
                .search(SearchQuery.of("red shoes").facets("brand", "color").hitsPerPage(2), FreeFormRecord.class);

        READ.verify(getRequestedFor(urlPathEqualTo("/1/indexes/my%20index"))
                .withQueryParam("query", equalTo("red shoes"))
                .withQueryParam("facets", equalTo("[\"brand\",\"color\"]"))
                .withQueryParam("hitsPerPage", equalTo("2")));
    }

    @Test
    void theParametersInUrlViewBrowsesWithTheParametersOrTheCursorInTheQueryString() {
        SearchIndex inUrl = client.index("products").withParametersInUrl();
        inUrl.browsePageAsync(SearchQuery.of().filters("brand:Acme"), FreeFormRecord.class)
                .join();
        inUrl.browsePageFrom("next page", FreeFormRecord.class);
        inUrl.searchForFacetValues(FacetValuesQuery.of("brand").facetQuery("ac"));

        READ.verify(getRequestedFor(urlPathEqualTo("/1/indexes/products/browse"))
                .withQueryParam("filters", equalTo("brand:Acme")));
        READ.verify(getRequestedFor(urlEqualTo("/1/indexes/products/browse?cursor=next%20page")));
        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/products/facets/brand/query"))
                .withRequestBody(equalToJson("{\"facetQuery\":\"ac\"}")));
        READ.verify(3, anyRequestedFor(anyUrl()));
    }

    @Test
    void sendsCredentialsAndPerRequestHeaders() {
        client.index("products")
                .withOptions(RequestOptions.builder()
                        .forwardedFor("10.0.0.1")
                        .header("X-Custom", "1")
                        .build())
                .search(SearchQuery.of("a"), FreeFormRecord.class);

        READ.verify(postRequestedFor(urlEqualTo("/1/indexes/products/query"))
                .withHeader("X-Service-Application-Id", equalTo(WireMockClients.APP_ID))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY))
                .withHeader("X-Forwarded-For", equalTo("10.0.0.1"))
                .withHeader("X-Custom", equalTo("1")));
    }

    @Test
    void readsLogs() {
        READ.stubFor(
                get(urlPathEqualTo("/1/logs"))
                        .willReturn(
                                okJson(
                                        "{\"logs\":[{\"timestamp\":\"2026-01-01T00:00:00Z\","
                                                + "\"method\":\"POST\",\"answer_code\":\"200\",\"query_body\":\"{}\",\"answer\":\"{}\","
                                                + "\"url\":\"/1/indexes/products/query\",\"ip\":\"127.0.0.1\",\"query_headers\":\"\","
                                                + "\"sha1\":\"abc\",\"nb_api_calls\":\"1\",\"processing_time_ms\":\"2\",\"index\":\"products\"}]}")));

        LogsResponse logs = client.getLogs(
                LogsQuery.of().offset(5).length(20).indexName("products").type("query"));

        assertThat(logs.logs()).singleElement().satisfies(e -> {
            assertThat(e.answerCode()).isEqualTo("200");
            assertThat(e.processingTimeMs()).isEqualTo("2");
            assertThat(e.index()).isEqualTo("products");
        });
        READ.verify(getRequestedFor(urlEqualTo("/1/logs?offset=5&length=20&indexName=products&type=query")));
    }
}
