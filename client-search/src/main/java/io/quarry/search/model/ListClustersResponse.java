package io.quarry.search.model;

import java.util.List;

/**
 * The clusters.
 *
 * @param clusters the clusters
 */
public record ListClustersResponse(List<ClusterSummary> clusters) {}
