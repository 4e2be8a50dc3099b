package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.NumericColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order of hits: the ranking criteria in turn ({@code typo, geo, words, filters, proximity, attribute, exact,
 * custom} by default, or the {@code ranking} setting, which may hold {@code asc(attr)}/{@code desc(attr)}), with
 * {@code custom} expanding to the customRanking entries, then insertion order so results are deterministic.
 * {@code geo} sorts by distance to {@code aroundLatLng} in buckets of {@code aroundPrecision} meters (equal for
 * every hit without it); {@code filters} sorts by descending optional filters score (equal for every hit without
 * optional filters), with or without query words.
 */
public final class HitOrder {

    private static final java.util.Set<String> TEXTUAL =
            java.util.Set.of("typo", "words", "proximity", "attribute", "exact");

    private HitOrder() {}

    /**
     * {@return the comparator (best first)}
     *
     * @param ranking the ranking criteria
     * @param customRanking the customRanking entries
     * @param geoPrecision the widths of the distance buckets
     * @param textual whether the query has words (without, the textual criteria tie and are skipped)
     * @param store the records, read-locked (their numeric columns serve attribute sorts)
     */
    public static Comparator<Hit> of(
            List<String> ranking,
            List<String> customRanking,
            GeoPrecision geoPrecision,
            boolean textual,
            RecordStore store) {
        List<Comparator<Hit>> parts = new ArrayList<>();
        for (String criterion : ranking) {
            if (!textual && TEXTUAL.contains(criterion)) {
                continue;
            }
            switch (criterion) {
                case "typo" -> parts.add(Comparator.comparingInt(h -> h.match().typos()));
                case "geo" -> parts.add(Comparator.comparingLong(h -> geoPrecision.bucket(h.geoDistance())));
                case "words" ->
                    parts.add(Comparator.comparingInt((Hit h) -> h.match().words())
                            .reversed());
                case "filters" ->
                    parts.add(Comparator.comparingInt(Hit::filtersScore).reversed());
                case "proximity" ->
                    parts.add(Comparator.comparingInt(h -> h.match().proximity()));
                case "attribute" ->
                    parts.add(Comparator.comparingInt(h -> h.match().firstMatchedWord()));
                case "exact" ->
                    parts.add(Comparator.comparingInt((Hit h) -> h.match().exactWords())
                            .reversed());
                case "custom" -> parts.add(custom(customRanking, store));
                default -> {
                    Comparator<Hit> byAttribute = byAttribute(criterion, store);
                    if (byAttribute != null) {
                        parts.add(byAttribute);
                    }
                }
            }
        }
        parts.add(Comparator.comparingLong(Hit::sequence));
        return chain(parts);
    }

    /**
     * {@return the comparator of the custom criterion alone (insertion order is not included)}
     *
     * @param customRanking the customRanking entries
     * @param store the records, read-locked
     */
    public static Comparator<Hit> custom(List<String> customRanking, RecordStore store) {
        List<Comparator<Hit>> parts = new ArrayList<>();
        for (String entry : customRanking) {
            Comparator<Hit> byAttribute = byAttribute(entry, store);
            if (byAttribute != null) {
                parts.add(byAttribute);
            }
        }
        return chain(parts);
    }

    private static Comparator<Hit> byAttribute(String entry, RecordStore store) {
        boolean descending;
        if (entry.startsWith("desc(") && entry.endsWith(")")) {
            descending = true;
        } else if (entry.startsWith("asc(") && entry.endsWith(")")) {
            descending = false;
        } else {
            return null;
        }
        String path =
                entry.substring(entry.indexOf('(') + 1, entry.length() - 1).trim();
        NumericColumn column = store.numericColumn(path);
        return (a, b) -> {
            int ordinalA = a.ordinal();
            int ordinalB = b.ordinal();
            if (column.regular(ordinalA) && column.regular(ordinalB)) {
                double x = column.value(ordinalA);
                double y = column.value(ordinalB);
                if (Double.isNaN(x) || Double.isNaN(y)) {
                    return Double.isNaN(x) ? (Double.isNaN(y) ? 0 : 1) : -1;
                }
                return descending ? Double.compare(y, x) : Double.compare(x, y);
            }
            return AttributeValues.compare(a.sortValue(path), b.sortValue(path), descending);
        };
    }

    private static Comparator<Hit> chain(List<Comparator<Hit>> parts) {
        return (a, b) -> {
            for (Comparator<Hit> part : parts) {
                int result = part.compare(a, b);
                if (result != 0) {
                    return result;
                }
            }
            return 0;
        };
    }
}
