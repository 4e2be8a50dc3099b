package io.quarry.monitoring.model;

import java.util.List;

/**
 * The probes.
 *
 * @param probes the probes
 */
public record ProbesResponse(List<Probe> probes) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param probes see the record description
     */
    public ProbesResponse {
        probes = Copies.list(probes);
    }
}
