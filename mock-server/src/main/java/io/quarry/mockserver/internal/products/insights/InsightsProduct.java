package io.quarry.mockserver.internal.products.insights;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/**
 * The insights (events) API: one route, {@code POST /1/events}, with a key holding the {@code search} right (a
 * refusal is a 401, as the service answers). Accepted events go to the application's tracking, where analytics
 * and personalization read them. It keeps no state of its own.
 */
public final class InsightsProduct implements Product {

    private final ServiceContext context;

    /**
     * The insights API over the shared application state.
     *
     * @param context what products share
     */
    public InsightsProduct(ServiceContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "insights";
    }

    @Override
    public void register(ProductRoutes routes) {
        EventsRoute events =
                new EventsRoute(context.app().tracking(), context.app().clock());
        routes.add(new Route(
                "POST",
                "/1/events",
                Access.INSIGHTS,
                Set.of(),
                Operation.SEND_EVENTS,
                Work.WRITE,
                events.handler(EventsRoute.SEND)));
        // the call's documents list a 422 and a 401, and no 400
        routes.invalidRequestStatusUnder("/1/events", 422);
    }
}
