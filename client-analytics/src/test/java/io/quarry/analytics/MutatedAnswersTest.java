package io.quarry.analytics;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.core.Host;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to every analytics call: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final AnalyticsClient client = AnalyticsClient.create(MockServerClients.config(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)))
            .build());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MockServerCalls service = new MockServerCalls(MOCK.server());
        service.send("PUT", "/1/indexes/products/settings", "{'attributesForFaceting':['brand']}");
        service.send("PUT", "/1/indexes/products/a", "{'name':'red shoe','brand':'acme'}");
        service.send("PUT", "/1/indexes/products/b", "{'name':'blue shoe','brand':'zeta'}");
        String queryID = service.send(
                        "POST",
                        "/1/indexes/products/query",
                        "{'query':'shoe','clickAnalytics':true,'userToken':'u1','filters':'brand:acme'}")
                .get("queryID")
                .asString();
        service.send("POST", "/1/indexes/products/query", "{'query':'boot','userToken':'u2'}");
        service.send(
                "POST",
                "/1/events",
                "{'events':[{'eventType':'click','eventName':'Clicked','index':'products',"
                        + "'userToken':'u1','queryID':'" + queryID + "','objectIDs':['a'],'positions':[1]}]}");
        AnalyticsIndex products = client.index("products");
        AnalyticsQuery query = AnalyticsQuery.of();

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("status", products::status)
                .call("topSearches", () -> products.topSearches(query))
                .call("topSearchesWithClickAnalytics", () -> products.topSearchesWithClickAnalytics(query))
                .call("searchesCount", () -> products.searchesCount(query))
                .call("noResultSearches", () -> products.noResultSearches(query))
                .call("noClickSearches", () -> products.noClickSearches(query))
                .call("noResultRate", () -> products.noResultRate(query))
                .call("noClickRate", () -> products.noClickRate(query))
                .call("topHits", () -> products.topHits(query))
                .call("topHitsWithClickAnalytics", () -> products.topHitsWithClickAnalytics(query))
                .call("topHitsForSearch", () -> products.topHitsForSearch("shoe", query))
                .call("usersCount", () -> products.usersCount(query))
                .call("topFilterAttributes", () -> products.topFilterAttributes(query))
                .call("filterValues", () -> products.filterValues(List.of("brand"), query))
                .call("noResultFilters", () -> products.noResultFilters("boot", query))
                .call("countries", () -> products.countries(query))
                .call(
                        "browseTopSearches",
                        () -> products.browseTopSearches(query).toList())
                .call(
                        "browseTopHitsWithClickAnalytics",
                        () -> products.browseTopHitsWithClickAnalytics(query).toList())
                .call("topSearchesAsync", () -> products.topSearchesAsync(query).join())
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
