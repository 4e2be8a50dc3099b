package io.quarry.analytics;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsTags;
import io.quarry.analytics.model.OrderDirection;
import io.quarry.analytics.model.SearchOrderBy;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.RateLimit;
import io.quarry.core.RateLimitException;
import io.quarry.core.Region;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The URLs the analytics client builds (dates, tags, attribute lists), pinned with WireMock, and its hosts. */
class AnalyticsRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final AnalyticsClient client = AnalyticsClient.create(WireMockClients.config(WM));

    @Test
    void encodesDatesTagsPageAndOrder() {
        WM.stubFor(get(urlPathEqualTo("/2/searches")).willReturn(okJson("{\"searches\":[]}")));

        client.index("my products")
                .topSearchesWithClickAnalytics(
                        AnalyticsQuery.between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31))
                                .tags(AnalyticsTags.allOf("mobile", "fr").or(AnalyticsTags.tag("web")))
                                .limit(20)
                                .offset(40)
                                .orderBy(SearchOrderBy.CONVERSION_RATE)
                                .direction(OrderDirection.ASC));

        WM.verify(getRequestedFor(urlEqualTo("/2/searches?index=my%20products&startDate=2026-01-01&endDate=2026-01-31"
                        + "&tags=%28mobile%20AND%20fr%29%20OR%20web&limit=20&offset=40&orderBy=conversionRate"
                        + "&direction=asc&clickAnalytics=true"))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY)));
    }

    @Test
    void sendsTheOrderAndTheDirectionEachOnItsOwn() {
        WM.stubFor(get(urlPathEqualTo("/2/searches")).willReturn(okJson("{\"searches\":[]}")));
        AnalyticsIndex index = client.index("products");

        index.topSearches(AnalyticsQuery.of().direction(OrderDirection.ASC));
        index.topSearchesWithClickAnalytics(AnalyticsQuery.of().orderBy(SearchOrderBy.AVERAGE_CLICK_POSITION));
        index.topSearches(AnalyticsQuery.of());

        WM.verify(getRequestedFor(urlEqualTo("/2/searches?index=products&direction=asc")));
        WM.verify(getRequestedFor(
                urlEqualTo("/2/searches?index=products&orderBy=averageClickPosition&clickAnalytics=true")));
        WM.verify(getRequestedFor(urlEqualTo("/2/searches?index=products")));
        // calls that take no order leave both out
        WM.stubFor(get(urlPathEqualTo("/2/searches/count")).willReturn(okJson("{\"count\":0,\"dates\":[]}")));
        index.searchesCount(
                AnalyticsQuery.of().orderBy(SearchOrderBy.SEARCH_COUNT).direction(OrderDirection.ASC));
        WM.verify(getRequestedFor(urlEqualTo("/2/searches/count?index=products")));
    }

    @Test
    void putsTheAttributeListInThePathAndTheSearchInTheQuery() {
        WM.stubFor(get(urlPathEqualTo("/2/filters/brand%2Ccolor%20name")).willReturn(okJson("{\"values\":[]}")));

        client.index("products").filterValuesForSearch(List.of("brand", "color name"), "red shoe", AnalyticsQuery.of());

        WM.verify(getRequestedFor(urlEqualTo("/2/filters/brand%2Ccolor%20name?index=products&search=red%20shoe")));
        assertThatThrownBy(() -> client.index("products").filterValues(List.of(), AnalyticsQuery.of()))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void hitsOfOneSearchAskForTenRowsUnlessTold() {
        WM.stubFor(get(urlPathEqualTo("/2/hits")).willReturn(okJson("{\"hits\":[]}")));
        AnalyticsIndex index = client.index("products");

        index.topHitsForSearch("shoe", AnalyticsQuery.of());
        index.topHitsForSearchWithClickAnalytics("shoe", AnalyticsQuery.of().offset(5));
        index.topHitsForSearch("shoe", AnalyticsQuery.of().limit(0));
        index.topHits(AnalyticsQuery.of());

        WM.verify(getRequestedFor(urlEqualTo("/2/hits?index=products&limit=10&search=shoe")));
        WM.verify(getRequestedFor(
                urlEqualTo("/2/hits?index=products&offset=5&limit=10&search=shoe&clickAnalytics=true")));
        WM.verify(getRequestedFor(urlEqualTo("/2/hits?index=products&limit=0&search=shoe")));
        WM.verify(getRequestedFor(urlEqualTo("/2/hits?index=products")));
    }

    @Test
    void clickOrdersNeedTheClickAnalyticsCall() {
        assertThatThrownBy(() -> client.index("products")
                        .topSearches(AnalyticsQuery.of().orderBy(SearchOrderBy.CLICK_THROUGH_RATE)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("click analytics");
        assertThat(WM.getAllServeEvents()).isEmpty();
    }

    @Test
    void readsNullRatesAndTellsTheRateLimit() {
        WM.stubFor(get(urlPathEqualTo("/2/searches"))
                .willReturn(okJson("{\"searches\":[{\"search\":\"shoe\",\"count\":3,\"nbHits\":2,"
                                + "\"clickThroughRate\":null,\"averageClickPosition\":null,\"conversionRate\":null,"
                                + "\"trackedSearchCount\":0,\"clickCount\":0,\"conversionCount\":0,"
                                + "\"clickPositions\":[{\"position\":[21,-1],\"clickCount\":0}],\"future\":1}]}")
                        .withHeader("X-RateLimit-Limit", "100")
                        .withHeader("X-RateLimit-Remaining", "42")
                        .withHeader("X-RateLimit-Reset", "1767225600")));
        List<RateLimit> heard = new ArrayList<>();

        TopSearchWithClickAnalytics row = client.withRateLimitListener(heard::add)
                .index("products")
                .topSearchesWithClickAnalytics(AnalyticsQuery.of())
                .searches()
                .get(0);

        assertThat(row.clickThroughRate()).isNull();
        assertThat(row.averageClickPosition()).isNull();
        assertThat(row.clickPositions().get(0).position()).containsExactly(21, -1);
        assertThat(heard).containsExactly(new RateLimit(100, 42, Instant.ofEpochSecond(1767225600)));
    }

    @Test
    void a429IsARateLimitException() {
        WM.stubFor(get(urlPathEqualTo("/2/status"))
                .willReturn(aResponse()
                        .withStatus(429)
                        .withHeader("Content-Type", "application/json")
                        .withHeader("X-RateLimit-Limit", "100")
                        .withHeader("X-RateLimit-Remaining", "0")
                        .withHeader("X-RateLimit-Reset", "1767225600")
                        .withBody("{\"message\":\"Too many requests\",\"status\":429}")));

        assertThatThrownBy(() -> client.index("products").status()).isInstanceOf(RateLimitException.class);
        assertThat(client.index("products").statusAsync())
                .failsWithin(java.time.Duration.ofSeconds(5))
                .withThrowableThat()
                .withCauseInstanceOf(RateLimitException.class);
    }

    @Test
    void hostsAreTheRegionsOrTheUnitedStatesAlias() {
        ClientConfig config = ClientConfig.builder("APP", "key").build();
        try (AnalyticsClient alias = AnalyticsClient.create(config);
                AnalyticsClient europe = AnalyticsClient.create(config, Region.EU);
                AnalyticsClient us = AnalyticsClient.create("APP", "key", Region.US)) {
            assertThat(alias.hosts()).containsExactly(Host.https("analytics.quarry.io"));
            assertThat(europe.hosts()).containsExactly(Host.https("analytics.de.quarry.io"));
            assertThat(us.hosts()).containsExactly(Host.https("analytics.us.quarry.io"));
        }
        try (AnalyticsClient later = AnalyticsClient.create(config, Region.of("ap"))) {
            assertThat(later.hosts()).containsExactly(Host.https("analytics.ap.quarry.io"));
        }
    }
}
