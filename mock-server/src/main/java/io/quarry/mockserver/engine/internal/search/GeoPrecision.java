package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The {@code aroundPrecision} of a search: how wide, in meters, the distance buckets are within which the geo
 * criterion ties. Either one width (an integer, default 10) or a list of ranges
 * {@code [{"from": 0, "value": 25}, {"from": 2000, "value": 1000}]}: from each range's {@code from} distance on
 * (meters, ascending), buckets are {@code value} meters wide; distances below the first {@code from} use the first
 * range's width. At most {@value #MAX_RANGES} ranges.
 */
public final class GeoPrecision {

    /** The most ranges one {@code aroundPrecision} may list. */
    public static final int MAX_RANGES = 100;

    /** The farthest range start: far beyond any distance on Earth, well within a long. */
    private static final double MAX_FROM = 1e15;

    /** The service's default: 10-meter buckets. */
    public static final GeoPrecision DEFAULT = new GeoPrecision(new long[] {0}, new int[] {10});

    private final long[] starts;
    private final int[] widths;

    private GeoPrecision(long[] starts, int[] widths) {
        this.starts = starts;
        this.widths = widths;
    }

    /**
     * {@return the precision}
     *
     * @param raw the {@code aroundPrecision} parameter (a number, a numeric string, an array of ranges, or a JSON
     *     text of one), or {@code null}
     * @throws EngineException 400 for anything else, or a range without a numeric {@code from} and a positive
     *     {@code value}
     */
    public static GeoPrecision of(JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return DEFAULT;
        }
        JsonNode node = RequestParams.asStructured("aroundPrecision", raw);
        if (!node.isArray()) {
            int width = Math.max(1, RequestParams.toInt("aroundPrecision", node));
            return new GeoPrecision(new long[] {0}, new int[] {width});
        }
        if (node.isEmpty() || node.size() > MAX_RANGES) {
            throw invalid();
        }
        record Range(long from, int value) {}
        List<Range> ranges = new ArrayList<>();
        for (JsonNode range : node) {
            JsonNode from = range.get("from");
            JsonNode value = range.get("value");
            if (!range.isObject() || from == null || !from.isNumber() || value == null || !value.isNumber()) {
                throw invalid();
            }
            // read as doubles: a long or int view of 1e19 or NaN throws instead of answering
            double start = from.doubleValue();
            double width = value.doubleValue();
            if (!(start >= 0 && start <= MAX_FROM && width >= 1 && width <= Integer.MAX_VALUE)) {
                throw invalid();
            }
            ranges.add(new Range((long) start, (int) width));
        }
        ranges.sort(Comparator.comparingLong(Range::from));
        long[] starts = new long[ranges.size()];
        int[] widths = new int[ranges.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = ranges.get(i).from();
            widths[i] = ranges.get(i).value();
        }
        return new GeoPrecision(starts, widths);
    }

    private static EngineException invalid() {
        return new EngineException(
                400,
                "aroundPrecision must be an integer or a list of 1 to " + MAX_RANGES
                        + " ranges {\"from\": meters, \"value\": meters}, value at least 1");
    }

    /**
     * {@return the bucket width that applies at that distance}
     *
     * @param distance a distance in meters
     */
    public int at(long distance) {
        return widths[range(distance)];
    }

    /**
     * {@return the start of its bucket, in meters: distances in the same bucket tie, and a farther bucket starts
     *     farther}
     *
     * @param distance a distance in meters
     */
    public long bucket(long distance) {
        int range = range(distance);
        long start = range == 0 ? 0 : starts[range];
        return start + (distance - start) / widths[range] * widths[range];
    }

    private int range(long distance) {
        int found = 0;
        for (int i = 1; i < starts.length && starts[i] <= distance; i++) {
            found = i;
        }
        return found;
    }
}
