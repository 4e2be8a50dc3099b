package io.quarry.monitoring.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The status of servers and clusters.
 *
 * @param status name of a server or cluster to its status
 */
public record StatusResponse(Map<String, ServerStatus> status) {

    /**
     * Copies the map without its null entries; a missing one is empty.
     *
     * @param status see the record description
     */
    public StatusResponse {
        status = Copies.map(status);
    }

    /**
     * {@return its status, empty when the answer does not name it}
     *
     * @param server a server or cluster name
     */
    public Optional<ServerStatus> forServer(String server) {
        Objects.requireNonNull(server, "server");
        return Optional.ofNullable(status.get(server));
    }
}
