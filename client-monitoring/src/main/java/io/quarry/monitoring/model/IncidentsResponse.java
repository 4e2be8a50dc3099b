package io.quarry.monitoring.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Incidents of the last 30 days.
 *
 * @param incidents name of a server or cluster to its incidents, oldest first
 */
public record IncidentsResponse(Map<String, List<Incident>> incidents) {

    /**
     * Copies the map; a missing one is empty, so is a null list, and null incidents are left out.
     *
     * @param incidents see the record description
     */
    public IncidentsResponse {
        incidents = Copies.series(incidents);
    }

    /**
     * {@return its incidents, empty when the answer names none}
     *
     * @param server a server or cluster name
     */
    public List<Incident> forServer(String server) {
        Objects.requireNonNull(server, "server");
        List<Incident> list = incidents.get(server);
        return list == null ? List.of() : list;
    }
}
