package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether each probe reaches each server.
 *
 * @param byServer name of a server or cluster to probe name to whether it is reachable from there
 */
public record Reachability(Map<String, Map<String, Boolean>> byServer) {

    /**
     * Copies the map and each server's probes (a probe's null flag kept); a missing one is empty, and so is a null
     * entry for a server.
     *
     * @param byServer see the record description
     */
    public Reachability {
        byServer = Copies.map(
                byServer,
                probes -> probes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(probes)));
    }

    /**
     * Reads the answer, the map itself: read as a member of this model, each flag is taken from {@code true} or
     * {@code false} only (a map read on its own would take {@code 1} or {@code "true"} as true).
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    private static Reachability fromJson(Map<String, Map<String, Boolean>> byServer) {
        return new Reachability(byServer);
    }

    /**
     * {@return probe name to reachability, empty when the answer has none}
     *
     * @param server a server or cluster name
     */
    public Map<String, Boolean> forServer(String server) {
        Objects.requireNonNull(server, "server");
        Map<String, Boolean> probes = byServer.get(server);
        return probes == null ? Map.of() : probes;
    }

    /**
     * {@return whether every probe reaches it (false when the answer has no probe for it)}
     *
     * @param server a server or cluster name
     */
    public boolean reachableFromEveryProbe(String server) {
        Map<String, Boolean> probes = forServer(server);
        return !probes.isEmpty() && probes.values().stream().allMatch(Boolean.TRUE::equals);
    }
}
