package io.quarry.search.model;

/**
 * The status of a task: {@code published} once
 * the task is applied and {@code notPublished} before.
 *
 * @param status      {@code published} or {@code notPublished}
 * @param pendingTask whether the index still has tasks pending (index tasks only)
 */
public record TaskStatus(String status, Boolean pendingTask) {

    /** {@return whether the task is applied} */
    public boolean isPublished() {
        return "published".equals(status);
    }
}
