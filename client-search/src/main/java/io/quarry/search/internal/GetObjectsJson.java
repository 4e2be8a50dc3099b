package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire form of a get-objects answer.
 *
 * @param results the records in request order, null where missing
 */
public record GetObjectsJson(List<FreeFormRecord> results) {

    /**
     * The records in a type of the caller's.
     *
     * @param type the type
     * @param <T>  the type
     * @return the records, null where missing
     */
    public <T> List<T> decode(Class<T> type) {
        List<T> out = new ArrayList<>();
        if (results != null) {
            for (FreeFormRecord r : results) {
                out.add(r == null ? null : type == FreeFormRecord.class ? type.cast(r) : r.as(type));
            }
        }
        return java.util.Collections.unmodifiableList(out);
    }
}
