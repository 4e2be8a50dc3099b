package io.quarry.search.model;

import java.util.List;

/**
 * The clusters.
 *
 * @param clusters the clusters
 */
public record ListClustersResponse(List<ClusterSummary> clusters) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param clusters see the record description
     */
    public ListClustersResponse {
        clusters = Copies.list(clusters);
    }
}
