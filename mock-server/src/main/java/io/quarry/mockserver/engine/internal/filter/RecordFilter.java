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
     * {@return whether it passes}
     *
     * @param record a record
     */
    boolean test(IndexedRecord record);

    /**
     * Tests a record whose ordinal the caller knows: filters that read columns by ordinal then need not load
     * the record (a search tests thousands of candidates).
     *
     * @param record a record of the store the filter was compiled for
     * @param ordinal its ordinal there
     * @return whether it passes
     */
    default boolean test(IndexedRecord record, int ordinal) {
        return test(record);
    }

    /**
     * {@return a filter running it (with the record's own ordinal when the caller gives none)}
     *
     * @param test a test given the record and its ordinal
     */
    static RecordFilter byOrdinal(OrdinalTest test) {
        return new RecordFilter() {
            @Override
            public boolean test(IndexedRecord record) {
                return test.test(record, record.ordinal());
            }

            @Override
            public boolean test(IndexedRecord record, int ordinal) {
                return test.test(record, ordinal);
            }
        };
    }

    /** A test of a record given its ordinal. */
    @FunctionalInterface
    interface OrdinalTest {
        /**
         * {@return whether it passes}
         *
         * @param record a record
         * @param ordinal its ordinal
         */
        boolean test(IndexedRecord record, int ordinal);
    }

    /**
     * {@return normalised words that every record passing this filter holds in some value (empty when unknown)}
     */
    default java.util.Set<String> requiredTerms() {
        return java.util.Set.of();
    }

    /**
     * {@return a filter passing the records that pass both, requiring the words both require}
     *
     * @param other another filter
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
            public boolean test(IndexedRecord record, int ordinal) {
                return self.test(record, ordinal) && other.test(record, ordinal);
            }

            @Override
            public java.util.Set<String> requiredTerms() {
                return required;
            }
        };
    }
}
