package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.AnalyticsRecount.Search;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random searches over five days (keystroke series, tags, filters, users, click analytics) and clicks and
 * conversions, some sent more than an hour late; then every analytics endpoint, for random date ranges and tags
 * expressions, compared with {@link AnalyticsRecount}, and pages compared with the whole list.
 */
class AnalyticsOracleHttpTest {

    private static final long SEED = 20261129L;
    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-05T21:00:00Z"));
    private static final long HOUR = 3_600_000;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    /** Keystroke series ("s" to "shoe "), case and spaces, characters a URL must encode, the empty query. */
    private static final List<String> QUERIES = List.of(
            "s", "sh", "Sho", "shoe", "shoe ", "hat", "boot", "c++", "a&b", "50%", "été", "", "red  shoe", "x+y");

    private static final List<String> TAGS = List.of("mobile", "web", "fr", "c++", "a&b", "é/x", "50%");
    private static final Map<String, List<List<String>>> FILTERS = Map.of(
            "", List.of(),
            "brand:acme", List.of(List.of("brand", ":", "acme")),
            "price > 3", List.of(List.of("price", ">", "3")),
            "brand:zeta AND price < 9", List.of(List.of("brand", ":", "zeta"), List.of("price", "<", "9")));

    private final TestClient admin = new TestClient(MOCK.server());
    private final Random random = new Random(SEED);
    private final AnalyticsRecount recount = new AnalyticsRecount();
    private final List<Late> late = new ArrayList<>();

    /** An event sent once the clock reaches its time. */
    private record Late(Search search, String queryID, long at) {}

    @Test
    void everyEndpointAgreesWithARecountOfTheSearches() {
        records();
        for (int i = 0; i < 70; i++) {
            search();
        }
        LocalDate firstDay = LocalDate.of(2026, 3, 5);
        LocalDate lastDay = LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC);
        check(firstDay, lastDay, null);
        int days = (int) (lastDay.toEpochDay() - firstDay.toEpochDay()) + 1;
        for (int round = 0; round < 4; round++) {
            LocalDate first = firstDay.plusDays(random.nextInt(days + 1) - 1);
            LocalDate last = first.plusDays(random.nextInt(3));
            check(first, last, round % 2 == 0 ? tagsExpression() : null);
        }
    }

    private void records() {
        String[] names = {"red shoe", "blue shoe", "green hat", "red hat", "boot c++", "a&b 50% été", "x+y", "shoe"};
        for (int i = 0; i < names.length; i++) {
            String brand = i % 2 == 0 ? "acme" : "zeta";
            admin.put(
                            "/1/indexes/items/o" + i,
                            jq("{'name':'" + names[i] + "','brand':'" + brand + "','price':" + (i + 1) + "}"))
                    .requireOk();
        }
        admin.put("/1/indexes/items/settings", jq("{'attributesForFaceting':['brand']}"))
                .requireOk();
    }

    /** One search, half of them within a keystroke's reach of the previous one, and its events. */
    private void search() {
        advance(random.nextBoolean() ? 100 + random.nextInt(7000) : random.nextInt(3 * (int) HOUR));
        Search s = new Search();
        s.at = CLOCK.millis();
        s.day = LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC);
        s.query = QUERIES.get(random.nextInt(QUERIES.size()));
        s.tags = new TreeSet<>();
        for (int t = random.nextInt(3); t > 0; t--) {
            s.tags.add(TAGS.get(random.nextInt(TAGS.size())));
        }
        s.tracked = random.nextBoolean();
        String filter = new ArrayList<>(new TreeSet<>(FILTERS.keySet())).get(random.nextInt(FILTERS.size()));
        s.filters = FILTERS.get(filter);

        ObjectNode body = JsonNodeFactory.instance.objectNode().put("query", s.query);
        s.tags.forEach(body.putArray("analyticsTags")::add);
        if (random.nextInt(4) > 0) {
            s.user = "u" + random.nextInt(3);
            body.put("userToken", s.user);
        } else {
            s.user = "ip";
        }
        body.put("clickAnalytics", s.tracked).put("filters", filter);
        Reply reply = admin.post("/1/indexes/items/query", body.toString()).requireOk();
        s.nbHits = reply.body().get("nbHits").asLong();
        s.objectIDs = reply.hitIds();
        recount.add(s);
        if (s.tracked) {
            String queryID = reply.body().get("queryID").asString();
            for (int e = random.nextInt(4); e > 0; e--) {
                if (random.nextBoolean()) {
                    event(s, queryID);
                } else {
                    late.add(new Late(s, queryID, s.at + random.nextInt(2 * (int) HOUR)));
                }
            }
        }
    }

    /** Moves the clock on, sending each late event at its time on the way. */
    private void advance(long millis) {
        long target = CLOCK.millis() + millis;
        late.sort(Comparator.comparingLong(Late::at));
        while (!late.isEmpty() && late.get(0).at <= target) {
            Late event = late.remove(0);
            CLOCK.advance(Duration.ofMillis(Math.max(0, event.at - CLOCK.millis())));
            event(event.search, event.queryID);
        }
        CLOCK.advance(Duration.ofMillis(target - CLOCK.millis()));
    }

    /** A click (with its position) or a conversion on one of the search's hits; counted within the hour only. */
    private void event(Search s, String queryID) {
        boolean click = random.nextInt(3) > 0;
        String objectID = s.objectIDs.isEmpty() ? "none" : s.objectIDs.get(random.nextInt(s.objectIDs.size()));
        int position = s.objectIDs.indexOf(objectID) + 1;
        String event = "{'eventType':'" + (click ? "click" : "conversion") + "','eventName':'e','index':'items',"
                + "'userToken':'u','queryID':'" + queryID + "','objectIDs':['" + objectID + "']"
                + (click && position > 0 ? ",'positions':[" + position + "]" : "") + "}";
        admin.post("/1/events", jq("{'events':[" + event + "]}")).requireOk();
        if (CLOCK.millis() - s.at > HOUR) {
            return;
        }
        if (click) {
            s.clicks++;
            if (position > 0) {
                s.positions.add(position);
            }
        } else {
            s.conversions++;
        }
        if (position > 0) {
            s.hitEvents.computeIfAbsent(objectID, k -> new int[2])[click ? 0 : 1]++;
        }
    }

    /** {@return an expression of the shapes {@code a}, {@code a OR b}, {@code a AND b}, {@code (a OR b) AND c}} */
    private String tagsExpression() {
        List<String> tags = sample(TAGS, 3);
        return switch (random.nextInt(4)) {
            case 0 -> tags.get(0);
            case 1 -> tags.get(0) + " OR " + tags.get(1);
            case 2 -> tags.get(0) + " AND " + tags.get(1);
            default -> "(" + tags.get(0) + " OR " + tags.get(1) + ") AND " + tags.get(2);
        };
    }

    /** {@return the test an expression of {@link #tagsExpression()} stands for} */
    private static Predicate<Set<String>> matcher(String expression) {
        if (expression == null) {
            return tags -> true;
        }
        if (expression.startsWith("(")) {
            String[] parts = expression.substring(1).split("\\) AND ");
            Predicate<Set<String>> inner = matcher(parts[0]);
            return tags -> inner.test(tags) && tags.contains(parts[1]);
        }
        if (expression.contains(" OR ")) {
            String[] parts = expression.split(" OR ");
            return tags -> tags.contains(parts[0]) || tags.contains(parts[1]);
        }
        if (expression.contains(" AND ")) {
            String[] parts = expression.split(" AND ");
            return tags -> tags.contains(parts[0]) && tags.contains(parts[1]);
        }
        return tags -> tags.contains(expression);
    }

    private void check(LocalDate first, LocalDate last, String tags) {
        List<Search> in = recount.counted(first, last, matcher(tags));
        String common = "?index=items&startDate=" + first + "&endDate=" + last
                + (tags == null ? "" : "&tags=" + URLEncoder.encode(tags, StandardCharsets.UTF_8));
        String where = "seed " + SEED + ", " + common;
        checkCountsAndRates(in, first, last, common, where);
        checkTopLists(in, common, where);
        checkOneSearch(in, common, where);
        checkOrdersAndPages(common, where);
    }

    private void checkCountsAndRates(List<Search> in, LocalDate first, LocalDate last, String common, String where) {
        JsonNode count = get("/2/searches/count" + common);
        assertThat(count.get("count").asLong()).as(where).isEqualTo(in.size());
        List<String> days = new ArrayList<>();
        count.get("dates").forEach(d -> days.add(d.get("date").asString() + " " + d.get("count")));
        List<String> expectedDays = new ArrayList<>();
        for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
            LocalDate d = day;
            expectedDays.add(d + " " + in.stream().filter(s -> s.day.equals(d)).count());
        }
        assertThat(days).as(where).isEqualTo(expectedDays);

        assertThat(get("/2/users/count" + common).get("count").asLong())
                .as(where)
                .isEqualTo(in.stream().map(s -> s.user).distinct().count());
        JsonNode noResultRate = get("/2/searches/noResultRate" + common);
        assertThat(noResultRate.get("count").asLong()).as(where).isEqualTo(in.size());
        assertThat(noResultRate.get("noResultCount").asLong())
                .as(where)
                .isEqualTo(in.stream().filter(s -> s.nbHits == 0).count());
        JsonNode noClickRate = get("/2/searches/noClickRate" + common);
        assertThat(noClickRate.get("count").asLong())
                .as(where)
                .isEqualTo(in.stream().filter(s -> s.tracked).count());
        assertThat(noClickRate.get("noClickCount").asLong())
                .as(where)
                .isEqualTo(in.stream().filter(s -> s.tracked && s.clicks == 0).count());
        assertThat(get("/2/countries" + common).get("countries")).as(where).hasSize(in.isEmpty() ? 0 : 1);
    }

    private void checkTopLists(List<Search> in, String common, String where) {
        assertThat(rows(
                        get("/2/searches" + common + "&limit=1000&clickAnalytics=true")
                                .get("searches"),
                        "search",
                        "count",
                        "nbHits",
                        "clickThroughRate",
                        "averageClickPosition",
                        "conversionRate",
                        "trackedSearchCount",
                        "clickCount",
                        "conversionCount"))
                .as(where)
                .isEqualTo(AnalyticsRecount.topSearches(in));
        assertThat(rows(
                        get("/2/searches/noResults" + common + "&limit=1000").get("searches"),
                        "search",
                        "count",
                        "withFilterCount"))
                .as(where)
                .isEqualTo(AnalyticsRecount.noResults(in));
        assertThat(rows(
                        get("/2/searches/noClicks" + common + "&limit=1000").get("searches"),
                        "search",
                        "count",
                        "nbHits"))
                .as(where)
                .isEqualTo(AnalyticsRecount.noClicks(in));
        assertThat(rows(
                        get("/2/hits" + common + "&limit=1000&clickAnalytics=true")
                                .get("hits"),
                        "hit",
                        "count",
                        "trackedSearchCount",
                        "clickThroughRate",
                        "clickCount",
                        "conversionCount"))
                .as(where)
                .isEqualTo(AnalyticsRecount.hits(in));
        assertThat(counts(get("/2/filters" + common).get("attributes"), "attribute"))
                .as(where)
                .isEqualTo(AnalyticsRecount.attributes(in));
        assertThat(counts(
                        get("/2/filters/brand,price" + common + "&limit=1000").get("values"),
                        "attribute",
                        "operator",
                        "value"))
                .as(where)
                .isEqualTo(AnalyticsRecount.filterValues(in));
    }

    /** The calls about one search ({@code search=}), for a few queries. */
    private void checkOneSearch(List<Search> in, String common, String where) {
        for (String query : sample(QUERIES, 4)) {
            String search = "&search=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
            assertThat(counts(get("/2/hits" + common + search + "&limit=1000").get("hits"), "hit"))
                    .as(where + search)
                    .isEqualTo(AnalyticsRecount.hitsOf(in, query));
            JsonNode groups = get("/2/filters/noResults" + common + search + "&limit=1000")
                    .get("values");
            Map<String, Long> combinations = null;
            if (!groups.isNull()) {
                combinations = new TreeMap<>();
                for (JsonNode group : groups) {
                    List<List<String>> filters = new ArrayList<>();
                    group.get("values")
                            .forEach(f -> filters.add(List.of(
                                    f.get("attribute").asString(),
                                    f.get("operator").asString(),
                                    f.get("value").asString())));
                    combinations.put(filters.toString(), group.get("count").asLong());
                }
            }
            assertThat(combinations).as(where + search).isEqualTo(AnalyticsRecount.noResultFilters(in, query));
        }
    }

    /** One order by a rate both ways (nulls last, ties by search), and pages of 5 against the whole list. */
    private void checkOrdersAndPages(String common, String where) {
        String orderBy = sample(List.of("clickThroughRate", "conversionRate", "averageClickPosition"), 1)
                .get(0);
        for (String direction : List.of("asc", "desc")) {
            List<JsonNode> rows = new ArrayList<>();
            get("/2/searches" + common + "&limit=1000&clickAnalytics=true&orderBy=" + orderBy + "&direction="
                            + direction)
                    .get("searches")
                    .forEach(rows::add);
            for (int i = 1; i < rows.size(); i++) {
                JsonNode a = rows.get(i - 1);
                JsonNode b = rows.get(i);
                String pair = where + " " + orderBy + " " + direction + ": " + a + " then " + b;
                if (a.get(orderBy).isNull()) {
                    assertThat(b.get(orderBy).isNull()).as(pair).isTrue();
                } else if (!b.get(orderBy).isNull()) {
                    int compare = Double.compare(
                            a.get(orderBy).asDouble(), b.get(orderBy).asDouble());
                    assertThat(direction.equals("asc") ? compare : -compare)
                            .as(pair)
                            .isLessThanOrEqualTo(0);
                    if (compare == 0) {
                        assertThat(a.get("search").asString())
                                .as(pair)
                                .isLessThan(b.get("search").asString());
                    }
                }
            }
        }
        List<String> whole = new ArrayList<>();
        get("/2/searches" + common + "&limit=1000")
                .get("searches")
                .forEach(r -> whole.add(r.get("search").asString()));
        List<String> paged = new ArrayList<>();
        for (int offset = 0; offset < whole.size() + 5; offset += 5) {
            get("/2/searches" + common + "&limit=5&offset=" + offset)
                    .get("searches")
                    .forEach(r -> paged.add(r.get("search").asString()));
        }
        assertThat(paged).as(where).isEqualTo(whole);
    }

    /** {@return the rows as {@link AnalyticsRecount#row} writes them} */
    private static Set<String> rows(JsonNode rows, String key, String... values) {
        Set<String> written = new HashSet<>();
        for (JsonNode row : rows) {
            List<String> texts = new ArrayList<>();
            for (String value : values) {
                texts.add(row.get(value).toString());
            }
            written.add(AnalyticsRecount.row(row.get(key).asString(), texts));
        }
        return written;
    }

    /** {@return each row's count by its key members written together} */
    private static Map<String, Long> counts(JsonNode rows, String... key) {
        Map<String, Long> counts = new TreeMap<>();
        for (JsonNode row : rows) {
            StringBuilder text = new StringBuilder();
            for (String member : key) {
                text.append(row.get(member).asString());
            }
            counts.put(text.toString(), row.get("count").asLong());
        }
        return counts;
    }

    private <T> List<T> sample(List<T> items, int count) {
        List<T> shuffled = new ArrayList<>(items);
        Collections.shuffle(shuffled, random);
        return shuffled.subList(0, count);
    }

    /** A GET a second after the last, so that the test stays under the 100 calls a minute. */
    private JsonNode get(String path) {
        CLOCK.advance(Duration.ofSeconds(1));
        Reply reply = admin.get(path);
        assertThat(reply.status()).as(path + " " + reply).isEqualTo(200);
        return reply.body();
    }
}
