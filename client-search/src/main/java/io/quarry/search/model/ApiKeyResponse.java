package io.quarry.search.model;

/**
 * The answer of a key create, update, delete or restore call ({@link #toString()} masks the key).
 *
 * @param key       the key (create, update, restore)
 * @param createdAt ISO 8601 creation time (create, restore)
 * @param updatedAt ISO 8601 update time (update)
 * @param deletedAt ISO 8601 deletion time (delete)
 */
public record ApiKeyResponse(String key, String createdAt, String updatedAt, String deletedAt) {

    /** Shows the timestamps, not the key. */
    @Override
    public String toString() {
        return "ApiKeyResponse{key=***, createdAt=" + createdAt + ", updatedAt=" + updatedAt + ", deletedAt="
                + deletedAt + "}";
    }
}
