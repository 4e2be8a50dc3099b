package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.TestWaits;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Options given to a {@code withOptions} view reach every call of the view, helpers and sub-handles included. */
class WithOptionsViewTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @BeforeEach
    void stubEveryCall() {
        WM.stubFor(any(anyUrl())
                .willReturn(okJson(
                        "{\"taskID\":1,\"objectIDs\":[\"a\"],\"status\":\"published\",\"hits\":[],\"nbHits\":0}")));
    }

    private static RequestOptions header(String name, String value) {
        return RequestOptions.builder().header(name, value).build();
    }

    @Test
    void helpersOfAViewCarryItsOptionsOnEveryCallTheyMake() {
        SearchIndex index = client.index("products").withOptions(header("X-Trace", "t1"));

        index.saveObjects(
                List.of(Map.of("objectID", "a")),
                BatchOptions.of().waitingForTasks().waitPolicy(TestWaits.FAST));
        index.browseObjects(FreeFormRecord.class).toList();

        WM.verify(postRequestedFor(urlPathEqualTo("/1/indexes/products/batch")).withHeader("X-Trace", equalTo("t1")));
        WM.verify(getRequestedFor(urlPathMatching("/1/indexes/products/task/1")).withHeader("X-Trace", equalTo("t1")));
        WM.verify(postRequestedFor(urlPathEqualTo("/1/indexes/products/browse")).withHeader("X-Trace", equalTo("t1")));
    }

    @Test
    void viewsLayerTheNewOptionsWinAndTheOriginalIsUnchanged() {
        SearchClient traced = client.withOptions(
                header("X-Trace", "outer").toBuilder().header("X-Keep", "k").build());
        traced.index("products")
                .withOptions(header("X-Trace", "inner"))
                .rules()
                .search(io.quarry.search.model.RuleQuery.of(""));
        client.index("products").search(SearchQuery.of("x"), FreeFormRecord.class);

        WM.verify(postRequestedFor(urlPathEqualTo("/1/indexes/products/rules/search"))
                .withHeader("X-Trace", equalTo("inner"))
                .withHeader("X-Keep", equalTo("k")));
        WM.verify(postRequestedFor(urlPathEqualTo("/1/indexes/products/query")).withHeader("X-Trace", absent()));
        assertThat(client.options()).isEqualTo(RequestOptions.of());
        assertThat(traced.options().headers()).containsEntry("X-Trace", "outer");
    }

    @Test
    void closingAViewLeavesTheClientOpen() {
        client.withOptions(header("X-Trace", "v")).close();

        client.index("products").search(SearchQuery.of("x"), FreeFormRecord.class);

        WM.verify(postRequestedFor(urlPathEqualTo("/1/indexes/products/query")));
    }
}
