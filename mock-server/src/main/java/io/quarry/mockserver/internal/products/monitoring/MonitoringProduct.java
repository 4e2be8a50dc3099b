package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.RequestListener;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.UserMappings;
import java.util.Set;

/**
 * The monitoring API: status, incidents, inventory, latency, indexing time, reachability and infrastructure, plus
 * the mock server's own monitoring controls. Status, incidents, latency, indexing and reachability are public;
 * inventory and infrastructure need the monitoring key. Latency, indexing time and reachability are what the
 * probes measure ({@link ProbeModel}): derived from the seed and the clock for every server, moved by the work
 * each cluster served and by the statuses scripted through the controls.
 */
public final class MonitoringProduct implements Product {

    private final Application app;
    private final Inventory inventory;
    private final Incidents incidents;
    private final WorkSeries searches;
    private final WorkSeries writes;
    private final InfrastructureSampler infrastructure;
    private final MonitoringRoutes routes;
    private final MonitoringControlRoutes controls;

    /**
     * The monitoring product of a server; its default inventory has the application's clusters.
     *
     * @param context what products share
     */
    public MonitoringProduct(ServiceContext context) {
        this.app = context.app();
        this.inventory = new Inventory(app.mappings().clusters(), app.clock());
        this.incidents = new Incidents(app.clock());
        this.searches = new WorkSeries(app.clock());
        this.writes = new WorkSeries(app.clock());
        this.infrastructure = new InfrastructureSampler(app.clock(), writes, app);
        ProbeModel probes = new ProbeModel(context.monitoringSeed(), app.clock(), inventory, searches, writes);
        this.routes = new MonitoringRoutes(inventory, incidents, probes, infrastructure);
        this.controls = new MonitoringControlRoutes(
                inventory, incidents, context.control().gate());
    }

    @Override
    public String name() {
        return "monitoring";
    }

    @Override
    public void register(ProductRoutes registry) {
        registry.add(get("/1/status", Access.PUBLIC, routes.handler(MonitoringRoutes.ALL_STATUSES)))
                .add(get(
                        "/1/status/{servers}",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.SOME_STATUSES))))
                .add(get("/1/incidents", Access.PUBLIC, routes.handler(MonitoringRoutes.ALL_INCIDENTS)))
                .add(get(
                        "/1/incidents/{servers}",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.SOME_INCIDENTS))))
                .add(get(
                        "/1/inventory/servers",
                        Access.MONITORING_KEY,
                        routes.handler(MonitoringRoutes.INVENTORY_SERVERS)))
                .add(get(
                        "/1/inventory/probes",
                        Access.MONITORING_KEY,
                        routes.handler(MonitoringRoutes.INVENTORY_PROBES)))
                .add(get(
                        "/1/latency/{servers}",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.LATENCY))))
                .add(get(
                        "/1/latency/{servers}/probes/relevant",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.LATENCY_RELEVANT_PROBES))))
                .add(get(
                        "/1/latency/{servers}/probes/others",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.LATENCY_OTHER_PROBES))))
                .add(get(
                        "/1/indexing/{servers}",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.INDEXING))))
                .add(get(
                        "/1/reachability/{servers}/probes",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes.handler(MonitoringRoutes.REACHABILITY))))
                .add(get(
                        "/1/infrastructure/{metric}/period/{period}",
                        Access.MONITORING_KEY,
                        routes.handler(MonitoringRoutes.INFRASTRUCTURE)))
                .add(control(
                        "POST", "/_mock/monitoring/incidents", controls.handler(MonitoringControlRoutes.ADD_INCIDENT)))
                .add(control("POST", "/_mock/monitoring/status", controls.handler(MonitoringControlRoutes.SET_STATUS)))
                .add(control(
                        "PUT",
                        "/_mock/monitoring/inventory",
                        controls.handler(MonitoringControlRoutes.REPLACE_INVENTORY)));
    }

    /** A monitoring read: not in the usage statistics. */
    private static Route get(String template, Access access, Handler handler) {
        return new Route("GET", template, access, Set.of(), Operation.NOT_COUNTED, Work.READ, handler);
    }

    /** One of the mock server's own monitoring controls: writes, not in the usage statistics. */
    private static Route control(String method, String template, Handler handler) {
        return new Route(method, template, Access.CONTROL, Set.of(), Operation.NOT_COUNTED, Work.WRITE, handler);
    }

    @Override
    public void reset() {
        inventory.reset();
        incidents.clear();
        searches.clear();
        writes.clear();
        infrastructure.clear();
    }

    /**
     * {@return the cluster that served a request: the cluster of the user it names ({@code X-Service-User-ID})
     * when that user is assigned to a cluster of the inventory, else the inventory's first cluster}
     */
    private String servingCluster(Request request) {
        String user = request.header("X-Service-User-ID");
        UserMappings.Mapping mapping = user == null ? null : app.mappings().find(user);
        return inventory.servingCluster(mapping == null ? null : mapping.clusterName());
    }

    @Override
    public RequestListener requestListener() {
        return (request, route, response, elapsedNanos) -> {
            if (route == null || response.status() >= 400) {
                return;
            }
            if (route.work() == Work.SEARCH) {
                searches.record(servingCluster(request), elapsedNanos);
            } else if (route.work() == Work.INDEXING) {
                writes.record(servingCluster(request), elapsedNanos);
            }
            infrastructure.sampleIfDue();
        };
    }
}
