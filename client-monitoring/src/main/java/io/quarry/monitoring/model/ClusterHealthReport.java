package io.quarry.monitoring.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the clusters serving an application are doing, one entry per cluster asked for, in the order asked.
 *
 * @param clusters one entry per cluster
 */
public record ClusterHealthReport(List<ClusterHealth> clusters) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param clusters see the record description
     */
    public ClusterHealthReport {
        clusters = Copies.list(clusters);
    }

    /** {@return whether every cluster is operational (true for no cluster)} */
    public boolean allOperational() {
        return clusters.stream().allMatch(ClusterHealth::isOperational);
    }

    /** {@return the clusters that are not operational} */
    public List<ClusterHealth> unhealthy() {
        return clusters.stream().filter(c -> !c.isOperational()).toList();
    }

    /**
     * {@return its entry, if it was asked for}
     *
     * @param cluster a cluster's name
     */
    public Optional<ClusterHealth> cluster(String cluster) {
        Objects.requireNonNull(cluster, "cluster");
        return clusters.stream().filter(c -> c.cluster().equals(cluster)).findFirst();
    }
}
