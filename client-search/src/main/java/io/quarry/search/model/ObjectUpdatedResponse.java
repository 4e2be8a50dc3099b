package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import java.time.Instant;

/**
 * The answer to writing one object by its ID: a record (saved or partially updated), a rule or a synonym.
 *
 * @param taskID    the task applying the write
 * @param objectID  the object written (synonym saves name it {@code id} on the wire)
 * @param updatedAt when the write was accepted
 */
public record ObjectUpdatedResponse(
        long taskID, @JsonAlias("id") String objectID, Instant updatedAt) implements TaskAcknowledgement {}
