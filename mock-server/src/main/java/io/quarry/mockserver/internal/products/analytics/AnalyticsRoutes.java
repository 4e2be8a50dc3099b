package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import io.quarry.mockserver.internal.state.tracking.Count;
import io.quarry.mockserver.internal.state.tracking.HitStats;
import io.quarry.mockserver.internal.state.tracking.QueryStats;
import io.quarry.mockserver.internal.state.tracking.SearchAnalytics.Slice;
import io.quarry.mockserver.internal.state.tracking.SliceStats;
import io.quarry.mockserver.internal.state.tracking.UserCount;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The analytics endpoints, each computed at call time from the statistics the application's tracking keeps of
 * the days asked for (so results show at once, and a call costs what those days hold, not the traffic before).
 */
final class AnalyticsRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int STATUS = 0;
    static final int SEARCHES = 1;
    static final int SEARCHES_COUNT = 2;
    static final int NO_RESULTS = 3;
    static final int NO_CLICKS = 4;
    static final int NO_RESULT_RATE = 5;
    static final int NO_CLICK_RATE = 6;
    static final int HITS = 7;
    static final int USERS_COUNT = 8;
    static final int FILTERS = 9;
    static final int FILTERS_NO_RESULTS = 10;
    static final int FILTER_VALUES = 11;
    static final int COUNTRIES = 12;

    /** The country every search counts under: the mock server has no geolocation of addresses. */
    static final String UNKNOWN_COUNTRY = "ZZ";

    private final Application app;

    AnalyticsRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case STATUS -> status(request);
            case SEARCHES -> searches(request);
            case SEARCHES_COUNT -> searchesCount(request);
            case NO_RESULTS -> noResults(request);
            case NO_CLICKS -> noClicks(request);
            case NO_RESULT_RATE -> noResultRate(request);
            case NO_CLICK_RATE -> noClickRate(request);
            case HITS -> hits(request);
            case USERS_COUNT -> usersCount(request);
            case FILTERS -> filters(request);
            case FILTERS_NO_RESULTS -> filtersNoResults(request);
            case FILTER_VALUES -> filterValues(request);
            case COUNTRIES -> countries(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code GET /2/status}. */
    Response status(Request request) {
        AnalyticsParams params = params(request);
        long latest = app.tracking().readSearches(s -> s.lastSearchAt(params.index()));
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
        Map<String, Group> groups = read(params, slices -> {
            Map<String, Group> byQuery = new LinkedHashMap<>();
            for (Slice slice : slices) {
                for (QueryStats query : slice.stats().queries().values()) {
                    Group group = byQuery.computeIfAbsent(query.query(), Group::new);
                    group.count += query.count();
                    group.hitSum += query.hitSum();
                    group.metrics.add(query.clicks());
                }
            }
            return byQuery;
        });
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
        Map<LocalDate, long[]> perDay = perDay(params, 1, (slice, day) -> day[0] += slice.searches());
        long total = perDay.values().stream().mapToLong(d -> d[0]).sum();
        ObjectNode body = Json.object();
        body.put("count", total);
        ArrayNode dates = Json.array();
        perDay.forEach((date, count) ->
                dates.add(Json.object().put("date", date.toString()).put("count", count[0])));
        body.set("dates", dates);
        return Response.ok(body);
    }

    /** {@code GET /2/searches/noResults}. */
    Response noResults(Request request) {
        AnalyticsParams params = params(request);
        Map<String, Group> groups = queryGroups(params, QueryStats::noResults, (group, query) -> {
            group.count += query.noResults();
            group.withFilterCount += query.noResultsWithFilters();
        });
        return Response.ok(Json.object()
                .set("searches", topGroups(groups, params, (g, row) -> row.put("withFilterCount", g.withFilterCount))));
    }

    /** {@code GET /2/searches/noClicks}: tracked searches with results that earned no click. */
    Response noClicks(Request request) {
        AnalyticsParams params = params(request);
        Map<String, Group> groups = queryGroups(params, QueryStats::noClicks, (group, query) -> {
            group.count += query.noClicks();
            group.hitSum += query.noClickHitSum();
        });
        return Response.ok(Json.object()
                .set("searches", topGroups(groups, params, (g, row) -> row.put("nbHits", g.averageHits()))));
    }

    /** {@code GET /2/searches/noResultRate}. */
    Response noResultRate(Request request) {
        AnalyticsParams params = params(request);
        return rate(
                perDay(params, 2, (slice, day) -> {
                    day[0] += slice.searches();
                    day[1] += slice.noResults();
                }),
                "noResultCount");
    }

    /** {@code GET /2/searches/noClickRate}: among tracked searches, those without a click. */
    Response noClickRate(Request request) {
        AnalyticsParams params = params(request);
        return rate(
                perDay(params, 2, (slice, day) -> {
                    day[0] += slice.tracked();
                    day[1] += slice.trackedNoClick();
                }),
                "noClickCount");
    }

    /**
     * {@code GET /2/hits}: the records most often returned, optionally for one search and with click metrics. For one
     * search, {@code limit} defaults to 0, as the service documents: no rows unless a limit is sent.
     */
    Response hits(Request request) {
        boolean oneSearch = request.query().get("search") != null;
        AnalyticsParams params = params(
                request, oneSearch ? AnalyticsParams.ONE_SEARCH_HITS_DEFAULT_LIMIT : AnalyticsParams.DEFAULT_LIMIT);
        Map<String, Group> groups = read(params, slices -> {
            Map<String, Group> byHit = new LinkedHashMap<>();
            for (Slice slice : slices) {
                for (Map.Entry<String, HitStats> hit :
                        hitsOf(slice.stats(), params).entrySet()) {
                    Group group = byHit.computeIfAbsent(hit.getKey(), Group::new);
                    group.count += hit.getValue().count();
                    group.metrics.add(hit.getValue().clicks());
                }
            }
            return byHit;
        });
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
        Map<LocalDate, UserCount> perDay = new TreeMap<>();
        days(params).forEach(d -> perDay.put(d, new UserCount()));
        UserCount all = new UserCount();
        read(params, slices -> {
            for (Slice slice : slices) {
                perDay.get(slice.day()).addAll(slice.stats().users());
                all.addAll(slice.stats().users());
            }
            return null;
        });
        ObjectNode body = Json.object();
        body.put("count", all.count());
        ArrayNode dates = Json.array();
        perDay.forEach((date, users) ->
                dates.add(Json.object().put("date", date.toString()).put("count", users.count())));
        body.set("dates", dates);
        return Response.ok(body);
    }

    /** {@code GET /2/filters}: the attributes most filtered on, optionally for one search. */
    Response filters(Request request) {
        AnalyticsParams params = params(request);
        Map<String, long[]> counts = read(params, slices -> {
            Map<String, long[]> byAttribute = new LinkedHashMap<>();
            for (Slice slice : slices) {
                attributesOf(slice.stats(), params)
                        .forEach((attribute, count) ->
                                byAttribute.computeIfAbsent(attribute, a -> new long[1])[0] += count.value());
            }
            return byAttribute;
        });
        Comparator<Map.Entry<String, long[]>> frequency = Rows.byCount(e -> e.getValue()[0], Map.Entry::getKey);
        ArrayNode rows = Rows.page(
                new ArrayList<>(counts.entrySet()),
                frequency,
                frequency,
                params,
                e -> Json.object().put("attribute", e.getKey()).put("count", e.getValue()[0]));
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
        Map<AppliedFilter, long[]> counts = read(params, slices -> {
            Map<AppliedFilter, long[]> byFilter = new LinkedHashMap<>();
            for (Slice slice : slices) {
                filterValuesOf(slice.stats(), params).forEach((filter, count) -> {
                    if (wanted.contains(filter.attribute())) {
                        byFilter.computeIfAbsent(filter, f -> new long[1])[0] += count.value();
                    }
                });
            }
            return byFilter;
        });
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
        String search = params.requiredSearch();
        boolean[] anyNoResult = new boolean[1];
        Map<List<AppliedFilter>, long[]> combinations = read(params, slices -> {
            Map<List<AppliedFilter>, long[]> byCombination = new LinkedHashMap<>();
            for (Slice slice : slices) {
                QueryStats query = slice.stats().queries().get(search);
                if (query != null && query.noResults() > 0) {
                    anyNoResult[0] = true;
                    query.noResultFilters()
                            .forEach((filters, count) ->
                                    byCombination.computeIfAbsent(filters, f -> new long[1])[0] += count.value());
                }
            }
            return byCombination;
        });
        ObjectNode body = Json.object();
        if (!anyNoResult[0]) {
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
        long count = read(
                params,
                slices -> slices.stream().mapToLong(s -> s.stats().searches()).sum());
        ArrayNode rows = Json.array();
        if (count > 0 && params.offset() == 0 && params.limit() > 0) {
            rows.add(Json.object().put("country", UNKNOWN_COUNTRY).put("count", count));
        }
        return Response.ok(Json.object().set("countries", rows));
    }

    /**
     * {@return what a computation makes of the slices of the call's index, days and tags}: run under the
     * tracking's lock, so it only adds counts up into its own objects.
     */
    private <T> T read(AnalyticsParams params, Function<List<Slice>, T> compute) {
        long now = app.nowMillis();
        return app.tracking().readSearches(searches -> {
            List<Slice> matching = new ArrayList<>();
            for (Slice slice : searches.slices(params.index(), params.startDate(), params.endDate(), now)) {
                if (params.matches(slice.tags())) {
                    matching.add(slice);
                }
            }
            return compute.apply(matching);
        });
    }

    /** {@return one array of {@code width} counts per day of the range, added up from the slices} */
    private Map<LocalDate, long[]> perDay(AnalyticsParams params, int width, BiConsumer<SliceStats, long[]> add) {
        Map<LocalDate, long[]> perDay = new TreeMap<>();
        days(params).forEach(d -> perDay.put(d, new long[width]));
        read(params, slices -> {
            slices.forEach(slice -> add.accept(slice.stats(), perDay.get(slice.day())));
            return null;
        });
        return perDay;
    }

    /** Groups per query, of the queries for which {@code has} is positive. */
    private Map<String, Group> queryGroups(
            AnalyticsParams params, ToLongFunction<QueryStats> has, BiConsumer<Group, QueryStats> add) {
        return read(params, slices -> {
            Map<String, Group> groups = new LinkedHashMap<>();
            for (Slice slice : slices) {
                for (QueryStats query : slice.stats().queries().values()) {
                    if (has.applyAsLong(query) > 0) {
                        add.accept(groups.computeIfAbsent(query.query(), Group::new), query);
                    }
                }
            }
            return groups;
        });
    }

    private static Map<String, HitStats> hitsOf(SliceStats slice, AnalyticsParams params) {
        if (params.search() == null) {
            return slice.hits();
        }
        QueryStats query = slice.queries().get(params.search());
        return query == null ? Map.of() : query.hits();
    }

    private static Map<String, Count> attributesOf(SliceStats slice, AnalyticsParams params) {
        if (params.search() == null) {
            return slice.attributes();
        }
        QueryStats query = slice.queries().get(params.search());
        return query == null ? Map.of() : query.attributes();
    }

    private static Map<AppliedFilter, Count> filterValuesOf(SliceStats slice, AnalyticsParams params) {
        if (params.search() == null) {
            return slice.filterValues();
        }
        QueryStats query = slice.queries().get(params.search());
        return query == null ? Map.of() : query.filterValues();
    }

    private static Response rate(Map<LocalDate, long[]> perDay, String countName) {
        long total = 0;
        long hits = 0;
        for (long[] day : perDay.values()) {
            total += day[0];
            hits += day[1];
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

    private static ArrayNode topGroups(
            Map<String, Group> groups, AnalyticsParams params, BiConsumer<Group, ObjectNode> extra) {
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

    /**
     * Parses the parameters and refuses an index the caller's key may not use (403, before anything is said of the
     * index) and one that neither exists nor was ever searched (404).
     */
    private AnalyticsParams params(Request request) {
        return params(request, AnalyticsParams.DEFAULT_LIMIT);
    }

    private AnalyticsParams params(Request request, int defaultLimit) {
        AnalyticsParams params = AnalyticsParams.of(request, app.clock(), defaultLimit);
        request.get(Caller.class).requireIndex(params.index());
        if (app.find(params.index()) == null && !app.tracking().readSearches(s -> s.searched(params.index()))) {
            throw ApiException.notFound("Index " + params.index() + " does not exist");
        }
        return params;
    }

    private static List<LocalDate> days(AnalyticsParams params) {
        List<LocalDate> days = new ArrayList<>();
        for (LocalDate d = params.startDate(); !d.isAfter(params.endDate()); d = d.plusDays(1)) {
            days.add(d);
        }
        return days;
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

        long averageHits() {
            return count == 0 ? 0 : Math.round((double) hitSum / count);
        }
    }
}
