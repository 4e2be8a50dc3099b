package io.quarry.monitoring.model;

import java.util.Map;
import java.util.Objects;

/**
 * Infrastructure metrics per server.
 *
 * @param byMetric metric name as the service sends it (metrics it adds later included) to its series per server
 */
public record InfrastructureMetrics(Map<String, ServerSeries> byMetric) {

    /**
     * Copies the map without its null entries; a missing one is empty.
     *
     * @param byMetric see the record description
     */
    public InfrastructureMetrics {
        byMetric = Copies.map(byMetric);
    }

    /**
     * {@return its series per server, empty when the answer lacks it}
     *
     * @param metric a metric (not {@link InfrastructureMetric#ALL})
     */
    public ServerSeries forMetric(InfrastructureMetric metric) {
        Objects.requireNonNull(metric, "metric");
        ServerSeries series = byMetric.get(metric.wireName());
        return series == null ? new ServerSeries(Map.of()) : series;
    }
}
