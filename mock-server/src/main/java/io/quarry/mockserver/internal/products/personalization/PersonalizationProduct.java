package io.quarry.mockserver.internal.products.personalization;

import static io.quarry.mockserver.internal.http.Work.READ;
import static io.quarry.mockserver.internal.http.Work.WRITE;

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
 * The personalization product: strategy, profiles computed from the tracked events, profile deletion, and the
 * search hook applying profiles. Every route needs the {@code recommendation} right (a refusal is a 401).
 */
public final class PersonalizationProduct implements Product {

    private final ServiceContext context;
    private final PersonalizationState state = new PersonalizationState();
    private final Profiles profiles;

    /**
     * The personalization API over the shared application state.
     *
     * @param context what products share
     */
    public PersonalizationProduct(ServiceContext context) {
        this.context = context;
        this.profiles = new Profiles(context.app(), state);
    }

    @Override
    public String name() {
        return "personalization";
    }

    @Override
    public void register(ProductRoutes routes) {
        PersonalizationRoutes handlers = new PersonalizationRoutes(context.app(), state, profiles);
        routes.add(route(
                        "GET",
                        "/1/profiles/personalization/{userToken}",
                        READ,
                        handlers.handler(PersonalizationRoutes.GET_PROFILE)))
                .add(route(
                        "DELETE",
                        "/1/profiles/{userToken}",
                        WRITE,
                        handlers.handler(PersonalizationRoutes.DELETE_PROFILE)))
                .add(route(
                        "GET",
                        "/1/strategies/personalization",
                        READ,
                        handlers.handler(PersonalizationRoutes.GET_STRATEGY)))
                .add(route(
                        "POST",
                        "/1/strategies/personalization",
                        WRITE,
                        handlers.handler(PersonalizationRoutes.SET_STRATEGY)));
        context.searchHooks().add(new PersonalizedSearch(context.app(), state, profiles));
    }

    @Override
    public void reset() {
        state.clear();
    }

    /** A personalization route: recommendation totals stay empty in the usage statistics. */
    private static Route route(String method, String template, Work work, Handler handler) {
        return new Route(method, template, Access.RECOMMENDATION, Set.of(), Operation.NOT_COUNTED, work, handler);
    }
}
