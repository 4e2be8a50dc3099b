package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Click metrics of a group of searches (one query, or one hit), added up search by search. Rates follow the
 * service's rules: all {@code null} without tracked searches; with tracked searches the click-through and
 * conversion rates are numbers (0 without events) and the average click position stays {@code null} until a
 * click with a position arrives.
 */
final class ClickMetrics {

    /** The click position buckets: [start, end], an end of -1 meaning "to the end of the list". */
    static final int[][] BUCKETS = {
        {1, 1},
        {2, 2},
        {3, 4},
        {5, 6},
        {7, 10},
        {11, 20},
        {21, 30},
        {31, 50},
        {51, 100},
        {101, 150},
        {151, 200},
        {201, -1}
    };

    long trackedSearchCount;
    long clickedSearches;
    long convertedSearches;
    long clickCount;
    long conversionCount;
    long positionSum;
    long positionCount;
    final long[] bucketCounts = new long[BUCKETS.length];

    /**
     * Adds one tracked search's outcome.
     *
     * @param clicked whether it earned a click (on what the group looks at)
     * @param converted whether it earned a conversion
     */
    void addTrackedSearch(boolean clicked, boolean converted) {
        trackedSearchCount++;
        clickedSearches += clicked ? 1 : 0;
        convertedSearches += converted ? 1 : 0;
    }

    /**
     * Adds one click event's positions.
     *
     * @param click the click event
     */
    void addPositions(TrackedEvent click) {
        for (int position : click.positions()) {
            positionSum += position;
            positionCount++;
            for (int b = 0; b < BUCKETS.length; b++) {
                if (position >= BUCKETS[b][0] && (BUCKETS[b][1] == -1 || position <= BUCKETS[b][1])) {
                    bucketCounts[b]++;
                    break;
                }
            }
        }
    }

    Double clickThroughRate() {
        return trackedSearchCount == 0 ? null : (double) clickedSearches / trackedSearchCount;
    }

    Double conversionRate() {
        return trackedSearchCount == 0 ? null : (double) convertedSearches / trackedSearchCount;
    }

    Double averageClickPosition() {
        return positionCount == 0 ? null : (double) positionSum / positionCount;
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
        row.put("trackedSearchCount", trackedSearchCount);
        row.put("clickCount", clickCount);
        row.put("conversionCount", conversionCount);
        if (withAveragePosition) {
            ArrayNode buckets = Json.array();
            for (int b = 0; b < BUCKETS.length; b++) {
                ObjectNode bucket = Json.object();
                bucket.set("position", Json.array().add(BUCKETS[b][0]).add(BUCKETS[b][1]));
                bucket.put("clickCount", bucketCounts[b]);
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
