package io.quarry.search.internal;

import io.quarry.core.DeserializationException;
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
     * The records, one per record asked for, in that order. Without the list, or with another number of results than
     * records asked for, no result could be told to stand for its request (a shorter list would shift the others
     * onto the wrong objectIDs), so the answer cannot be read.
     *
     * @param asked the number of records asked for
     * @return the records in request order, null where missing; unmodifiable
     * @throws DeserializationException if the list is missing or has another size
     */
    public List<T> records(int asked) {
        if (results == null) {
            throw new DeserializationException(GetObjectsJson.class, "$.results", "the answer has no results", null);
        }
        if (results.size() != asked) {
            throw new DeserializationException(
                    GetObjectsJson.class,
                    "$.results",
                    "the answer has " + results.size() + " results for " + asked + " records asked for",
                    null);
        }
        return Collections.unmodifiableList(new ArrayList<>(results));
    }
}
