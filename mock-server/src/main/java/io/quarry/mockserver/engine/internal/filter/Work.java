package io.quarry.mockserver.engine.internal.filter;

/** Counts work for tests: a {@code long[]} of one counter, or {@code null} when nobody counts. */
final class Work {

    private Work() {}

    /**
     * Adds to a counter.
     *
     * @param counter {@code null}, or the counter
     * @param units what is added
     */
    static void add(long[] counter, long units) {
        if (counter != null) {
            counter[0] += units;
        }
    }
}
