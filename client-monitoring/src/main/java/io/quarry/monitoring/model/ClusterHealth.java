package io.quarry.monitoring.model;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How one cluster serves the application: its status, its incidents of the last 30 days and its latency.
 *
 * @param cluster the cluster's name
 * @param status its status ({@code null} if the status answer did not name it)
 * @param incidents its incidents, oldest first
 * @param latency its average latency over time, oldest first
 */
public record ClusterHealth(String cluster, ServerStatus status, List<Incident> incidents, List<TimePoint> latency) {

    /**
     * Copies the lists without their null items; missing ones are empty.
     *
     * @param cluster see the record description
     * @param status see the record description
     * @param incidents see the record description
     * @param latency see the record description
     */
    public ClusterHealth {
        incidents = Copies.list(incidents);
        latency = Copies.list(latency);
    }

    /** {@return whether the cluster is operational} */
    public boolean isOperational() {
        return status != null && status.isOperational();
    }

    /** {@return the average of the latency points in milliseconds, empty without points} */
    public OptionalDouble averageLatencyMillis() {
        return latency.stream().mapToDouble(TimePoint::value).average();
    }

    /** {@return the latest latency point, empty without points} */
    public Optional<TimePoint> latestLatency() {
        return latency.isEmpty() ? Optional.empty() : Optional.of(latency.get(latency.size() - 1));
    }
}
