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
        registry.add(control("POST", "/_mock/reset", Work.WRITE, routes.handler(ControlRoutes.RESET)))
                .add(control("POST", "/_mock/seed", Work.WRITE, routes.handler(ControlRoutes.SEED)))
                .add(control("GET", "/_mock/state", Work.READ, routes.handler(ControlRoutes.EXPORT)))
                .add(control("GET", "/_mock/version", Work.READ, routes.handler(ControlRoutes.VERSION)))
                .add(control("POST", "/_mock/faults", Work.WRITE, routes.handler(ControlRoutes.ADD_FAULT)))
                .add(control("GET", "/_mock/faults", Work.READ, routes.handler(ControlRoutes.LIST_FAULTS)))
                .add(control("DELETE", "/_mock/faults", Work.WRITE, routes.handler(ControlRoutes.CLEAR_FAULTS)))
                .add(control("DELETE", "/_mock/faults/{id}", Work.WRITE, routes.handler(ControlRoutes.REMOVE_FAULT)))
                .add(control("GET", "/_mock/hosts", Work.READ, hostRoutes.handler(HostControlRoutes.LIST)))
                .add(control(
                        "POST",
                        "/_mock/hosts/{host}/faults",
                        Work.WRITE,
                        hostRoutes.handler(HostControlRoutes.ADD_FAULT)))
                .add(control(
                        "DELETE",
                        "/_mock/hosts/{host}/faults",
                        Work.WRITE,
                        hostRoutes.handler(HostControlRoutes.CLEAR_FAULTS)))
                .add(control(
                        "DELETE",
                        "/_mock/hosts/{host}/faults/{id}",
                        Work.WRITE,
                        hostRoutes.handler(HostControlRoutes.REMOVE_FAULT)));
    }

    /** A control route: the mock server's own, not in the usage statistics. */
    private static Route control(String method, String template, Work work, Handler handler) {
        return new Route(method, template, Access.CONTROL, Set.of(), Operation.NOT_COUNTED, work, handler);
    }
}
