package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.RequestListener;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import java.util.Set;

/**
 * The monitoring API: status, incidents, inventory, latency, indexing time, reachability and infrastructure, plus
 * the mock server's own monitoring controls. Status, incidents, latency, indexing and reachability are public;
 * inventory and infrastructure need the monitoring key.
 */
public final class MonitoringProduct implements Product {

    private final Inventory inventory;
    private final Incidents incidents;
    private final TimingSeries latency;
    private final TimingSeries indexing;
    private final InfrastructureSampler infrastructure;
    private final MonitoringRoutes routes;
    private final MonitoringControlRoutes controls;

    /**
     * The monitoring product of a server; its default inventory has the application's clusters.
     *
     * @param context what products share
     */
    public MonitoringProduct(ServiceContext context) {
        Application app = context.app();
        this.inventory = new Inventory(app.mappings().clusters());
        this.incidents = new Incidents(app.clock());
        this.latency = new TimingSeries(app.clock());
        this.indexing = new TimingSeries(app.clock());
        this.infrastructure = new InfrastructureSampler(
                app.clock(),
                () -> indexing.averageMillis() / 1000.0,
                () -> app.all().stream()
                        .mapToLong(index -> index.data().dataSize())
                        .sum());
        this.routes = new MonitoringRoutes(inventory, incidents, latency, indexing, infrastructure);
        this.controls = new MonitoringControlRoutes(inventory, incidents);
    }

    @Override
    public String name() {
        return "monitoring";
    }

    @Override
    public void register(ProductRoutes registry) {
        registry.add(get("/1/status", Access.PUBLIC, routes::allStatuses))
                .add(get("/1/status/{servers}", Access.PUBLIC, MonitoringRoutes.knownServers(routes::someStatuses)))
                .add(get("/1/incidents", Access.PUBLIC, routes::allIncidents))
                .add(get("/1/incidents/{servers}", Access.PUBLIC, MonitoringRoutes.knownServers(routes::someIncidents)))
                .add(get("/1/inventory/servers", Access.MONITORING_KEY, routes::inventoryServers))
                .add(get("/1/inventory/probes", Access.MONITORING_KEY, routes::inventoryProbes))
                .add(get("/1/latency/{servers}", Access.PUBLIC, MonitoringRoutes.knownServers(routes::latency)))
                .add(get(
                        "/1/latency/{servers}/probes/relevant",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes::latencyRelevantProbes)))
                .add(get(
                        "/1/latency/{servers}/probes/others",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes::latencyOtherProbes)))
                .add(get("/1/indexing/{servers}", Access.PUBLIC, MonitoringRoutes.knownServers(routes::indexing)))
                .add(get(
                        "/1/reachability/{servers}/probes",
                        Access.PUBLIC,
                        MonitoringRoutes.knownServers(routes::reachability)))
                .add(get("/1/infrastructure/{metric}/period/{period}", Access.MONITORING_KEY, routes::infrastructure))
                .add(control("POST", "/_mock/monitoring/incidents", controls::addIncident))
                .add(control("POST", "/_mock/monitoring/status", controls::setStatus))
                .add(control("PUT", "/_mock/monitoring/inventory", controls::replaceInventory));
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
        latency.clear();
        indexing.clear();
        infrastructure.clear();
    }

    @Override
    public RequestListener requestListener() {
        return (request, route, response, elapsedNanos) -> {
            if (route == null || response.status() >= 400) {
                return;
            }
            if (route.work() == Work.SEARCH) {
                latency.record(elapsedNanos);
            } else if (route.work() == Work.INDEXING) {
                indexing.record(elapsedNanos);
            }
            infrastructure.sampleIfDue();
        };
    }
}
