package io.quarry.monitoring.model;

import java.util.List;

/**
 * A place from which the service measures latency and reachability.
 *
 * @param name the probe's name
 * @param city its city
 * @param country its country
 * @param latitude its latitude
 * @param longitude its longitude
 * @param regions the regions it watches
 */
public record Probe(String name, String city, String country, double latitude, double longitude, List<String> regions) {

    /** Copies the regions; missing ones are empty. */
    public Probe {
        regions = regions == null ? List.of() : List.copyOf(regions);
    }
}
