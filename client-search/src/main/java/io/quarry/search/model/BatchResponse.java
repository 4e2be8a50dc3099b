package io.quarry.search.model;

import java.util.List;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The acknowledgement of a batch on one index.
 *
 * @param taskID    the task applying the batch
 * @param objectIDs the objectIDs written, in request order
 */
public record BatchResponse(
        long taskID, @JsonDeserialize(as = ReadList.class) List<String> objectIDs) implements TaskAcknowledgement {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param taskID see the record description
     * @param objectIDs see the record description
     */
    public BatchResponse {
        objectIDs = Copies.list(objectIDs);
    }
}
