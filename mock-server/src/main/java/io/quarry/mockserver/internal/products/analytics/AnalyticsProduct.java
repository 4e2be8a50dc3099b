package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.LazyRoutes;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;

/**
 * The analytics API: every {@code GET /2/...} route, with a key holding the {@code analytics} right, computed at
 * call time from the application's tracked searches and events (so results show at once). Its own state is the
 * per-minute call count of the rate limit, cleared on reset.
 */
public final class AnalyticsProduct implements Product {

    private final ServiceContext context;
    private final AnalyticsRateLimit rateLimit;

    /**
     * The analytics API over the shared application state.
     *
     * @param context what products share
     */
    public AnalyticsProduct(ServiceContext context) {
        this.context = context;
        this.rateLimit = new AnalyticsRateLimit(context.app().clock());
    }

    @Override
    public String name() {
        return "analytics";
    }

    @Override
    public void register(ProductRoutes routes) {
        LazyRoutes<AnalyticsRoutes> analytics = new LazyRoutes<>(() -> new AnalyticsRoutes(context.app()));
        routes.add(get("/2/status", analytics.handler(AnalyticsRoutes.STATUS)))
                .add(get("/2/searches", analytics.handler(AnalyticsRoutes.SEARCHES)))
                .add(get("/2/searches/count", analytics.handler(AnalyticsRoutes.SEARCHES_COUNT)))
                .add(get("/2/searches/noResults", analytics.handler(AnalyticsRoutes.NO_RESULTS)))
                .add(get("/2/searches/noClicks", analytics.handler(AnalyticsRoutes.NO_CLICKS)))
                .add(get("/2/searches/noResultRate", analytics.handler(AnalyticsRoutes.NO_RESULT_RATE)))
                .add(get("/2/searches/noClickRate", analytics.handler(AnalyticsRoutes.NO_CLICK_RATE)))
                .add(get("/2/hits", analytics.handler(AnalyticsRoutes.HITS)))
                .add(get("/2/users/count", analytics.handler(AnalyticsRoutes.USERS_COUNT)))
                .add(get("/2/filters", analytics.handler(AnalyticsRoutes.FILTERS)))
                .add(get("/2/filters/noResults", analytics.handler(AnalyticsRoutes.FILTERS_NO_RESULTS)))
                .add(get("/2/filters/{attributes}", analytics.handler(AnalyticsRoutes.FILTER_VALUES)))
                .add(get("/2/countries", analytics.handler(AnalyticsRoutes.COUNTRIES)))
                .headersUnder("2", rateLimit::current);
    }

    @Override
    public void reset() {
        rateLimit.reset();
    }

    /** An analytics read: not in the usage statistics. */
    private Route get(String template, Handler handler) {
        return new Route(
                "GET",
                template,
                Access.ANALYTICS,
                AnalyticsParams.NAMES,
                Operation.NOT_COUNTED,
                Work.READ,
                request -> rateLimit.answer(request, handler::handle));
    }
}
