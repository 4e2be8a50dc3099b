package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsTags;
import io.quarry.analytics.model.DailyCount;
import io.quarry.analytics.model.FilterValue;
import io.quarry.analytics.model.NoClickRate;
import io.quarry.analytics.model.NoResultRate;
import io.quarry.analytics.model.OrderDirection;
import io.quarry.analytics.model.SearchOrderBy;
import io.quarry.analytics.model.TopHitWithClickAnalytics;
import io.quarry.analytics.model.TopSearch;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.core.BadRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.RateLimit;
import io.quarry.core.RateLimitException;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every analytics endpoint through the client against the mock server, which computes them from searches run
 * over HTTP and events sent to it. The server's clock is fixed, so every search falls on {@link #TODAY}.
 */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(fixedClock = "2026-03-10T10:00:00Z")
class AnalyticsContractTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 10);

    @AutoClose
    private AnalyticsClient client;

    private AnalyticsIndex products;

    @BeforeEach
    void searchesAndEvents(MockServer server) {
        client = AnalyticsClient.create(MockServerClients.config(server));
        products = client.index("products");
        MockServerCalls service = new MockServerCalls(server);
        service.send("PUT", "/1/indexes/products/settings", "{'attributesForFaceting':['brand']}");
        service.send("PUT", "/1/indexes/products/a", "{'name':'red shoe','brand':'acme'}");
        service.send("PUT", "/1/indexes/products/b", "{'name':'blue shoe','brand':'zeta'}");
        service.send("PUT", "/1/indexes/products/c", "{'name':'green hat','brand':'acme'}");
        String clicked = service.send(
                        "POST",
                        "/1/indexes/products/query",
                        "{'query':'shoe','clickAnalytics':true,'userToken':'u1','analyticsTags':['mobile'],"
                                + "'filters':'brand:acme'}")
                .get("queryID")
                .asString();
        service.send(
                "POST",
                "/1/indexes/products/query",
                "{'query':'shoe','clickAnalytics':true,'userToken':'u2','analyticsTags':['mobile']}");
        service.send("POST", "/1/indexes/products/query", "{'query':'hat','userToken':'u3','analyticsTags':['web']}");
        service.send(
                "POST",
                "/1/indexes/products/query",
                "{'query':'boot','userToken':'u4','filters':'brand:acme','analyticsTags':['web']}");
        service.send(
                "POST",
                "/1/events",
                "{'events':[{'eventType':'click','eventName':'Clicked','index':'products','userToken':'u1',"
                        + "'queryID':'" + clicked + "','objectIDs':['a'],'positions':[1]}]}");
    }

    @Test
    void topSearchesWithAndWithoutClickAnalytics() {
        List<TopSearch> top = products.topSearches(AnalyticsQuery.of()).searches();
        assertThat(top).extracting(TopSearch::search).containsExactly("shoe", "boot", "hat");
        assertThat(top.get(0)).isEqualTo(new TopSearch("shoe", 2, 2));
        // a direction without an order turns the default order, by search count (ties by text either way)
        assertThat(products.topSearches(AnalyticsQuery.of().direction(OrderDirection.ASC))
                        .searches())
                .extracting(TopSearch::search)
                .containsExactly("boot", "hat", "shoe");
        assertThat(products.topSearches(AnalyticsQuery.of().orderBy(SearchOrderBy.SEARCH_COUNT))
                        .searches())
                .isEqualTo(top);

        List<TopSearchWithClickAnalytics> withClicks =
                products.topSearchesWithClickAnalytics(AnalyticsQuery.of()).searches();
        TopSearchWithClickAnalytics shoe = withClicks.get(0);
        assertThat(shoe.trackedSearchCount()).isEqualTo(2);
        assertThat(shoe.clickCount()).isEqualTo(1);
        assertThat(shoe.clickThroughRate()).isEqualTo(0.5);
        assertThat(shoe.conversionRate()).isEqualTo(0.0);
        assertThat(shoe.averageClickPosition()).isEqualTo(1.0);
        assertThat(shoe.clickPositions()).hasSize(12);
        TopSearchWithClickAnalytics hat = withClicks.stream()
                .filter(s -> s.search().equals("hat"))
                .findFirst()
                .orElseThrow();
        assertThat(hat.clickThroughRate()).isNull();
        assertThat(hat.conversionRate()).isNull();
        assertThat(hat.averageClickPosition()).isNull();

        List<TopSearchWithClickAnalytics> byRateAscending = products.topSearchesWithClickAnalytics(AnalyticsQuery.of()
                        .orderBy(SearchOrderBy.CLICK_THROUGH_RATE)
                        .direction(OrderDirection.ASC))
                .searches();
        assertThat(byRateAscending.get(0).search()).isEqualTo("shoe");
    }

    @Test
    void datesTagsAndPagesNarrowTheRows() throws Exception {
        AnalyticsQuery today = AnalyticsQuery.between(TODAY, TODAY);
        assertThat(products.searchesCount(today.tags(AnalyticsTags.tag("mobile")))
                        .count())
                .isEqualTo(2);
        assertThat(products.searchesCount(today.tags(AnalyticsTags.anyOf("mobile", "web")))
                        .count())
                .isEqualTo(4);
        assertThat(products.searchesCount(AnalyticsQuery.between(TODAY.minusDays(3), TODAY.minusDays(1)))
                        .count())
                .isZero();
        assertThat(products.topSearches(today.limit(1).offset(1)).searches())
                .extracting(TopSearch::search)
                .containsExactly("boot");
        assertThat(products.browseTopSearches(today.limit(1)).toList())
                .extracting(TopSearch::search)
                .containsExactly("shoe", "boot", "hat");
        assertThat(products.browseTopSearchesAsync(today.limit(2)).get()).hasSize(3);
        assertThat(products.browseTopSearchesWithClickAnalytics(today).toList()).hasSize(3);
        assertThat(products.browseNoResultSearches(today).toList()).hasSize(1);
        assertThat(products.browseNoClickSearches(today).toList()).hasSize(1);
        assertThat(products.browseTopHits(today).toList()).hasSize(3);
        assertThat(products.browseTopHitsWithClickAnalytics(today).toList()).hasSize(3);
        assertThat(products.browseTopFilterAttributes(today).toList()).hasSize(1);
    }

    @Test
    void countsAndRatesPerDay() throws Exception {
        var count = products.searchesCount(AnalyticsQuery.of());
        assertThat(count.count()).isEqualTo(4);
        assertThat(count.dates()).hasSize(8).last().isEqualTo(new DailyCount(TODAY, 4));

        NoResultRate noResults = products.noResultRate(AnalyticsQuery.of());
        assertThat(noResults.rate()).isEqualTo(0.25);
        assertThat(noResults.noResultCount()).isEqualTo(1);
        assertThat(noResults.dates().get(0).rate()).isNull();

        NoClickRate noClicks = products.noClickRateAsync(AnalyticsQuery.of()).get();
        assertThat(noClicks.count()).isEqualTo(2);
        assertThat(noClicks.noClickCount()).isEqualTo(1);
        assertThat(noClicks.rate()).isEqualTo(0.5);

        assertThat(products.noResultSearches(AnalyticsQuery.of())
                        .searches()
                        .get(0)
                        .withFilterCount())
                .isEqualTo(1);
        assertThat(products.noClickSearches(AnalyticsQuery.of())
                        .searches()
                        .get(0)
                        .search())
                .isEqualTo("shoe");
        assertThat(products.usersCount(AnalyticsQuery.of()).count()).isEqualTo(4);
    }

    @Test
    void topHits() {
        assertThat(products.topHits(AnalyticsQuery.of()).hits().get(0).hit()).isIn("a", "b");
        TopHitWithClickAnalytics a =
                products.topHitsForSearchWithClickAnalytics("shoe", AnalyticsQuery.of()).hits().stream()
                        .filter(h -> h.hit().equals("a"))
                        .findFirst()
                        .orElseThrow();
        assertThat(a.count()).isEqualTo(2);
        assertThat(a.clickCount()).isEqualTo(1);
        assertThat(a.clickThroughRate()).isEqualTo(0.5);
        assertThat(products.topHitsForSearch("hat", AnalyticsQuery.of()).hits())
                .extracting(h -> h.hit())
                .containsExactly("c");
        assertThat(products.topHitsWithClickAnalytics(AnalyticsQuery.of()).hits())
                .hasSize(3);
    }

    @Test
    void filtersCountriesAndStatus() {
        assertThat(products.topFilterAttributes(AnalyticsQuery.of())
                        .attributes()
                        .get(0)
                        .count())
                .isEqualTo(2);
        assertThat(products.topFilterAttributesForSearch("hat", AnalyticsQuery.of())
                        .attributes())
                .isEmpty();
        assertThat(products.filterValues(List.of("brand"), AnalyticsQuery.of()).values())
                .containsExactly(new FilterValue("brand", ":", "acme", 2));
        assertThat(products.filterValuesForSearch(List.of("brand", "price"), "boot", AnalyticsQuery.of())
                        .values())
                .hasSize(1);
        var bootFilters = products.noResultFilters("boot", AnalyticsQuery.of()).values();
        assertThat(bootFilters).hasSize(1);
        assertThat(bootFilters.get(0).count()).isEqualTo(1);
        assertThat(bootFilters.get(0).values().get(0).value()).isEqualTo("acme");
        assertThat(products.noResultFilters("shoe", AnalyticsQuery.of()).values())
                .isNull();
        assertThat(products.countries(AnalyticsQuery.of()).countries().get(0).count())
                .isEqualTo(4);
        assertThat(products.status().updatedAt()).isEqualTo(Instant.parse("2026-03-10T10:00:00Z"));
    }

    @Test
    void errorsAreTyped() {
        assertThatThrownBy(() -> client.index("nowhere").status()).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> products.topSearchesWithClickAnalytics(
                        AnalyticsQuery.of().orderBy(SearchOrderBy.of("size"))))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void theRateLimitIsHeardThenEnforced() {
        List<RateLimit> heard = new ArrayList<>();
        AnalyticsIndex listening = client.withRateLimitListener(heard::add).index("products");
        for (int i = 0; i < 100; i++) {
            listening.status();
        }
        assertThat(heard).hasSize(100);
        assertThat(heard.get(0).limit()).isEqualTo(100);
        assertThat(heard.get(0).remaining()).isEqualTo(99);
        assertThat(heard.get(99).remaining()).isZero();
        assertThat(heard.get(99).reset()).isEqualTo(Instant.parse("2026-03-10T10:01:00Z"));
        assertThatThrownBy(listening::status)
                .isInstanceOfSatisfying(
                        RateLimitException.class,
                        e -> assertThat(e.rateLimit())
                                .hasValueSatisfying(
                                        limit -> assertThat(limit.remaining()).isZero()));
    }
}
