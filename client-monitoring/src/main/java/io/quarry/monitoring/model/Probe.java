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

    /**
     * Copies the regions without null items; missing ones are empty.
     *
     * @param name see the record description
     * @param city see the record description
     * @param country see the record description
     * @param latitude see the record description
     * @param longitude see the record description
     * @param regions see the record description
     */
    public Probe {
        regions = Copies.list(regions);
    }
}
