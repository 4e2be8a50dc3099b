package io.quarry.mockserver.internal.state;

/**
 * Points inside the state's writes where a test stops one request and runs a racing one, so that a race is forced
 * on demand rather than hoped for by repetition. Outside tests it is {@link #NONE}, and costs a volatile read per
 * point passed.
 */
@FunctionalInterface
interface Interleaving {

    /** Stops nothing. */
    Interleaving NONE = (point, indexName) -> {};

    /** Where a write may be stopped. */
    enum Point {
        /** A write is about to lock the indices it names: it has read what it needed outside the locks. */
        WRITE_LOCKING,
        /**
         * A write has just put an index it creates into the application, where other writes find it (readers find
         * it once the write has ended), and has not yet gone on to the other indices it writes.
         */
        INDEX_PUBLISHED,
        /** A write has applied its change to the indices it locked, and has not yet let them go. */
        WRITE_APPLIED,
        /**
         * A write copying records into an index (a copy onto it, a replica unlinked keeping a copy of its own) has
         * made the copy, and the index does not hold it yet.
         */
        COPY_MADE,
        /**
         * A seed of an index has built its new records, which count nowhere yet, and has not yet counted them in place
         * of the former ones.
         */
        SEED_BUILT,
        /** A write has just replaced an index's records (a copy or move onto it), its other changes still to come. */
        RECORDS_REPLACED
    }

    /**
     * Called on the writing thread as it passes a point; past {@link Point#WRITE_LOCKING}, with the index's lock
     * held.
     *
     * @param point the point
     * @param indexName the index the point concerns
     */
    void reached(Point point, String indexName);
}
