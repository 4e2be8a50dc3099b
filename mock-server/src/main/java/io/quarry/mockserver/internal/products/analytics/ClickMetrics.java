package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.tracking.ClickStats;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Click metrics of a group of searches (one query, or one hit), merged from the statistics of the days and tag
 * sets read. Rates follow the service's rules: all {@code null} without tracked searches; with tracked searches
 * the click-through and conversion rates are numbers (0 without events) and the average click position stays
 * {@code null} until a click with a position arrives.
 */
final class ClickMetrics {

    private final ClickStats stats = new ClickStats();

    /** @param more another part of the group */
    void add(ClickStats more) {
        stats.add(more);
    }

    Double clickThroughRate() {
        return stats.trackedSearches() == 0 ? null : (double) stats.clickedSearches() / stats.trackedSearches();
    }

    Double conversionRate() {
        return stats.trackedSearches() == 0 ? null : (double) stats.convertedSearches() / stats.trackedSearches();
    }

    Double averageClickPosition() {
        return stats.positionCount() == 0 ? null : (double) stats.positionSum() / stats.positionCount();
    }

    /**
     * Writes the members onto a row.
     *
     * @param row the row
     * @param withAveragePosition whether the row type carries the average click position and the buckets
     */
    void writeTo(ObjectNode row, boolean withAveragePosition) {
        put(row, "clickThroughRate", clickThroughRate());
        if (withAveragePosition) {
            put(row, "averageClickPosition", averageClickPosition());
        }
        put(row, "conversionRate", conversionRate());
        row.put("trackedSearchCount", stats.trackedSearches());
        row.put("clickCount", stats.clicks());
        row.put("conversionCount", stats.conversions());
        if (withAveragePosition) {
            ArrayNode buckets = Json.array();
            for (int b = 0; b < ClickStats.POSITION_BUCKETS.length; b++) {
                ObjectNode bucket = Json.object();
                bucket.set(
                        "position",
                        Json.array().add(ClickStats.POSITION_BUCKETS[b][0]).add(ClickStats.POSITION_BUCKETS[b][1]));
                bucket.put("clickCount", stats.positionBucket(b));
                buckets.add(bucket);
            }
            row.set("clickPositions", buckets);
        }
    }

    static void put(ObjectNode row, String name, Double value) {
        if (value == null) {
            row.putNull(name);
        } else {
            row.put(name, value);
        }
    }
}
