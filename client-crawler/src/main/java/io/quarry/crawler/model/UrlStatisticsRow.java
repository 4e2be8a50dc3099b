package io.quarry.crawler.model;

/**
 * How many URLs ended one way.
 *
 * @param reason the reason code, such as {@code success}
 * @param status DONE, SKIPPED or FAILED (other names are kept)
 * @param category the reason's category
 * @param readable the reason in words
 * @param count how many URLs
 */
public record UrlStatisticsRow(String reason, UrlStatus status, String category, String readable, long count) {}
