package io.quarry.monitoring;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.monitoring.model.ClusterHealth;
import io.quarry.monitoring.model.ClusterHealthReport;
import io.quarry.monitoring.model.IncidentsResponse;
import io.quarry.monitoring.model.InfrastructureMetric;
import io.quarry.monitoring.model.InfrastructureMetrics;
import io.quarry.monitoring.model.InfrastructurePeriod;
import io.quarry.monitoring.model.InventoryResponse;
import io.quarry.monitoring.model.ProbeSeries;
import io.quarry.monitoring.model.ProbesResponse;
import io.quarry.monitoring.model.Reachability;
import io.quarry.monitoring.model.ServerSeries;
import io.quarry.monitoring.model.StatusResponse;
import io.quarry.monitoring.model.TimePoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client of the monitoring API: the health and performance of the clusters and servers that serve an
 * application.
 *
 * <pre>{@code
 * try (MonitoringClient monitoring = MonitoringClient.create("MY_APP_ID", "MY_MONITORING_KEY")) {
 *     StatusResponse status = monitoring.status(List.of("c1-eu", "c2-eu"));
 *     ClusterHealthReport report = monitoring.clusterHealth(List.of("c1-eu", "c2-eu"));
 *     InfrastructureMetrics cpu = monitoring.infrastructure(InfrastructureMetric.CPU_USAGE, InfrastructurePeriod.DAY);
 * }
 * }</pre>
 *
 * <p>Status, incidents, latency, indexing time and reachability are public; the inventory and infrastructure
 * metrics need the application's monitoring key. Calls taking servers accept cluster and server names; a name
 * the service does not know fails the call with a {@link io.quarry.core.BadRequestException}. Monitoring runs
 * apart from the rest of the service, so a failure here says nothing of the search service itself.
 *
 * <p>Thread-safe. Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. The default host is {@code status.<product domain>}.
 */
public final class MonitoringClient extends ClientHandle<MonitoringClient> {

    /** What the core needs to know of this module: name, version, default host. */
    private static final ClientModule MODULE =
            ClientModule.of("Monitoring", MonitoringClient.class, DefaultHosts.productHost("status", ""));

    private MonitoringClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client with the default host.
     *
     * @param applicationId the application ID
     * @param monitoringKey the application's monitoring key (never logged)
     * @return the client; close it when done
     */
    public static MonitoringClient create(String applicationId, String monitoringKey) {
        return create(ClientConfig.builder(applicationId, monitoringKey).build());
    }

    /**
     * A client from a full configuration (hosts, timeouts, OkHttp client, logging, ...).
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static MonitoringClient create(ClientConfig config) {
        return new MonitoringClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED);
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected MonitoringClient withScope(CallScope scope) {
        return new MonitoringClient(scope, Connections.SHARED);
    }

    // Status

    /**
     * The status of every cluster and replica of the application.
     *
     * @return name to status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public StatusResponse status() {
        return scope().request(Endpoints.STATUS).execute(StatusResponse.class);
    }

    /**
     * Asynchronous form of {@link #status()}. Cancelling the future cancels the call.
     *
     * @return a future of name to status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<StatusResponse> statusAsync() {
        return scope().request(Endpoints.STATUS).executeAsync(StatusResponse.class);
    }

    /**
     * The status of some clusters or servers.
     *
     * @param servers cluster or server names, at least one
     * @return name to status
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public StatusResponse status(List<String> servers) {
        return serversRequest(Endpoints.STATUS_OF, servers).execute(StatusResponse.class);
    }

    /**
     * Asynchronous form of {@link #status(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to status; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<StatusResponse> statusAsync(List<String> servers) {
        return serversRequest(Endpoints.STATUS_OF, servers).executeAsync(StatusResponse.class);
    }

    // Incidents

    /**
     * The incidents of the last 30 days of every cluster and server.
     *
     * @return name to incidents
     * @throws io.quarry.core.QuarryException on any failure
     */
    public IncidentsResponse incidents() {
        return scope().request(Endpoints.INCIDENTS).execute(IncidentsResponse.class);
    }

    /**
     * Asynchronous form of {@link #incidents()}. Cancelling the future cancels the call.
     *
     * @return a future of name to incidents; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<IncidentsResponse> incidentsAsync() {
        return scope().request(Endpoints.INCIDENTS).executeAsync(IncidentsResponse.class);
    }

    /**
     * The incidents of the last 30 days of some clusters or servers.
     *
     * @param servers cluster or server names, at least one
     * @return name to incidents
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public IncidentsResponse incidents(List<String> servers) {
        return serversRequest(Endpoints.INCIDENTS_OF, servers).execute(IncidentsResponse.class);
    }

    /**
     * Asynchronous form of {@link #incidents(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to incidents; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<IncidentsResponse> incidentsAsync(List<String> servers) {
        return serversRequest(Endpoints.INCIDENTS_OF, servers).executeAsync(IncidentsResponse.class);
    }

    // Inventory

    /**
     * The servers of the application. Needs the monitoring key.
     *
     * @return the servers
     * @throws io.quarry.core.QuarryException on any failure
     */
    public InventoryResponse inventoryServers() {
        return scope().request(Endpoints.INVENTORY_SERVERS).execute(InventoryResponse.class);
    }

    /**
     * Asynchronous form of {@link #inventoryServers()}. Cancelling the future cancels the call.
     *
     * @return a future of the servers; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<InventoryResponse> inventoryServersAsync() {
        return scope().request(Endpoints.INVENTORY_SERVERS).executeAsync(InventoryResponse.class);
    }

    /**
     * The probes that measure latency and reachability. Needs the monitoring key.
     *
     * @return the probes
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ProbesResponse inventoryProbes() {
        return scope().request(Endpoints.INVENTORY_PROBES).execute(ProbesResponse.class);
    }

    /**
     * Asynchronous form of {@link #inventoryProbes()}. Cancelling the future cancels the call.
     *
     * @return a future of the probes; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ProbesResponse> inventoryProbesAsync() {
        return scope().request(Endpoints.INVENTORY_PROBES).executeAsync(ProbesResponse.class);
    }

    // Latency and indexing time

    /**
     * The average latency of some clusters or servers over time, measured from the probes relevant to them.
     *
     * @param servers cluster or server names, at least one
     * @return name to points (milliseconds)
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ServerSeries latency(List<String> servers) {
        return new ServerSeries(WireTypes.metric(
                serversRequest(Endpoints.LATENCY, servers).execute(WireTypes.SERVER_SERIES), "latency"));
    }

    /**
     * Asynchronous form of {@link #latency(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to points; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<ServerSeries> latencyAsync(List<String> servers) {
        return serversRequest(Endpoints.LATENCY, servers)
                .executeAsync(WireTypes.SERVER_SERIES)
                .thenApply(answer -> new ServerSeries(WireTypes.metric(answer, "latency")));
    }

    /**
     * The latency of some clusters or servers per probe, from the probes relevant to them (those watching their
     * region).
     *
     * @param servers cluster or server names, at least one
     * @return name to probe to points (milliseconds)
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ProbeSeries latencyByRelevantProbes(List<String> servers) {
        return probeSeries(
                serversRequest(Endpoints.LATENCY_RELEVANT_PROBES, servers).execute(WireTypes.PROBE_SERIES));
    }

    /**
     * Asynchronous form of {@link #latencyByRelevantProbes(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to probe to points; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<ProbeSeries> latencyByRelevantProbesAsync(List<String> servers) {
        return serversRequest(Endpoints.LATENCY_RELEVANT_PROBES, servers)
                .executeAsync(WireTypes.PROBE_SERIES)
                .thenApply(MonitoringClient::probeSeries);
    }

    /**
     * The latency of some clusters or servers per probe, from the other probes (those not watching their region).
     *
     * @param servers cluster or server names, at least one
     * @return name to probe to points (milliseconds)
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ProbeSeries latencyByOtherProbes(List<String> servers) {
        return probeSeries(
                serversRequest(Endpoints.LATENCY_OTHER_PROBES, servers).execute(WireTypes.PROBE_SERIES));
    }

    /**
     * Asynchronous form of {@link #latencyByOtherProbes(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to probe to points; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<ProbeSeries> latencyByOtherProbesAsync(List<String> servers) {
        return serversRequest(Endpoints.LATENCY_OTHER_PROBES, servers)
                .executeAsync(WireTypes.PROBE_SERIES)
                .thenApply(MonitoringClient::probeSeries);
    }

    /**
     * The average indexing time of some clusters or servers over time.
     *
     * @param servers cluster or server names, at least one
     * @return name to points (milliseconds)
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ServerSeries indexingTime(List<String> servers) {
        return new ServerSeries(WireTypes.metric(
                serversRequest(Endpoints.INDEXING, servers).execute(WireTypes.SERVER_SERIES), "indexing"));
    }

    /**
     * Asynchronous form of {@link #indexingTime(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to points; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<ServerSeries> indexingTimeAsync(List<String> servers) {
        return serversRequest(Endpoints.INDEXING, servers)
                .executeAsync(WireTypes.SERVER_SERIES)
                .thenApply(answer -> new ServerSeries(WireTypes.metric(answer, "indexing")));
    }

    // Reachability

    /**
     * Whether each probe reaches some clusters or servers.
     *
     * @param servers cluster or server names, at least one
     * @return name to probe to reachability
     * @throws InvalidRequestException when no name is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Reachability reachability(List<String> servers) {
        return serversRequest(Endpoints.REACHABILITY, servers).execute(Reachability.class);
    }

    /**
     * Asynchronous form of {@link #reachability(List)}. Cancelling the future cancels the call.
     *
     * @param servers cluster or server names, at least one
     * @return a future of name to probe to reachability; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no name is given, before any call
     */
    public CompletableFuture<Reachability> reachabilityAsync(List<String> servers) {
        return serversRequest(Endpoints.REACHABILITY, servers).executeAsync(Reachability.class);
    }

    // Infrastructure

    /**
     * Infrastructure metrics of every server over a period, one point per resolution step of the period. Needs the
     * monitoring key.
     *
     * @param metric the metric, or {@link InfrastructureMetric#ALL} for every one
     * @param period the period
     * @return metric to server to points
     * @throws io.quarry.core.QuarryException on any failure
     */
    public InfrastructureMetrics infrastructure(InfrastructureMetric metric, InfrastructurePeriod period) {
        return infrastructureMetrics(infrastructureRequest(metric, period).execute(WireTypes.SERVER_SERIES));
    }

    /**
     * Asynchronous form of {@link #infrastructure(InfrastructureMetric, InfrastructurePeriod)}. Cancelling the
     * future cancels the call.
     *
     * @param metric the metric, or {@link InfrastructureMetric#ALL} for every one
     * @param period the period
     * @return a future of metric to server to points; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<InfrastructureMetrics> infrastructureAsync(
            InfrastructureMetric metric, InfrastructurePeriod period) {
        return infrastructureRequest(metric, period)
                .executeAsync(WireTypes.SERVER_SERIES)
                .thenApply(MonitoringClient::infrastructureMetrics);
    }

    private ApiRequest infrastructureRequest(InfrastructureMetric metric, InfrastructurePeriod period) {
        return scope().request(Endpoints.INFRASTRUCTURE)
                .path("metric", Objects.requireNonNull(metric, "metric").wireName())
                .path("period", Objects.requireNonNull(period, "period").wireName());
    }

    // Cluster health

    /**
     * How the given clusters serve the application: each cluster's status, incidents of the last 30 days and
     * average latency, read in three calls and joined (a call observer sees one composite call {@code clusterHealth}
     * holding them). An empty list gives an empty report without any call.
     *
     * <p>To report on the clusters of a multi-cluster application, take their names from the search client:
     * <pre>{@code
     * List<String> names = searchClient.clusters().list().clusters().stream()
     *         .map(ClusterSummary::clusterName).toList();
     * ClusterHealthReport report = monitoring.clusterHealth(names);
     * }</pre>
     *
     * @param clusters the cluster names
     * @return one entry per cluster, in the order given
     * @throws io.quarry.core.QuarryException on any failure (an unknown cluster is a
     *     {@link io.quarry.core.BadRequestException})
     */
    public ClusterHealthReport clusterHealth(List<String> clusters) {
        Objects.requireNonNull(clusters, "clusters");
        List<String> names = List.copyOf(clusters);
        if (names.isEmpty()) {
            return new ClusterHealthReport(List.of());
        }
        return scope().compositeCall("clusterHealth", scope -> withScope(scope).report(names));
    }

    private ClusterHealthReport report(List<String> names) {
        return report(names, status(names), incidents(names), latency(names));
    }

    /**
     * Asynchronous form of {@link #clusterHealth(List)}: the three calls run at once, and cancelling the future
     * cancels those still in flight. To take the names from the
     * search client without blocking, chain its asynchronous list:
     * {@code searchClient.clusters().listAsync().thenCompose(r -> monitoring.clusterHealthAsync(names(r)))}.
     *
     * @param clusters the cluster names
     * @return a future of one entry per cluster; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ClusterHealthReport> clusterHealthAsync(List<String> clusters) {
        Objects.requireNonNull(clusters, "clusters");
        List<String> names = List.copyOf(clusters);
        if (names.isEmpty()) {
            return CompletableFuture.completedFuture(new ClusterHealthReport(List.of()));
        }
        return scope().compositeCallAsync(
                        "clusterHealth", scope -> withScope(scope).reportAsync(names));
    }

    private CompletableFuture<ClusterHealthReport> reportAsync(List<String> names) {
        CompletableFuture<StatusResponse> status = statusAsync(names);
        CompletableFuture<IncidentsResponse> incidents = incidentsAsync(names);
        CompletableFuture<ServerSeries> latency = latencyAsync(names);
        return CompletableFuture.allOf(status, incidents, latency)
                .thenApply(done -> report(names, status.join(), incidents.join(), latency.join()));
    }

    private static ClusterHealthReport report(
            List<String> names, StatusResponse status, IncidentsResponse incidents, ServerSeries latency) {
        List<ClusterHealth> entries = new ArrayList<>();
        for (String name : names) {
            List<TimePoint> points = latency.forServer(name);
            entries.add(
                    new ClusterHealth(name, status.forServer(name).orElse(null), incidents.forServer(name), points));
        }
        return new ClusterHealthReport(entries);
    }

    // Shared

    private ApiRequest serversRequest(io.quarry.core.Endpoint endpoint, List<String> servers) {
        return scope().request(endpoint).path("servers", serverList(servers));
    }

    /** Joins names with commas; the core percent-encodes the segment. */
    private static String serverList(List<String> servers) {
        Objects.requireNonNull(servers, "servers");
        if (servers.isEmpty()) {
            throw new InvalidRequestException("at least one cluster or server name is needed");
        }
        for (String server : servers) {
            if (server == null || server.isBlank() || server.contains(",")) {
                throw new InvalidRequestException(
                        "a cluster or server name must be non-empty and hold no comma: " + server);
            }
        }
        return String.join(",", servers);
    }

    private static ProbeSeries probeSeries(Map<String, Map<String, Map<String, Map<String, List<TimePoint>>>>> answer) {
        return new ProbeSeries(WireTypes.metric(answer, "latency_by_probes"));
    }

    private static InfrastructureMetrics infrastructureMetrics(
            Map<String, Map<String, Map<String, List<TimePoint>>>> answer) {
        Map<String, Map<String, List<TimePoint>>> metrics = answer == null ? null : answer.get("metrics");
        Map<String, ServerSeries> byMetric = new LinkedHashMap<>();
        if (metrics != null) {
            metrics.forEach((name, byServer) -> byMetric.put(name, new ServerSeries(byServer)));
        }
        return new InfrastructureMetrics(byMetric);
    }
}
