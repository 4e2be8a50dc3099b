package io.quarry.crawler.model;

import java.time.Instant;
import java.util.Optional;

/**
 * A crawler as the service shows it.
 *
 * @param name the crawler's name
 * @param createdAt when it was created
 * @param updatedAt when it last changed
 * @param lastReindexStartedAt when its last reindex started, null if none did
 * @param lastReindexEndedAt when its last reindex ended, null if none did
 * @param running whether it runs (not paused)
 * @param reindexing whether a reindex is in progress
 * @param blocked whether a task blocks it (see {@link #blockingTaskId})
 * @param blockingTaskId the blocking task, null unless blocked
 * @param config its configuration, null when not asked for
 */
public record Crawler(
        String name,
        Instant createdAt,
        Instant updatedAt,
        Instant lastReindexStartedAt,
        Instant lastReindexEndedAt,
        boolean running,
        boolean reindexing,
        boolean blocked,
        String blockingTaskId,
        CrawlerConfiguration config) {

    /** {@return the blocking task, when the crawler is blocked} */
    public Optional<String> blockingTask() {
        return blocked ? Optional.ofNullable(blockingTaskId) : Optional.empty();
    }
}
