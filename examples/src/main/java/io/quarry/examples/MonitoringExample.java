package io.quarry.examples;

import io.quarry.monitoring.MonitoringClient;
import io.quarry.monitoring.model.ClusterHealth;
import io.quarry.monitoring.model.ClusterHealthReport;
import io.quarry.monitoring.model.InventoryServer;
import java.util.List;
import java.util.Locale;

/**
 * Monitoring: finds the clusters that serve the application and reports the health of each (status, open
 * incidents, search latency), the kind of check a status page or an alerting job runs every few minutes.
 */
public final class MonitoringExample {

    private MonitoringExample() {}

    /**
     * The health of every cluster of the application.
     *
     * @param monitoring a monitoring client (created with the application's monitoring key)
     * @return the report; {@link ClusterHealthReport#allOperational()} says whether all is well
     */
    public static ClusterHealthReport checkClusters(MonitoringClient monitoring) {
        List<String> clusters = monitoring.inventoryServers().inventory().stream()
                .map(InventoryServer::cluster)
                .distinct()
                .toList();
        return monitoring.clusterHealth(clusters);
    }

    /**
     * One readable line per cluster, for a log or a chat message.
     *
     * @param report a health report
     * @return lines such as {@code c1-eu: operational, 0 incidents, average latency 3 ms}
     */
    public static List<String> describe(ClusterHealthReport report) {
        return report.clusters().stream().map(MonitoringExample::describe).toList();
    }

    private static String describe(ClusterHealth cluster) {
        // Latency is empty when no probe could reach the cluster over the last 24 hours.
        String latency = cluster.averageLatencyMillis().isPresent()
                ? String.format(
                        Locale.ROOT,
                        "average latency %.0f ms",
                        cluster.averageLatencyMillis().getAsDouble())
                : "no latency yet";
        return cluster.cluster() + ": " + cluster.status().name() + ", "
                + cluster.incidents().size() + " incidents, " + latency;
    }
}
