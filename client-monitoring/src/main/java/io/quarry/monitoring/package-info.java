/**
 * The monitoring client: {@link io.quarry.monitoring.MonitoringClient} reads the status, incidents, inventory,
 * latency, indexing time, reachability and infrastructure metrics of the servers serving an application, and
 * joins them into one report per cluster ({@link io.quarry.monitoring.MonitoringClient#clusterHealth(java.util.List)}).
 */
package io.quarry.monitoring;
