package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A request keeps its records' generated members unless its module marks it
 * {@link ApiRequest#generatedMembersOnlyWhenAsked()}; then only {@link RequestOptions.Builder#keepGeneratedMembers()}
 * keeps them, whichever way the answer is read (whole within a pooled array, or as it arrives).
 */
class GeneratedMembersOnlyWhenAskedCallTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    record Page(List<EnrichedRecord<Product>> hits) {}

    /** No objectID of its own: the hit's comes from the answer. */
    record Product(String name) {}

    private static String answer(int hits, int padding) {
        StringBuilder json = new StringBuilder("{\"hits\":[");
        for (int i = 0; i < hits; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"objectID\":\"p")
                    .append(i)
                    .append("\",\"name\":\"phone ")
                    .append("x".repeat(padding))
                    .append("\",\"_highlightResult\":{\"name\":{\"value\":\"<em>phone</em>\"}}}");
        }
        return json.append("]}").toString();
    }

    private static Page search(ApiRequest request) {
        return request.path("indexName", "i").body(java.util.Map.of()).execute(Page.class);
    }

    @Test
    void aRequestNotMarkedKeepsThem() {
        WM.stubFor(any(anyUrl()).willReturn(okJson(answer(2, 0))));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            Page page = search(api.request(SEARCH));

            assertThat(page.hits().get(0).generatedMembers().names()).containsExactly("_highlightResult");
        }
    }

    @Test
    void aMarkedRequestKeepsThemOnlyWhenTheOptionsAsk() {
        // 2 hits within a pooled array; 200 hits of 300 bytes arrive past it and are read as they come
        for (String json : List.of(answer(2, 0), answer(200, 300))) {
            WM.stubFor(any(anyUrl()).willReturn(okJson(json)));
            try (ApiClient api =
                    client(config("key", host("a.test", WM.getPort())).build())) {
                Page lean = search(api.request(SEARCH).generatedMembersOnlyWhenAsked());
                Page kept = search(api.request(SEARCH)
                        .generatedMembersOnlyWhenAsked()
                        .options(RequestOptions.builder().keepGeneratedMembers().build()));

                EnrichedRecord<Product> hit = lean.hits().get(1);
                assertThat(hit.objectID()).contains("p1");
                assertThat(hit.record().name()).startsWith("phone");
                assertThatThrownBy(hit::generatedMembers)
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("RequestOptions.builder().keepGeneratedMembers()");
                assertThat(kept.hits().get(1).generatedMembers().names()).containsExactly("_highlightResult");
                assertThat(kept.hits().get(1).objectID()).contains("p1");
            }
        }
    }
}
