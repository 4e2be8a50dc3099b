package io.quarry.crawler.model;

import java.util.List;
import java.util.Objects;

/**
 * The URL statistics of a crawler.
 *
 * @param count how many URLs in all
 * @param data one row per outcome
 */
public record UrlStatistics(long count, List<UrlStatisticsRow> data) {

    /**
     * Null lists become empty.
     *
     * @param count see the record description
     * @param data see the record description
     */
    public UrlStatistics {
        data = data == null ? List.of() : List.copyOf(data);
    }

    /**
     * {@return how many URLs ended so, every reason included}
     *
     * @param status an outcome
     */
    public long count(UrlStatus status) {
        Objects.requireNonNull(status, "status");
        return data.stream()
                .filter(r -> status.equals(r.status()))
                .mapToLong(UrlStatisticsRow::count)
                .sum();
    }
}
