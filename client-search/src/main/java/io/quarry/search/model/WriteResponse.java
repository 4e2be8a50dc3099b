package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * The acknowledgement of a write: the task to wait for, and the timestamp and objectID the call returns
 * (which members are present depends on the call).
 *
 * @param taskID    the task applying the write; wait for it with {@code waitForTask}
 * @param objectID  the record, synonym or rule written (synonym saves answer it as {@code id})
 * @param createdAt ISO 8601 creation time
 * @param updatedAt ISO 8601 update time
 * @param deletedAt ISO 8601 deletion time
 */
public record WriteResponse(long taskID, @JsonAlias("id") String objectID, String createdAt, String updatedAt,
                            String deletedAt) {
}
