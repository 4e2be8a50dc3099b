package io.quarry.mockserver;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What the analytics endpoints should answer, recounted the plain way from every search a test made and the events
 * it knows counted: a second implementation to hold the mock server's statistics to. Rows are written as text, the
 * key then each value as JSON writes it ({@code null} for a missing rate), so sets of them compare at once.
 */
final class AnalyticsRecount {

    /** One search and the events counted for it (sent within an hour of it). */
    static final class Search {
        long at;
        LocalDate day;
        String query;
        long nbHits;
        Set<String> tags;
        /** The user token, or {@code ip} for the caller's address. */
        String user;

        boolean tracked;
        List<String> objectIDs;
        /** Each filter as attribute, operator and value. */
        List<List<String>> filters;

        int clicks;
        int conversions;
        final List<Integer> positions = new ArrayList<>();
        /** Click and conversion events per objectID of its page. */
        final Map<String, int[]> hitEvents = new TreeMap<>();
    }

    private final List<Search> searches = new ArrayList<>();

    void add(Search search) {
        searches.add(search);
    }

    /**
     * {@return the searches analytics counts in a range of days among those whose tags pass a test}: the last of
     * each series of keystrokes (a search is dropped when the same user's next one comes within 5 s and extends its
     * query, compared ignoring case and runs of spaces)
     */
    List<Search> counted(LocalDate first, LocalDate last, Predicate<Set<String>> tags) {
        List<Search> counted = new ArrayList<>();
        for (int i = 0; i < searches.size(); i++) {
            Search search = searches.get(i);
            Search next = null;
            for (int j = i + 1; j < searches.size() && next == null; j++) {
                next = searches.get(j).user.equals(search.user) ? searches.get(j) : null;
            }
            boolean keystroke = next != null
                    && next.at - search.at <= 5000
                    && typed(next.query).length() > typed(search.query).length()
                    && typed(next.query).startsWith(typed(search.query));
            if (!keystroke && !search.day.isBefore(first) && !search.day.isAfter(last) && tags.test(search.tags)) {
                counted.add(search);
            }
        }
        return counted;
    }

    /** {@return {@code /2/searches?clickAnalytics=true} rows: count, nbHits, rates, average position, counts} */
    static Set<String> topSearches(List<Search> in) {
        return byQuery(in, s -> true, of -> {
            List<Search> tracked = of.stream().filter(s -> s.tracked).toList();
            long positions = of.stream().mapToLong(s -> s.positions.size()).sum();
            long positionSum = of.stream()
                    .flatMap(s -> s.positions.stream())
                    .mapToLong(p -> p)
                    .sum();
            return List.of(
                    of.size(),
                    averageHits(of),
                    share(tracked, s -> s.clicks > 0),
                    positions == 0 ? "null" : (double) positionSum / positions,
                    share(tracked, s -> s.conversions > 0),
                    tracked.size(),
                    of.stream().mapToInt(s -> s.clicks).sum(),
                    of.stream().mapToInt(s -> s.conversions).sum());
        });
    }

    /** {@return {@code /2/searches/noResults} rows: count, withFilterCount} */
    static Set<String> noResults(List<Search> in) {
        return byQuery(
                in,
                s -> s.nbHits == 0,
                of -> List.of(
                        of.size(), of.stream().filter(s -> !s.filters.isEmpty()).count()));
    }

    /** {@return {@code /2/searches/noClicks} rows (tracked searches with results and no click): count, nbHits} */
    static Set<String> noClicks(List<Search> in) {
        return byQuery(in, s -> s.tracked && s.nbHits > 0 && s.clicks == 0, of -> List.of(of.size(), averageHits(of)));
    }

    /** {@return {@code /2/hits?clickAnalytics=true} rows: count, tracked searches, CTR, clicks, conversions} */
    static Set<String> hits(List<Search> in) {
        Map<String, long[]> hits = new TreeMap<>();
        for (Search search : in) {
            for (String objectID : search.objectIDs) {
                long[] hit = hits.computeIfAbsent(objectID, k -> new long[5]);
                hit[0]++;
                if (search.tracked) {
                    int[] events = search.hitEvents.getOrDefault(objectID, new int[2]);
                    hit[1]++;
                    hit[2] += events[0] > 0 ? 1 : 0;
                    hit[3] += events[0];
                    hit[4] += events[1];
                }
            }
        }
        Set<String> rows = new HashSet<>();
        hits.forEach((objectID, h) ->
                rows.add(row(objectID, List.of(h[0], h[1], h[1] == 0 ? "null" : (double) h[2] / h[1], h[3], h[4]))));
        return rows;
    }

    /** {@return how many searches filtered on each attribute (once per search)} */
    static Map<String, Long> attributes(List<Search> in) {
        Map<String, Long> attributes = new TreeMap<>();
        in.forEach(
                s -> s.filters.stream().map(f -> f.get(0)).distinct().forEach(a -> attributes.merge(a, 1L, Long::sum)));
        return attributes;
    }

    /** {@return how many searches used each filter, written attribute, operator and value together} */
    static Map<String, Long> filterValues(List<Search> in) {
        Map<String, Long> values = new TreeMap<>();
        in.forEach(s -> s.filters.stream().distinct().forEach(f -> values.merge(String.join("", f), 1L, Long::sum)));
        return values;
    }

    /** {@return how many searches of one query returned each record} */
    static Map<String, Long> hitsOf(List<Search> in, String query) {
        Map<String, Long> hits = new TreeMap<>();
        in.stream()
                .filter(s -> s.query.equals(query))
                .forEach(s -> s.objectIDs.forEach(id -> hits.merge(id, 1L, Long::sum)));
        return hits;
    }

    /** {@return the filter combinations of one query's searches that found nothing, or null when none did} */
    static Map<String, Long> noResultFilters(List<Search> in, String query) {
        List<Search> empty =
                in.stream().filter(s -> s.query.equals(query) && s.nbHits == 0).toList();
        if (empty.isEmpty()) {
            return null;
        }
        Map<String, Long> combinations = new TreeMap<>();
        empty.stream()
                .filter(s -> !s.filters.isEmpty())
                .forEach(s -> combinations.merge(s.filters.toString(), 1L, Long::sum));
        return combinations;
    }

    /** {@return the row text: the key, then each value as JSON writes it} */
    static String row(String key, List<?> values) {
        return key + values.stream().map(v -> " " + v).collect(Collectors.joining());
    }

    private static Set<String> byQuery(
            List<Search> in, Predicate<Search> kept, Function<List<Search>, List<?>> values) {
        Map<String, List<Search>> byQuery = new TreeMap<>();
        in.stream()
                .filter(kept)
                .forEach(s ->
                        byQuery.computeIfAbsent(s.query, q -> new ArrayList<>()).add(s));
        Set<String> rows = new HashSet<>();
        byQuery.forEach((query, of) -> rows.add(row(query, values.apply(of))));
        return rows;
    }

    private static long averageHits(List<Search> of) {
        return Math.round((double) of.stream().mapToLong(s -> s.nbHits).sum() / of.size());
    }

    private static Object share(List<Search> tracked, Predicate<Search> test) {
        return tracked.isEmpty()
                ? "null"
                : (double) tracked.stream().filter(test).count() / tracked.size();
    }

    private static String typed(String query) {
        return query.stripLeading().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
