package io.quarry.monitoring.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One time series per server or cluster (average latency, average indexing time, or one infrastructure metric).
 *
 * @param byServer name of a server or cluster to its points, oldest first
 */
public record ServerSeries(Map<String, List<TimePoint>> byServer) {

    /**
     * Copies the map; a missing one is empty, a null series has no points and null points are left out.
     *
     * @param byServer see the record description
     */
    public ServerSeries {
        byServer = Copies.series(byServer);
    }

    /**
     * {@return its points, empty when the answer has none}
     *
     * @param server a server or cluster name
     */
    public List<TimePoint> forServer(String server) {
        Objects.requireNonNull(server, "server");
        List<TimePoint> points = byServer.get(server);
        return points == null ? List.of() : points;
    }
}
