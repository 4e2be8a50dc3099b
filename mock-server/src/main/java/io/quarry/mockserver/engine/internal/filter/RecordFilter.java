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

    /**
     * @param other another filter
     * @return a filter passing the records that pass both, requiring the words both require
     */
    default RecordFilter and(RecordFilter other) {
        if (this == ALL) {
            return other;
        }
        if (other == ALL) {
            return this;
        }
        RecordFilter self = this;
        java.util.Set<String> terms = new java.util.LinkedHashSet<>(requiredTerms());
        terms.addAll(other.requiredTerms());
        java.util.Set<String> required = java.util.Set.copyOf(terms);
        return new RecordFilter() {
            @Override
            public boolean test(IndexedRecord record) {
                return self.test(record) && other.test(record);
            }

            @Override
            public java.util.Set<String> requiredTerms() {
                return required;
            }
        };
    }
}
