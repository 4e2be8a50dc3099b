package io.quarry.mockserver.internal.http;

/**
 * The kind of work a route does, declared with the route: monitoring times searches (latency) and indexing work
 * (indexing time) from it, and usage counts reads and writes and measures search processing times.
 */
public enum Work {
    /** A search of records or facet values: its time is search latency and processing time. */
    SEARCH,
    /** A change to an index's records, settings, synonyms or rules, or to the index itself: indexing time. */
    INDEXING,
    /** Any other read. */
    READ,
    /** Any other write (keys, dictionaries, user mappings, configurations, events, the mock server's own state). */
    WRITE;

    /** {@return whether this work changes state (indexing or another write)} */
    public boolean writes() {
        return this == INDEXING || this == WRITE;
    }
}
