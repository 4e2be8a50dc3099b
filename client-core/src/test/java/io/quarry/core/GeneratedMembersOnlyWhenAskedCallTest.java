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
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request keeps its records' generated members unless its module marks it {@link ApiRequest#generatedMembersKept};
 * then it keeps those named (per result of a multi-search), or all with
 * {@link RequestOptions.Builder#keepGeneratedMembers()}, whichever way the answer is read (whole within a pooled
 * array, or as it arrives).
 */
class GeneratedMembersOnlyWhenAskedCallTest {

    /** How a module says to ask for each member (the core knows no module's parameters). */
    static final Map<String, String> HOW_TO_ASK = Map.of(
            "_highlightResult", "in the query (attributesToHighlight)",
            "_snippetResult", "in the query (attributesToSnippet)",
            "_rankingInfo", "in the query (getRankingInfo)");

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
                    .append("\",\"_highlightResult\":{\"name\":{\"value\":\"<em>phone</em>\"}}")
                    .append(",\"_snippetResult\":{\"name\":{\"value\":\"phone…\"}}")
                    .append(",\"_rankingInfo\":{\"nbTypos\":0}")
                    .append(",\"_distinctSeqID\":")
                    .append(i)
                    .append('}');
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

            assertThat(page.hits().get(0).generatedMembers().names())
                    .containsExactly("_highlightResult", "_snippetResult", "_rankingInfo", "_distinctSeqID");
        }
    }

    @Test
    void aMarkedRequestKeepsThemOnlyWhenTheOptionsAsk() {
        // 2 hits within a pooled array; 200 hits of 300 bytes arrive past it and are read as they come
        for (String json : List.of(answer(2, 0), answer(200, 300))) {
            WM.stubFor(any(anyUrl()).willReturn(okJson(json)));
            try (ApiClient api =
                    client(config("key", host("a.test", WM.getPort())).build())) {
                Page lean = search(api.request(SEARCH).generatedMembersKept(List.of(Set.of()), HOW_TO_ASK));
                Page kept = search(api.request(SEARCH)
                        .generatedMembersKept(List.of(Set.of("_rankingInfo")), HOW_TO_ASK)
                        .options(RequestOptions.builder().keepGeneratedMembers().build()));

                EnrichedRecord<Product> hit = lean.hits().get(1);
                assertThat(hit.objectID()).contains("p1");
                assertThat(hit.record().name()).startsWith("phone");
                assertThatThrownBy(hit::generatedMembers)
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("_rankingInfo in the query (getRankingInfo)")
                        .hasMessageContaining("RequestOptions.builder().keepGeneratedMembers()");
                assertThat(kept.hits().get(1).generatedMembers().names())
                        .containsExactly("_highlightResult", "_snippetResult", "_rankingInfo", "_distinctSeqID");
                assertThat(kept.hits().get(1).objectID()).contains("p1");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"_highlightResult", "_snippetResult", "_rankingInfo"})
    void eachMemberKeptAloneAnswersAndTheOthersThrowSayingHowToAsk(String member) {
        for (String json : List.of(answer(2, 0), answer(200, 300))) {
            WM.stubFor(any(anyUrl()).willReturn(okJson(json)));
            try (ApiClient api =
                    client(config("key", host("a.test", WM.getPort())).build())) {
                Page page = search(api.request(SEARCH).generatedMembersKept(List.of(Set.of(member)), HOW_TO_ASK));

                EnrichedRecord<Product> hit = page.hits().get(1);
                assertThat(hit.objectID()).contains("p1");
                assertThat(hit.generatedMembers().names()).containsExactly(member);
                assertThat(hit.generatedMember(member)).isPresent();
                assertThat(hit.raw().names()).containsExactly("name", member);
                for (String other : List.of("_highlightResult", "_snippetResult", "_rankingInfo", "_distinctSeqID")) {
                    if (!other.equals(member)) {
                        assertThatThrownBy(() -> hit.generatedMember(other))
                                .isInstanceOf(IllegalStateException.class)
                                .hasMessageContaining("did not keep " + other)
                                .hasMessageContaining("Ask " + HOW_TO_ASK.getOrDefault(other, "with RequestOptions"))
                                .hasMessageContaining("RequestOptions.builder().keepGeneratedMembers()");
                    }
                }
            }
        }
    }

    @Test
    void aMemberKeptButNotSentIsEmptyNotAThrow() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"hits\":[{\"objectID\":\"p0\",\"name\":\"phone\"}]}")));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            EnrichedRecord<Product> hit = search(
                            api.request(SEARCH).generatedMembersKept(List.of(Set.of("_rankingInfo")), HOW_TO_ASK))
                    .hits()
                    .get(0);

            assertThat(hit.generatedMember("_rankingInfo")).isEmpty();
            assertThat(hit.generatedMembers().names()).isEmpty();
            assertThatThrownBy(() -> hit.generatedMember("_highlightResult")).isInstanceOf(IllegalStateException.class);
        }
    }

    record Results(List<Page> results) {}

    @Test
    void aMultiSearchKeepsPerResultWhatItsQueryAsked() {
        String one = answer(2, 0);
        String json = "{\"results\":[" + one + "," + one + "," + one + "]}";
        for (String body : List.of(json, "{\"results\":[" + answer(100, 300) + "," + answer(100, 300) + "]}")) {
            WM.stubFor(any(anyUrl()).willReturn(okJson(body)));
            try (ApiClient api =
                    client(config("key", host("a.test", WM.getPort())).build())) {
                Results results = api.request(SEARCH)
                        .path("indexName", "i")
                        .body(java.util.Map.of())
                        .generatedMembersKept(List.of(Set.of("_rankingInfo"), Set.of()), HOW_TO_ASK)
                        .execute(Results.class);

                EnrichedRecord<Product> ranked = results.results().get(0).hits().get(1);
                assertThat(ranked.generatedMembers().names()).containsExactly("_rankingInfo");
                assertThatThrownBy(() -> ranked.generatedMember("_highlightResult"))
                        .isInstanceOf(IllegalStateException.class);
                EnrichedRecord<Product> lean = results.results().get(1).hits().get(1);
                assertThat(lean.objectID()).contains("p1");
                assertThatThrownBy(lean::generatedMembers).isInstanceOf(IllegalStateException.class);
                if (results.results().size() > 2) {
                    // a result past the list: the union of every set
                    assertThat(results.results()
                                    .get(2)
                                    .hits()
                                    .get(0)
                                    .generatedMembers()
                                    .names())
                            .containsExactly("_rankingInfo");
                }
            }
        }
    }
}
