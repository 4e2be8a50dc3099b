package io.quarry.monitoring.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Latency per server and per probe.
 *
 * @param byServer name of a server or cluster to probe name to points, oldest first
 */
public record ProbeSeries(Map<String, Map<String, List<TimePoint>>> byServer) {

    /**
     * Copies the map; a missing one is empty, a null series has no points and null points are left out.
     *
     * @param byServer see the record description
     */
    public ProbeSeries {
        byServer = Copies.map(byServer, Copies::series);
    }

    /**
     * {@return probe name to its points, empty when the answer has none}
     *
     * @param server a server or cluster name
     */
    public Map<String, List<TimePoint>> forServer(String server) {
        Objects.requireNonNull(server, "server");
        Map<String, List<TimePoint>> probes = byServer.get(server);
        return probes == null ? Map.of() : probes;
    }
}
