package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/**
 * The mock server's own endpoints under {@code /_mock/}: reset, seed, export, version, scripted faults, and the
 * hosts with their own faults.
 */
public final class ControlProduct implements Product {

    private final ControlRoutes routes;
    private final HostControlRoutes hostRoutes;

    /**
     * The control endpoints of a server.
     *
     * @param context what products share
     */
    public ControlProduct(ServiceContext context) {
        this.routes = new ControlRoutes(context.control(), context.version(), context.faults());
        this.hostRoutes = new HostControlRoutes(context.hosts());
    }

    @Override
    public String name() {
        return "control";
    }

    @Override
    public void register(ProductRoutes registry) {
        registry.add(control("POST", "/_mock/reset", Work.WRITE, routes::reset))
                .add(control("POST", "/_mock/seed", Work.WRITE, routes::seed))
                .add(control("GET", "/_mock/state", Work.READ, routes::export))
                .add(control("GET", "/_mock/version", Work.READ, routes::version))
                .add(control("POST", "/_mock/faults", Work.WRITE, routes::addFault))
                .add(control("GET", "/_mock/faults", Work.READ, routes::listFaults))
                .add(control("DELETE", "/_mock/faults", Work.WRITE, routes::clearFaults))
                .add(control("GET", "/_mock/hosts", Work.READ, hostRoutes::list))
                .add(control("POST", "/_mock/hosts/{host}/faults", Work.WRITE, hostRoutes::addFault))
                .add(control("DELETE", "/_mock/hosts/{host}/faults", Work.WRITE, hostRoutes::clearFaults));
    }

    /** A control route: the mock server's own, not in the usage statistics. */
    private static Route control(String method, String template, Work work, Handler handler) {
        return new Route(method, template, Access.CONTROL, Set.of(), Operation.NOT_COUNTED, work, handler);
    }
}
