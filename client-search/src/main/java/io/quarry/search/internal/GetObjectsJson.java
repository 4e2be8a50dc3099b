package io.quarry.search.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The wire form of a get-objects answer, each record decoded straight into the caller's type.
 *
 * @param results the records in request order, null where missing
 * @param <T>     the record type
 */
public record GetObjectsJson<T>(List<T> results) {

    /**
     * The records, unmodifiable.
     *
     * @return the records in request order, null where missing; empty when the answer had none
     */
    public List<T> records() {
        return results == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(results));
    }
}
