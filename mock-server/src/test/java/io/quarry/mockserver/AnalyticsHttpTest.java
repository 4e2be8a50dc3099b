package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Analytics computed from the searches run and the events sent: rates, windows, aggregation, limits. */
class AnalyticsHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-10T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void records() {
        admin.post(
                        "/1/indexes/items/batch",
                        jq("{'requests':["
                                + "{'action':'addObject','body':{'objectID':'1','name':'red shoe','brand':'acme','price':5}},"
                                + "{'action':'addObject','body':{'objectID':'2','name':'blue shoe','brand':'zeta','price':9}},"
                                + "{'action':'addObject','body':{'objectID':'3','name':'green hat','brand':'acme','price':2}}"
                                + "]}"))
                .requireOk();
        admin.put("/1/indexes/items/settings", jq("{'attributesForFaceting':['brand']}"))
                .requireOk();
    }

    /** Runs a search 10 s after the previous one (so no two are keystrokes of one another); returns its queryID. */
    private String search(String query, String extra) {
        CLOCK.advance(Duration.ofSeconds(10));
        Reply reply = admin.post("/1/indexes/items/query", jq("{'query':'" + query + "'" + extra + "}"))
                .requireOk();
        JsonNode id = reply.body().get("queryID");
        return id == null ? null : id.asString();
    }

    private Reply event(String type, String queryID, String objectID, Integer position) {
        String members = "{'eventType':'" + type + "','eventName':'e','index':'items','userToken':'u1',"
                + "'objectIDs':['" + objectID + "']" + (queryID == null ? "" : ",'queryID':'" + queryID + "'")
                + (position == null ? "" : ",'positions':[" + position + "]") + "}";
        return admin.post("/1/events", jq("{'events':[" + members + "]}"));
    }

    private JsonNode get(String path) {
        Reply reply = admin.get(path);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.body();
    }

    private JsonNode topSearch(String query) {
        for (JsonNode row : get("/2/searches?index=items&clickAnalytics=true").get("searches")) {
            if (row.get("search").asString().equals(query)) {
                return row;
            }
        }
        throw new AssertionError("no row for " + query);
    }

    @Test
    void ratesAreNullWithoutTrackedSearchesZeroWithoutEventsThenComputed() {
        search("shoe", "");
        JsonNode untracked = topSearch("shoe");
        assertThat(untracked.get("count").asInt()).isEqualTo(1);
        assertThat(untracked.get("nbHits").asInt()).isEqualTo(2);
        assertThat(untracked.get("clickThroughRate").isNull()).isTrue();
        assertThat(untracked.get("conversionRate").isNull()).isTrue();
        assertThat(untracked.get("averageClickPosition").isNull()).isTrue();

        String queryID = search("shoe", ",'clickAnalytics':true");
        JsonNode noEvents = topSearch("shoe");
        assertThat(noEvents.get("count").asInt()).isEqualTo(2);
        assertThat(noEvents.get("trackedSearchCount").asInt()).isEqualTo(1);
        assertThat(noEvents.get("clickThroughRate").asDouble()).isEqualTo(0.0);
        assertThat(noEvents.get("conversionRate").asDouble()).isEqualTo(0.0);
        assertThat(noEvents.get("averageClickPosition").isNull()).isTrue();
        assertThat(noEvents.get("clickPositions")).hasSize(12);

        assertThat(event("click", queryID, "2", 2).status()).isEqualTo(200);
        assertThat(event("conversion", queryID, "2", null).status()).isEqualTo(200);
        JsonNode clicked = topSearch("shoe");
        assertThat(clicked.get("clickThroughRate").asDouble()).isEqualTo(1.0);
        assertThat(clicked.get("conversionRate").asDouble()).isEqualTo(1.0);
        assertThat(clicked.get("averageClickPosition").asDouble()).isEqualTo(2.0);
        assertThat(clicked.get("clickCount").asInt()).isEqualTo(1);
        assertThat(clicked.get("conversionCount").asInt()).isEqualTo(1);
        assertThat(clicked.get("clickPositions").get(1).get("position").toString())
                .isEqualTo("[2,2]");
        assertThat(clicked.get("clickPositions").get(1).get("clickCount").asInt())
                .isEqualTo(1);
        assertThat(clicked.get("clickPositions").get(11).get("position").toString())
                .isEqualTo("[201,-1]");

        JsonNode withoutClickAnalytics =
                get("/2/searches?index=items").get("searches").get(0);
        assertThat(withoutClickAnalytics.has("clickThroughRate")).isFalse();

        JsonNode hit = get("/2/hits?index=items&clickAnalytics=true").get("hits");
        assertThat(hit.get(0).get("hit").asString()).isIn("1", "2");
        JsonNode hit2 = get("/2/hits?index=items&clickAnalytics=true&search=shoe&limit=10")
                .get("hits");
        JsonNode row2 = hit2.get(0).get("hit").asString().equals("2") ? hit2.get(0) : hit2.get(1);
        assertThat(row2.get("count").asInt()).isEqualTo(2);
        assertThat(row2.get("clickCount").asInt()).isEqualTo(1);
        assertThat(row2.get("clickThroughRate").asDouble()).isEqualTo(1.0);
        assertThat(row2.has("averageClickPosition")).isFalse();
    }

    @Test
    void clicksCountOnlyWithinOneHourOfTheirSearch() {
        String late = search("shoe", ",'clickAnalytics':true");
        CLOCK.advance(Duration.ofMinutes(61));
        event("click", late, "1", 1);
        assertThat(topSearch("shoe").get("clickCount").asInt()).isZero();
        assertThat(get("/2/searches/noClickRate?index=items")
                        .get("noClickCount")
                        .asInt())
                .isEqualTo(1);

        String inTime = search("shoe", ",'clickAnalytics':true");
        CLOCK.advance(Duration.ofMinutes(59));
        event("click", inTime, "1", 1);
        JsonNode row = topSearch("shoe");
        assertThat(row.get("clickCount").asInt()).isEqualTo(1);
        assertThat(row.get("clickThroughRate").asDouble()).isEqualTo(0.5);
        JsonNode rate = get("/2/searches/noClickRate?index=items");
        assertThat(rate.get("count").asInt()).isEqualTo(2);
        assertThat(rate.get("noClickCount").asInt()).isEqualTo(1);
        assertThat(rate.get("rate").asDouble()).isEqualTo(0.5);
        assertThat(get("/2/searches/noClicks?index=items")
                        .get("searches")
                        .get(0)
                        .get("count")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void aRefusedBatchRecordsNothing() {
        String queryID = search("shoe", ",'clickAnalytics':true");
        Reply refused = admin.post(
                "/1/events",
                jq("{'events':[{'eventType':'click','eventName':'e','index':'items','userToken':'u1',"
                        + "'objectIDs':['1'],'queryID':'" + queryID + "','positions':[1]},"
                        + "{'eventType':'click','index':'items','userToken':'u1','objectIDs':['1']}]}"));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(topSearch("shoe").get("clickCount").asInt()).isZero();
    }

    @Test
    void keystrokesOfOneUserCountOnlyTheirLastQuery() {
        CLOCK.advance(Duration.ofSeconds(10));
        for (String typed : List.of("s", "sh", "sho", "shoe")) {
            CLOCK.advance(Duration.ofMillis(300));
            admin.post("/1/indexes/items/query", jq("{'query':'" + typed + "','userToken':'typist'}"))
                    .requireOk();
        }
        search("sho", ",'userToken':'other'");
        search("sh", ",'userToken':'slow'");
        CLOCK.advance(Duration.ofSeconds(6));
        admin.post("/1/indexes/items/query", jq("{'query':'shoe','userToken':'slow'}"));
        List<String> searches = new ArrayList<>();
        get("/2/searches?index=items&limit=100")
                .get("searches")
                .forEach(r -> searches.add(
                        r.get("search").asString() + "=" + r.get("count").asInt()));
        assertThat(searches).containsExactlyInAnyOrder("shoe=2", "sho=1", "sh=1");
        assertThat(get("/2/searches/count?index=items").get("count").asInt()).isEqualTo(4);
        assertThat(get("/2/users/count?index=items").get("count").asInt()).isEqualTo(3);
    }

    @Test
    void countsPerDayOverTheDefaultRangeAndUsersByTokenElseAddress() {
        String dayBefore = java.time.LocalDate.ofInstant(CLOCK.instant(), java.time.ZoneOffset.UTC)
                .minusDays(1)
                .toString();
        search("shoe", ",'userToken':'a'");
        search("hat", ",'userToken':'a'");
        search("hat", "");
        CLOCK.advance(Duration.ofDays(1));
        search("shoe", "");
        JsonNode count = get("/2/searches/count?index=items");
        assertThat(count.get("count").asInt()).isEqualTo(4);
        assertThat(count.get("dates")).hasSize(8);
        assertThat(count.get("dates").get(6).get("count").asInt()).isEqualTo(3);
        assertThat(count.get("dates").get(7).get("count").asInt()).isEqualTo(1);
        JsonNode users = get("/2/users/count?index=items");
        assertThat(users.get("count").asInt()).isEqualTo(2);
        assertThat(users.get("dates").get(6).get("count").asInt()).isEqualTo(2);
        JsonNode oneDay = get("/2/searches/count?index=items&startDate=" + dayBefore + "&endDate=" + dayBefore);
        assertThat(oneDay.get("dates")).hasSize(1);
        assertThat(oneDay.get("count").asInt()).isZero();
        assertThat(get("/2/countries?index=items")
                        .get("countries")
                        .get(0)
                        .get("count")
                        .asInt())
                .isEqualTo(4);
    }

    @Test
    void noResultsFiltersAndTags() {
        search("boot", ",'filters':'brand:acme','analyticsTags':['mobile']");
        search("boot", ",'analyticsTags':['web']");
        search("shoe", ",'filters':'brand:acme AND price > 3','analyticsTags':['mobile','fr']");
        JsonNode noResults =
                get("/2/searches/noResults?index=items").get("searches").get(0);
        assertThat(noResults.get("search").asString()).isEqualTo("boot");
        assertThat(noResults.get("count").asInt()).isEqualTo(2);
        assertThat(noResults.get("withFilterCount").asInt()).isEqualTo(1);
        JsonNode rate = get("/2/searches/noResultRate?index=items");
        assertThat(rate.get("noResultCount").asInt()).isEqualTo(2);
        assertThat(rate.get("rate").asDouble()).isEqualTo(2.0 / 3);
        assertThat(rate.get("dates").get(0).get("rate").isNull()).isTrue();

        JsonNode attributes = get("/2/filters?index=items").get("attributes");
        assertThat(attributes.get(0).get("attribute").asString()).isEqualTo("brand");
        assertThat(attributes.get(0).get("count").asInt()).isEqualTo(2);
        assertThat(get("/2/filters?index=items&search=shoe").get("attributes")).hasSize(2);
        JsonNode values = get("/2/filters/brand,price?index=items").get("values");
        assertThat(values).hasSize(2);
        assertThat(values.get(0).get("value").asString()).isEqualTo("acme");
        assertThat(values.get(0).get("operator").asString()).isEqualTo(":");
        assertThat(values.get(1).get("operator").asString()).isEqualTo(">");

        JsonNode noResultFilters =
                get("/2/filters/noResults?index=items&search=boot").get("values");
        assertThat(noResultFilters).hasSize(1);
        assertThat(noResultFilters.get(0).get("values").get(0).get("attribute").asString())
                .isEqualTo("brand");
        assertThat(get("/2/filters/noResults?index=items&search=shoe")
                        .get("values")
                        .isNull())
                .isTrue();

        assertThat(get("/2/searches/count?index=items&tags=mobile").get("count").asInt())
                .isEqualTo(2);
        assertThat(get("/2/searches/count?index=items&tags=mobile%20AND%20fr")
                        .get("count")
                        .asInt())
                .isEqualTo(1);
        assertThat(get("/2/searches/count?index=items&tags=%28mobile%20AND%20fr%29%20OR%20web")
                        .get("count")
                        .asInt())
                .isEqualTo(2);
        assertThat(admin.get("/2/searches/count?index=items&tags=(mobile").status())
                .isEqualTo(400);
    }

    @Test
    void limitOffsetOrderAndTheThousandRowCap() {
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 1005; i++) {
            if (requests.length() > 0) {
                requests.append(',');
            }
            requests.append("{'indexName':'items','query':'q").append(i).append("'}");
            // 50 queries a multi-search, the most one may hold
            if (i % 50 == 49 || i == 1004) {
                admin.post("/1/indexes/*/queries", jq("{'requests':[" + requests + "]}"))
                        .requireOk();
                requests.setLength(0);
            }
        }
        assertThat(get("/2/searches?index=items&limit=1000").get("searches")).hasSize(1000);
        assertThat(get("/2/searches?index=items&limit=1000&offset=990").get("searches"))
                .hasSize(10);
        assertThat(get("/2/searches?index=items").get("searches")).hasSize(10);
        JsonNode page =
                get("/2/searches?index=items&limit=2&offset=3&direction=asc").get("searches");
        assertThat(page).hasSize(2);
        assertThat(admin.get("/2/searches?index=items&limit=1001").status()).isEqualTo(400);
        assertThat(admin.get("/2/searches?index=items&offset=-1").status()).isEqualTo(400);
        Reply needsClicks = admin.get("/2/searches?index=items&orderBy=clickThroughRate");
        assertThat(needsClicks.status()).isEqualTo(400);
        assertThat(needsClicks.body().get("message").asString()).contains("clickAnalytics");
        assertThat(admin.get("/2/searches?index=items&orderBy=clickThroughRate&clickAnalytics=true")
                        .status())
                .isEqualTo(200);
        assertThat(admin.get("/2/searches?index=items&orderBy=size").status()).isEqualTo(400);
    }

    @Test
    void oneSearchsHitsAnswerNoRowsWithoutALimit() {
        search("shoe", "");
        // the documented default of limit for one search's hits is 0; every other top list's is 10
        assertThat(get("/2/hits?index=items&search=shoe").get("hits")).isEmpty();
        assertThat(get("/2/hits?index=items&search=shoe&limit=10").get("hits")).hasSize(2);
        assertThat(get("/2/hits?index=items").get("hits")).hasSize(2);
    }

    @Test
    void ordersByClickThroughRate() {
        String good = search("shoe", ",'clickAnalytics':true");
        event("click", good, "1", 1);
        search("hat", ",'clickAnalytics':true");
        search("hat", ",'clickAnalytics':true");
        JsonNode byCount = get("/2/searches?index=items&clickAnalytics=true").get("searches");
        assertThat(byCount.get(0).get("search").asString()).isEqualTo("hat");
        JsonNode byRate = get("/2/searches?index=items&clickAnalytics=true&orderBy=clickThroughRate")
                .get("searches");
        assertThat(byRate.get(0).get("search").asString()).isEqualTo("shoe");
        JsonNode ascending = get("/2/searches?index=items&clickAnalytics=true&orderBy=clickThroughRate&direction=asc")
                .get("searches");
        assertThat(ascending.get(0).get("search").asString()).isEqualTo("hat");
    }

    @Test
    void parameterErrorsAndUnknownIndices() {
        Reply missing = admin.get("/2/searches");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body().get("status").asInt()).isEqualTo(400);
        assertThat(admin.get("/2/searches?index=nowhere").status()).isEqualTo(404);
        assertThat(admin.get("/2/searches?index=items&startDate=2026-13-01").status())
                .isEqualTo(400);
        assertThat(admin.get("/2/searches?index=items&startDate=2026-03-09&endDate=2026-03-01")
                        .status())
                .isEqualTo(400);
        assertThat(admin.get("/2/filters/noResults?index=items").status()).isEqualTo(400);
        String searchOnly = admin.createKey(jq("{'acl':['search']}"));
        assertThat(admin.withKey(searchOnly).get("/2/searches?index=items").status())
                .isEqualTo(403);
    }

    @Test
    void statusIsNullUntilTheFirstSearch() {
        assertThat(get("/2/status?index=items").get("updatedAt").isNull()).isTrue();
        search("shoe", "");
        assertThat(get("/2/status?index=items").get("updatedAt").asString())
                .isEqualTo(CLOCK.instant().toString());
    }

    @Test
    void oneHundredCallsAMinuteWithHeadersThen429() {
        long nextMinute = (CLOCK.millis() / 60_000 + 1) * 60;
        for (int i = 0; i < 100; i++) {
            Reply reply = admin.get("/2/status?index=items");
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.headers().firstValue("X-RateLimit-Limit")).hasValue("100");
            assertThat(reply.headers().firstValue("X-RateLimit-Remaining")).hasValue(String.valueOf(99 - i));
            assertThat(reply.headers().firstValue("X-RateLimit-Reset")).hasValue(String.valueOf(nextMinute));
        }
        Reply limited = admin.get("/2/status?index=items");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.headers().firstValue("X-RateLimit-Remaining")).hasValue("0");
        CLOCK.advance(Duration.ofSeconds(60));
        assertThat(admin.get("/2/status?index=items").status()).isEqualTo(200);
    }
}
