package io.quarry.crawler.model;

/**
 * The state of a crawler task.
 *
 * @param pending whether work remains (a task blocking its crawler stays pending until cancelled)
 */
public record CrawlerTaskStatus(boolean pending) {}
