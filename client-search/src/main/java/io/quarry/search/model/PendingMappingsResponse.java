package io.quarry.search.model;

import java.util.List;
import java.util.Map;

/**
 * Whether user mappings are still being applied.
 *
 * @param pending  whether any mapping is pending
 * @param clusters cluster name to the users pending there, when asked for
 */
public record PendingMappingsResponse(boolean pending, Map<String, List<String>> clusters) {

    /**
     * Keeps an unmodifiable copy of the map and of what it holds.
     *
     * @param pending see the record description
     * @param clusters see the record description
     */
    public PendingMappingsResponse {
        clusters = Copies.map(clusters, Copies::list);
    }
}
