package io.quarry.mockserver.internal.state.tracking;

import java.util.List;

/**
 * Click metrics of a group of searches (one query, or one hit): how many were tracked (made with
 * {@code clickAnalytics}), how many earned a click or a conversion, how many click and conversion events they
 * earned and where the clicks were. Reads merge several groups into a fresh one with {@link #add}.
 */
public final class ClickStats {

    /** The click position buckets: [start, end], an end of -1 meaning "to the end of the list". */
    public static final int[][] POSITION_BUCKETS = {
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

    long trackedSearches;
    long clickedSearches;
    long convertedSearches;
    long clicks;
    long conversions;
    long positionSum;
    long positionCount;
    /** Clicks per position bucket; {@code null} until a click with a position is counted. */
    long[] positionBuckets;

    /** An empty group, for reads to merge groups into. */
    public ClickStats() {}

    /** {@return how many searches of the group were tracked} */
    public long trackedSearches() {
        return trackedSearches;
    }

    /** {@return how many tracked searches earned at least one click} */
    public long clickedSearches() {
        return clickedSearches;
    }

    /** {@return how many tracked searches earned at least one conversion} */
    public long convertedSearches() {
        return convertedSearches;
    }

    /** {@return how many click events the group earned} */
    public long clicks() {
        return clicks;
    }

    /** {@return how many conversion events the group earned} */
    public long conversions() {
        return conversions;
    }

    /** {@return the sum of the click positions counted} */
    public long positionSum() {
        return positionSum;
    }

    /** {@return how many click positions were counted} */
    public long positionCount() {
        return positionCount;
    }

    /**
     * {@return how many clicks had a position in that bucket}
     *
     * @param bucket an index into {@link #POSITION_BUCKETS}
     */
    public long positionBucket(int bucket) {
        return positionBuckets == null ? 0 : positionBuckets[bucket];
    }

    /**
     * Adds another group's counts to this one.
     *
     * @param other the other group
     */
    public void add(ClickStats other) {
        trackedSearches += other.trackedSearches;
        clickedSearches += other.clickedSearches;
        convertedSearches += other.convertedSearches;
        clicks += other.clicks;
        conversions += other.conversions;
        positionSum += other.positionSum;
        positionCount += other.positionCount;
        if (other.positionBuckets != null) {
            if (positionBuckets == null) {
                positionBuckets = new long[POSITION_BUCKETS.length];
            }
            for (int b = 0; b < positionBuckets.length; b++) {
                positionBuckets[b] += other.positionBuckets[b];
            }
        }
    }

    /**
     * Counts one tracked search.
     *
     * @param clicked whether it earned a click (on what the group looks at)
     * @param converted whether it earned a conversion
     */
    void addTrackedSearch(boolean clicked, boolean converted) {
        trackedSearches++;
        clickedSearches += clicked ? 1 : 0;
        convertedSearches += converted ? 1 : 0;
    }

    /** @param positions the absolute positions of one click event */
    void addPositions(List<Integer> positions) {
        for (int position : positions) {
            positionSum += position;
            positionCount++;
            int bucket = bucketOf(position);
            if (bucket >= 0) {
                if (positionBuckets == null) {
                    positionBuckets = new long[POSITION_BUCKETS.length];
                }
                positionBuckets[bucket]++;
            }
        }
    }

    static int bucketOf(int position) {
        for (int b = 0; b < POSITION_BUCKETS.length; b++) {
            if (position >= POSITION_BUCKETS[b][0]
                    && (POSITION_BUCKETS[b][1] == -1 || position <= POSITION_BUCKETS[b][1])) {
                return b;
            }
        }
        return -1;
    }
}
