package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ForbiddenException;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.WireMockClients;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request and answer shapes of the rule endpoints and rule iteration, pinned with WireMock. */
class RulesRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    private static final String RULE_JSON = "{\"objectID\":\"r1\",\"conditions\":[{\"pattern\":\"cheap\","
            + "\"anchoring\":\"contains\"}],\"consequence\":{\"params\":{\"filters\":\"price < 10\"}}}";

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    private final SearchIndex index = client.index("products");

    @Test
    void savesReadsDeletesClearsAndSearchesRules() {
        WM.stubFor(put(urlPathEqualTo("/1/indexes/products/rules/r1"))
                .willReturn(okJson("{\"taskID\":11,\"updatedAt\":\"2026-01-01T00:00:00.000Z\",\"id\":\"r1\"}")));
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/rules/batch"))
                .willReturn(okJson("{\"taskID\":12,\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(get("/1/indexes/products/rules/r1").willReturn(okJson(RULE_JSON)));
        WM.stubFor(delete(urlPathEqualTo("/1/indexes/products/rules/r1"))
                .willReturn(okJson("{\"taskID\":13,\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/rules/clear"))
                .willReturn(okJson("{\"taskID\":14,\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(post("/1/indexes/products/rules/search")
                .willReturn(okJson("{\"hits\":[" + RULE_JSON + "],\"nbHits\":1,\"page\":0,\"nbPages\":1}")));
        Rule rule = Rule.of(
                "r1",
                RuleCondition.of("cheap", Anchoring.CONTAINS),
                RuleConsequence.params(SearchQuery.of().filters("price < 10")));

        assertThat(index.forwardingToReplicas().rules().save(rule).objectID()).isEqualTo("r1");
        assertThat(index.rules().replaceAll(List.of(rule)).taskID()).isEqualTo(12);
        Rule read = index.rules().get("r1");
        assertThat(read).isEqualTo(rule);
        assertThat(read.consequence().params().get("filters")).contains("price < 10");
        assertThat(index.rules().delete("r1").taskID()).isEqualTo(13);
        assertThat(index.forwardingToReplicas().rules().clearAsync().join().taskID())
                .isEqualTo(14);
        assertThat(index.rules().search(RuleQuery.of("cheap")).hits()).containsExactly(rule);

        WM.verify(putRequestedFor(urlEqualTo("/1/indexes/products/rules/r1?forwardToReplicas=true"))
                .withRequestBody(equalToJson(RULE_JSON)));
        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/rules/batch?clearExistingRules=true"))
                .withRequestBody(equalToJson("[" + RULE_JSON + "]")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/indexes/products/rules/r1")));
        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/rules/clear?forwardToReplicas=true")));
        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/rules/search"))
                .withRequestBody(equalToJson("{\"query\":\"cheap\"}")));
    }

    @Test
    void iteratesOverEveryPageOfRules() {
        WM.stubFor(post("/1/indexes/products/rules/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 0)]"))
                .willReturn(okJson("{\"hits\":[" + RULE_JSON + "],\"nbHits\":2,\"page\":0,\"nbPages\":2}")));
        WM.stubFor(post("/1/indexes/products/rules/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 1)]"))
                .willReturn(okJson("{\"hits\":[" + RULE_JSON.replace("r1", "r2") + "],\"nbHits\":2,\"page\":1,"
                        + "\"nbPages\":2}")));

        assertThat(index.rules().browse().stream().map(Rule::objectID)).containsExactly("r1", "r2");
        assertThat(index.rules().browseAsync().join())
                .extracting(Rule::objectID)
                .containsExactly("r1", "r2");
    }

    @Test
    void aFailedPageSurfacesInsteadOfEndingTheIteration() {
        WM.stubFor(post("/1/indexes/products/rules/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 0)]"))
                .willReturn(okJson("{\"hits\":[" + RULE_JSON + "],\"nbHits\":2,\"page\":0,\"nbPages\":2}")));
        WM.stubFor(post("/1/indexes/products/rules/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 1)]"))
                .willReturn(aResponse()
                        .withStatus(403)
                        .withBody("{\"message\":\"Method not allowed with this API key\"}")));

        Iterator<Rule> rules = index.rules().browse().iterator();

        assertThat(rules.next().objectID()).isEqualTo("r1");
        assertThatThrownBy(rules::hasNext).isInstanceOf(ForbiddenException.class);
        assertThat(index.rules().browseAsync())
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(ForbiddenException.class);
    }

    @Test
    void readsTheUserDataAndAppliedRulesOfASearch() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/query"))
                .willReturn(okJson("{\"hits\":[],\"nbHits\":0,"
                        + "\"userData\":[{\"banner\":\"sale\"},\"text\"],\"appliedRules\":[{\"objectID\":\"r1\"}]}")));

        SearchResponse<Product> found = index.search(SearchQuery.of("cheap"), Product.class);

        assertThat(found.userData()).containsExactly(java.util.Map.of("banner", "sale"), "text");
        assertThat(found.appliedRules()).containsExactly(new io.quarry.search.model.AppliedRule("r1"));
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/query")).willReturn(okJson("{\"hits\":[]}")));
        assertThat(index.search(SearchQuery.of("x"), Product.class).userData()).isEmpty();
    }
}
