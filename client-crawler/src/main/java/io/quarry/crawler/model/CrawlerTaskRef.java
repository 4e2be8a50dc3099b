package io.quarry.crawler.model;

/**
 * A task the service started for a request; wait for it with
 * {@link io.quarry.crawler.CrawlerHandle#waitForTask(String)}.
 *
 * @param taskId the task ID
 */
public record CrawlerTaskRef(String taskId) {}
