package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.products.ProductRoutes.ProductRoute;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The route table of a server with every product (the console's too), for tests that check the whole table. */
public final class AllRoutes {

    private AllRoutes() {}

    /** @return every registered route with its product, in registration order */
    public static List<ProductRoute> registered() {
        Application app = new Application(Clock.systemUTC(), Duration.ZERO);
        ServiceContext context = new ServiceContext(
                app, new SearchEngine(), new StateControl(app, List.of()), "test", false, new SearchHooks());
        List<Product> products = new ArrayList<>(Products.all(context));
        products.add(new ConsoleProduct(app, "admin", "APP", "test", 1, Clock.systemUTC()));
        return Products.routesOf(products).routes();
    }

    /**
     * @param method a method
     * @param template a path template
     * @return the registered route
     */
    public static Route route(String method, String template) {
        return registered().stream()
                .map(ProductRoute::route)
                .filter(r -> r.method().equals(method) && r.template().equals(template))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no route " + method + " " + template));
    }
}
