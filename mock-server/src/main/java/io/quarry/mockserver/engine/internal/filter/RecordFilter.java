package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;

/**
 * A compiled filter: decides whether a record passes, and names words every passing record holds (so that the
 * inverted index can narrow the records to test).
 */
@FunctionalInterface
public interface RecordFilter {

    /** The filter of a request without any filter. */
    RecordFilter ALL = record -> true;

    /**
     * @param record a record
     * @return whether it passes
     */
    boolean test(IndexedRecord record);

    /**
     * @return normalised words that every record passing this filter holds in some value (empty when unknown)
     */
    default java.util.Set<String> requiredTerms() {
        return java.util.Set.of();
    }
}
