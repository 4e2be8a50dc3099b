package io.quarry.crawler.model;

/**
 * A created crawler.
 *
 * @param id its ID
 */
public record CrawlerCreated(String id) {}
