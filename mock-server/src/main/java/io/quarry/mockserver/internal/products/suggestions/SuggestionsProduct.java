package io.quarry.mockserver.internal.products.suggestions;

import static io.quarry.mockserver.internal.http.Work.READ;
import static io.quarry.mockserver.internal.http.Work.WRITE;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.LazyRoutes;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/**
 * The query-suggestions product: configurations (at most 100 per application) and their builds, which fill the
 * suggestions index in the same application from the searches the search product recorded. Every route needs the
 * admin key and application ID; a refusal is a 401.
 */
public final class SuggestionsProduct implements Product {

    private final ServiceContext context;
    private final Configurations configurations = new Configurations();

    /**
     * The query-suggestions API over the shared application state and engine.
     *
     * @param context what products share
     */
    public SuggestionsProduct(ServiceContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "suggestions";
    }

    @Override
    public void register(ProductRoutes routes) {
        LazyRoutes<SuggestionsRoutes> handlers = new LazyRoutes<>(() -> new SuggestionsRoutes(
                configurations,
                new BuildRunner(
                        configurations,
                        new SuggestionBuilder(context.app(), context.engine(), configurations::writeUnlessRead),
                        context.app().clock()),
                context.suggestionsBuildWaitMillis()));
        routes.add(route("POST", "/1/configs", WRITE, handlers.handler(SuggestionsRoutes.CREATE)))
                .add(route("PUT", "/1/configs/{indexName}", WRITE, handlers.handler(SuggestionsRoutes.REPLACE)))
                .add(route("DELETE", "/1/configs/{indexName}", WRITE, handlers.handler(SuggestionsRoutes.DELETE)))
                .add(route("GET", "/1/configs/{indexName}", READ, handlers.handler(SuggestionsRoutes.GET)))
                .add(route("GET", "/1/configs/{indexName}/status", READ, handlers.handler(SuggestionsRoutes.STATUS)))
                .add(route("GET", "/1/configs", READ, handlers.handler(SuggestionsRoutes.LIST)))
                .add(route("GET", "/1/logs/{indexName}", READ, handlers.handler(SuggestionsRoutes.LOGS)));
    }

    @Override
    public void reset() {
        configurations.clear();
    }

    /** A configuration route: query-suggestions totals stay empty in the usage statistics. */
    private static Route route(String method, String template, Work work, Handler handler) {
        return new Route(method, template, Access.SUGGESTIONS, Set.of(), Operation.NOT_COUNTED, work, handler);
    }
}
