package io.quarry.search.model;

/**
 * One cluster.
 *
 * @param clusterName the cluster
 * @param nbRecords   records in it
 * @param nbUserIDs   users assigned
 * @param dataSize    data size
 */
public record ClusterSummary(String clusterName, Long nbRecords, Long nbUserIDs, Long dataSize) {}
