package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/** The mock server's own endpoints under {@code /_mock/}: reset, seed, export, version and scripted faults. */
public final class ControlProduct implements Product {

    private final ControlRoutes routes;

    /**
     * The control endpoints of a server.
     *
     * @param context what products share
     */
    public ControlProduct(ServiceContext context) {
        this.routes = new ControlRoutes(context.control(), context.version(), context.faults());
    }

    @Override
    public String name() {
        return "control";
    }

    @Override
    public void register(ProductRoutes registry) {
        registry.add(control("POST", "/_mock/reset", routes::reset))
                .add(control("POST", "/_mock/seed", routes::seed))
                .add(control("GET", "/_mock/state", routes::export))
                .add(control("GET", "/_mock/version", routes::version))
                .add(control("POST", "/_mock/faults", routes::addFault))
                .add(control("GET", "/_mock/faults", routes::listFaults))
                .add(control("DELETE", "/_mock/faults", routes::clearFaults));
    }

    private static Route control(String method, String template, io.quarry.mockserver.internal.http.Handler handler) {
        return new Route(method, template, Access.CONTROL, Set.of(), handler);
    }
}
