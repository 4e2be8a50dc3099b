package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer of a key create, update, delete or restore call ({@link #toString()} masks the key).
 *
 * @param key       the key (create, update, restore)
 * @param createdAt when the key was created (create, restore)
 * @param updatedAt when the key was updated (update)
 * @param deletedAt when the key was deleted (delete)
 */
public record ApiKeyResponse(String key, Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** Shows the timestamps, not the key. */
    @Override
    public String toString() {
        return "ApiKeyResponse{key=***, createdAt=" + createdAt + ", updatedAt=" + updatedAt + ", deletedAt="
                + deletedAt + "}";
    }
}
