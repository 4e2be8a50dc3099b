package io.quarry.search.model;

import java.util.List;
import java.util.Map;

/**
 * The acknowledgement of a batch on several indices.
 *
 * @param taskID    index name to the task applying its part
 * @param objectIDs the objectIDs written, in request order
 */
public record MultipleBatchResponse(Map<String, Long> taskID, List<String> objectIDs) {

    /**
     * Keeps unmodifiable copies of the map and the list.
     *
     * @param taskID see the record description
     * @param objectIDs see the record description
     */
    public MultipleBatchResponse {
        taskID = Copies.map(taskID);
        objectIDs = Copies.list(objectIDs);
    }
}
