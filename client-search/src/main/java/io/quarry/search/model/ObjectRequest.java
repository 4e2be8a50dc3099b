package io.quarry.search.model;

import java.util.List;
import java.util.Objects;

/**
 * One record to read in a get-objects call.
 *
 * @param indexName            the index
 * @param objectID             the record
 * @param attributesToRetrieve the attributes to return, or null for the default
 */
public record ObjectRequest(String indexName, String objectID, List<String> attributesToRetrieve) {

    /**
     * Validates the names.
     *
     * @param attributesToRetrieve the attributes to return, or null for the default
     * @param indexName            the index
     * @param objectID             the record
     */
    public ObjectRequest {
        Objects.requireNonNull(indexName, "indexName");
        Objects.requireNonNull(objectID, "objectID");
        attributesToRetrieve = attributesToRetrieve == null ? null : List.copyOf(attributesToRetrieve);
    }

    /**
     * A whole record.
     *
     * @param indexName the index
     * @param objectID  the record
     * @return the request
     */
    public static ObjectRequest of(String indexName, String objectID) {
        return new ObjectRequest(indexName, objectID, null);
    }
}
