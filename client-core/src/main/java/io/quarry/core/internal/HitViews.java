package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.function.Supplier;

/**
 * Shared suppliers for the views of a hit that need nothing captured, so decoding a hit allocates no lambda for
 * them.
 */
public final class HitViews {

    /**
     * Marks a hit whose free-form view is its record's JSON form; the hit builds it from its own record
     * ({@link #freeForm}) instead of calling this.
     */
    public static final Supplier<FreeFormRecord> FROM_RECORD = () -> {
        throw new IllegalStateException("FROM_RECORD is a marker: the hit builds the view from its record");
    };

    /** What a record decoded without its generated members answers when asked for them. */
    static final Supplier<FreeFormRecord> DROPPED = () -> {
        throw new IllegalStateException("this record was decoded without its generated members"
                + " (RequestOptions.withoutGeneratedMembers()); search without that option to read them");
    };

    private HitViews() {}

    /**
     * The free-form view of a typed record.
     *
     * @param record the record, possibly null
     * @return its attributes, empty for null
     */
    public static FreeFormRecord freeForm(Object record) {
        return record == null ? FreeFormRecord.builder().build() : FreeFormRecord.from(record);
    }
}
