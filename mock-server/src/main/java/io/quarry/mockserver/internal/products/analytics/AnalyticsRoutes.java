package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.internal.state.TrackedSearch;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The analytics endpoints, each computed at call time from the application's tracked searches and events. */
final class AnalyticsRoutes {

    /** The country every search counts under: the mock server has no geolocation of addresses. */
    static final String UNKNOWN_COUNTRY = "ZZ";

    private final Application app;

    AnalyticsRoutes(Application app) {
        this.app = app;
    }

    /** {@code GET /2/status}. */
    Response status(Request request) {
        AnalyticsParams params = params(request);
        long latest = -1;
        for (TrackedSearch search : app.tracking().searches()) {
            if (search.index().equals(params.index())) {
                latest = Math.max(latest, search.timestamp());
            }
        }
        ObjectNode body = Json.object();
        if (latest < 0) {
            body.putNull("updatedAt");
        } else {
            body.put("updatedAt", Instant.ofEpochMilli(latest).toString());
        }
        return Response.ok(body);
    }

    /** {@code GET /2/searches}: top searches, with click metrics when asked. */
    Response searches(Request request) {
        AnalyticsParams params = params(request);
        SearchOrder order = SearchOrder.of(request, params.clickAnalytics());
        ClickAttribution attribution = attribution(params);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            Group group = groups.computeIfAbsent(search.query(), Group::new);
            group.add(search);
            if (search.tracked()) {
                List<TrackedEvent> clicks = attribution.clicks(search);
                List<TrackedEvent> conversions = attribution.conversions(search);
                group.metrics.addTrackedSearch(!clicks.isEmpty(), !conversions.isEmpty());
                group.metrics.clickCount += clicks.size();
                group.metrics.conversionCount += conversions.size();
                clicks.forEach(group.metrics::addPositions);
            }
        }
        ArrayNode rows = Rows.page(
                new ArrayList<>(groups.values()),
                Rows.byCount(g -> g.count, g -> g.key),
                order.comparator(),
                params,
                g -> {
                    ObjectNode row = Json.object();
                    row.put("search", g.key);
                    row.put("count", g.count);
                    row.put("nbHits", g.averageHits());
                    if (params.clickAnalytics()) {
                        g.metrics.writeTo(row, true);
                    }
                    return row;
                });
        return Response.ok(Json.object().set("searches", rows));
    }

    /** {@code GET /2/searches/count}. */
    Response searchesCount(Request request) {
        AnalyticsParams params = params(request);
        Map<LocalDate, Long> perDay = days(params);
        List<TrackedSearch> counted = counted(params);
        counted.forEach(s -> perDay.merge(day(s), 1L, Long::sum));
        ObjectNode body = Json.object();
        body.put("count", counted.size());
        ArrayNode dates = Json.array();
        perDay.forEach((date, count) ->
                dates.add(Json.object().put("date", date.toString()).put("count", count)));
        body.set("dates", dates);
        return Response.ok(body);
    }

    /** {@code GET /2/searches/noResults}. */
    Response noResults(Request request) {
        AnalyticsParams params = params(request);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            if (search.nbHits() == 0) {
                Group group = groups.computeIfAbsent(search.query(), Group::new);
                group.add(search);
                group.withFilterCount += search.filters().isEmpty() ? 0 : 1;
            }
        }
        return Response.ok(Json.object()
                .set("searches", topGroups(groups, params, (g, row) -> row.put("withFilterCount", g.withFilterCount))));
    }

    /** {@code GET /2/searches/noClicks}: tracked searches with results that earned no click. */
    Response noClicks(Request request) {
        AnalyticsParams params = params(request);
        ClickAttribution attribution = attribution(params);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            if (search.tracked()
                    && search.nbHits() > 0
                    && attribution.clicks(search).isEmpty()) {
                groups.computeIfAbsent(search.query(), Group::new).add(search);
            }
        }
        return Response.ok(Json.object()
                .set("searches", topGroups(groups, params, (g, row) -> row.put("nbHits", g.averageHits()))));
    }

    /** {@code GET /2/searches/noResultRate}. */
    Response noResultRate(Request request) {
        AnalyticsParams params = params(request);
        return rate(params, counted(params), s -> s.nbHits() == 0, "noResultCount");
    }

    /** {@code GET /2/searches/noClickRate}: among tracked searches, those without a click. */
    Response noClickRate(Request request) {
        AnalyticsParams params = params(request);
        ClickAttribution attribution = attribution(params);
        List<TrackedSearch> tracked =
                counted(params).stream().filter(TrackedSearch::tracked).toList();
        return rate(params, tracked, s -> attribution.clicks(s).isEmpty(), "noClickCount");
    }

    /** {@code GET /2/hits}: the records most often returned, optionally for one search and with click metrics. */
    Response hits(Request request) {
        AnalyticsParams params = params(request);
        ClickAttribution attribution = attribution(params);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            if (params.search() != null && !search.query().equals(params.search())) {
                continue;
            }
            List<TrackedEvent> clicks = attribution.clicks(search);
            List<TrackedEvent> conversions = attribution.conversions(search);
            for (String objectID : new HashSet<>(search.objectIDs())) {
                Group group = groups.computeIfAbsent(objectID, Group::new);
                group.count++;
                if (search.tracked()) {
                    long hitClicks = clicks.stream()
                            .filter(e -> e.objectIDs().contains(objectID))
                            .count();
                    long hitConversions = conversions.stream()
                            .filter(e -> e.objectIDs().contains(objectID))
                            .count();
                    group.metrics.addTrackedSearch(hitClicks > 0, hitConversions > 0);
                    group.metrics.clickCount += hitClicks;
                    group.metrics.conversionCount += hitConversions;
                }
            }
        }
        Comparator<Group> frequency = Rows.byCount(g -> g.count, g -> g.key);
        ArrayNode rows = Rows.page(new ArrayList<>(groups.values()), frequency, frequency, params, g -> {
            ObjectNode row = Json.object();
            row.put("hit", g.key);
            row.put("count", g.count);
            if (params.clickAnalytics()) {
                g.metrics.writeTo(row, false);
            }
            return row;
        });
        return Response.ok(Json.object().set("hits", rows));
    }

    /** {@code GET /2/users/count}: distinct users (user token, else IP address) over the range and per day. */
    Response usersCount(Request request) {
        AnalyticsParams params = params(request);
        Map<LocalDate, Set<String>> perDay = new TreeMap<>();
        days(params).keySet().forEach(d -> perDay.put(d, new HashSet<>()));
        Set<String> all = new HashSet<>();
        for (TrackedSearch search : counted(params)) {
            String user = String.valueOf(search.user());
            all.add(user);
            perDay.get(day(search)).add(user);
        }
        ObjectNode body = Json.object();
        body.put("count", all.size());
        ArrayNode dates = Json.array();
        perDay.forEach((date, users) ->
                dates.add(Json.object().put("date", date.toString()).put("count", users.size())));
        body.set("dates", dates);
        return Response.ok(body);
    }

    /** {@code GET /2/filters}: the attributes most filtered on, optionally for one search. */
    Response filters(Request request) {
        AnalyticsParams params = params(request);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            if (params.search() != null && !search.query().equals(params.search())) {
                continue;
            }
            Set<String> attributes = new HashSet<>();
            search.filters().forEach(f -> attributes.add(f.attribute()));
            attributes.forEach(a -> groups.computeIfAbsent(a, Group::new).count++);
        }
        Comparator<Group> frequency = Rows.byCount(g -> g.count, g -> g.key);
        ArrayNode rows = Rows.page(
                new ArrayList<>(groups.values()),
                frequency,
                frequency,
                params,
                g -> Json.object().put("attribute", g.key).put("count", g.count));
        return Response.ok(Json.object().set("attributes", rows));
    }

    /** {@code GET /2/filters/{attributes}}: the values most used for some attributes (comma-separated). */
    Response filterValues(Request request) {
        AnalyticsParams params = params(request);
        Set<String> wanted = new HashSet<>();
        for (String attribute : request.path("attributes").split(",")) {
            if (!attribute.isBlank()) {
                wanted.add(attribute.trim());
            }
        }
        if (wanted.isEmpty()) {
            throw ApiException.badRequest("At least one attribute is required");
        }
        Map<AppliedFilter, long[]> counts = new LinkedHashMap<>();
        for (TrackedSearch search : counted(params)) {
            if (params.search() != null && !search.query().equals(params.search())) {
                continue;
            }
            for (AppliedFilter filter : new HashSet<>(search.filters())) {
                if (wanted.contains(filter.attribute())) {
                    counts.computeIfAbsent(filter, f -> new long[1])[0]++;
                }
            }
        }
        Comparator<Map.Entry<AppliedFilter, long[]>> frequency = Rows.byCount(
                e -> e.getValue()[0],
                e -> e.getKey().attribute() + e.getKey().operator() + e.getKey().value());
        ArrayNode rows = Rows.page(
                new ArrayList<>(counts.entrySet()),
                frequency,
                frequency,
                params,
                e -> filterJson(e.getKey()).put("count", e.getValue()[0]));
        return Response.ok(Json.object().set("values", rows));
    }

    /**
     * {@code GET /2/filters/noResults}: for one search, the filter combinations used when it found nothing;
     * {@code values} is null when that search never came back empty.
     */
    Response filtersNoResults(Request request) {
        AnalyticsParams params = params(request);
        String query = params.requiredSearch();
        Map<List<AppliedFilter>, long[]> combinations = new LinkedHashMap<>();
        boolean anyNoResult = false;
        for (TrackedSearch search : counted(params)) {
            if (!search.query().equals(query) || search.nbHits() != 0) {
                continue;
            }
            anyNoResult = true;
            if (!search.filters().isEmpty()) {
                combinations.computeIfAbsent(search.filters(), f -> new long[1])[0]++;
            }
        }
        ObjectNode body = Json.object();
        if (!anyNoResult) {
            body.putNull("values");
            return Response.ok(body);
        }
        Comparator<Map.Entry<List<AppliedFilter>, long[]>> frequency =
                Rows.byCount(e -> e.getValue()[0], e -> e.getKey().toString());
        body.set("values", Rows.page(new ArrayList<>(combinations.entrySet()), frequency, frequency, params, e -> {
            ArrayNode values = Json.array();
            e.getKey().forEach(f -> values.add(filterJson(f)));
            ObjectNode row = Json.object().put("count", e.getValue()[0]);
            row.set("values", values);
            return row;
        }));
        return Response.ok(body);
    }

    /** {@code GET /2/countries}: searches per country; every search counts under {@value #UNKNOWN_COUNTRY}. */
    Response countries(Request request) {
        AnalyticsParams params = params(request);
        int count = counted(params).size();
        ArrayNode rows = Json.array();
        if (count > 0 && params.offset() == 0 && params.limit() > 0) {
            rows.add(Json.object().put("country", UNKNOWN_COUNTRY).put("count", count));
        }
        return Response.ok(Json.object().set("countries", rows));
    }

    private Response rate(
            AnalyticsParams params, List<TrackedSearch> searches, Predicate<TrackedSearch> hit, String countName) {
        Map<LocalDate, long[]> perDay = new TreeMap<>();
        days(params).keySet().forEach(d -> perDay.put(d, new long[2]));
        long total = 0;
        long hits = 0;
        for (TrackedSearch search : searches) {
            long[] day = perDay.get(day(search));
            day[0]++;
            total++;
            if (hit.test(search)) {
                day[1]++;
                hits++;
            }
        }
        ObjectNode body = rateJson(total, hits, countName);
        ArrayNode dates = Json.array();
        perDay.forEach((date, counts) ->
                dates.add(rateJson(counts[0], counts[1], countName).put("date", date.toString())));
        body.set("dates", dates);
        return Response.ok(body);
    }

    private static ObjectNode rateJson(long count, long hits, String countName) {
        ObjectNode row = Json.object();
        ClickMetrics.put(row, "rate", count == 0 ? null : (double) hits / count);
        row.put("count", count);
        row.put(countName, hits);
        return row;
    }

    private ArrayNode topGroups(
            Map<String, Group> groups, AnalyticsParams params, java.util.function.BiConsumer<Group, ObjectNode> extra) {
        Comparator<Group> frequency = Rows.byCount(g -> g.count, g -> g.key);
        return Rows.page(new ArrayList<>(groups.values()), frequency, frequency, params, g -> {
            ObjectNode row = Json.object().put("search", g.key).put("count", g.count);
            extra.accept(g, row);
            return row;
        });
    }

    private static ObjectNode filterJson(AppliedFilter filter) {
        return Json.object()
                .put("attribute", filter.attribute())
                .put("operator", filter.operator())
                .put("value", filter.value());
    }

    /** Parses the parameters and refuses an index that neither exists nor was ever searched (404). */
    private AnalyticsParams params(Request request) {
        AnalyticsParams params = AnalyticsParams.of(request, app.clock());
        if (app.find(params.index()) == null
                && app.tracking().searches().stream().noneMatch(s -> s.index().equals(params.index()))) {
            throw ApiException.notFound("Index " + params.index() + " does not exist");
        }
        return params;
    }

    private List<TrackedSearch> counted(AnalyticsParams params) {
        return CountedSearches.of(app.tracking().searches(), params);
    }

    private ClickAttribution attribution(AnalyticsParams params) {
        return new ClickAttribution(app.tracking().events(), params.index());
    }

    private static Map<LocalDate, Long> days(AnalyticsParams params) {
        Map<LocalDate, Long> days = new TreeMap<>();
        for (LocalDate d = params.startDate(); !d.isAfter(params.endDate()); d = d.plusDays(1)) {
            days.put(d, 0L);
        }
        return days;
    }

    private static LocalDate day(TrackedSearch search) {
        return LocalDate.ofInstant(Instant.ofEpochMilli(search.timestamp()), ZoneOffset.UTC);
    }

    /** The searches (or hits) of one key and what they add up to. */
    static final class Group {
        final String key;
        long count;
        long hitSum;
        long withFilterCount;
        final ClickMetrics metrics = new ClickMetrics();

        Group(String key) {
            this.key = key;
        }

        void add(TrackedSearch search) {
            count++;
            hitSum += search.nbHits();
        }

        long averageHits() {
            return count == 0 ? 0 : Math.round((double) hitSum / count);
        }
    }
}
