package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;

/** A compiled filter: decides whether a record passes. */
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
     * @param other another filter
     * @return a filter passing records that pass both
     */
    default RecordFilter and(RecordFilter other) {
        if (this == ALL) {
            return other;
        }
        if (other == ALL) {
            return this;
        }
        return record -> test(record) && other.test(record);
    }
}
