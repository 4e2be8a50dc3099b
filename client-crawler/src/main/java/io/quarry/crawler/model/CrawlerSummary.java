package io.quarry.crawler.model;

/**
 * A crawler in a list.
 *
 * @param id the crawler ID
 * @param name its name
 */
public record CrawlerSummary(String id, String name) {}
