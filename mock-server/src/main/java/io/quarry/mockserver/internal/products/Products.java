package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.http.ConsolePaths;
import io.quarry.mockserver.internal.http.RequestListener;
import io.quarry.mockserver.internal.products.analytics.AnalyticsProduct;
import io.quarry.mockserver.internal.products.answers.AnswersProduct;
import io.quarry.mockserver.internal.products.control.ControlProduct;
import io.quarry.mockserver.internal.products.crawler.CrawlerProduct;
import io.quarry.mockserver.internal.products.insights.InsightsProduct;
import io.quarry.mockserver.internal.products.monitoring.MonitoringProduct;
import io.quarry.mockserver.internal.products.personalization.PersonalizationProduct;
import io.quarry.mockserver.internal.products.search.SearchProduct;
import io.quarry.mockserver.internal.products.suggestions.SuggestionsProduct;
import io.quarry.mockserver.internal.products.usage.UsageProduct;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The products the mock server serves, in one list. Adding a product: a new package under
 * {@code internal.products}, one class implementing {@link Product}, and one line here.
 */
public final class Products {

    private Products() {}

    /**
     * Every product, the mock server's own control endpoints included.
     *
     * @param context what products share
     * @return the products
     */
    public static List<Product> all(ServiceContext context) {
        return List.of(
                new SearchProduct(context),
                new ControlProduct(context),
                new PersonalizationProduct(context),
                new AnswersProduct(context),
                new CrawlerProduct(context),
                new MonitoringProduct(context),
                new UsageProduct(context),
                new SuggestionsProduct(context),
                new InsightsProduct(context),
                new AnalyticsProduct(context));
    }

    /**
     * One listener telling the request log and then every product that listens, of every request but the console's
     * own reads ({@link ConsolePaths#isOwnRead}): watching the application must not change its log, usage or
     * monitoring figures.
     *
     * @param products the products
     * @param log the request log's listener
     * @return the combined listener
     */
    public static RequestListener listenerOf(List<Product> products, RequestListener log) {
        List<RequestListener> listeners = new ArrayList<>();
        listeners.add(log);
        products.stream().map(Product::requestListener).filter(Objects::nonNull).forEach(listeners::add);
        return (request, route, response, elapsedNanos) -> {
            if (ConsolePaths.isOwnRead(request, route)) {
                return;
            }
            for (RequestListener listener : listeners) {
                listener.answered(request, route, response, elapsedNanos);
            }
        };
    }

    /**
     * The routes of some products on one port.
     *
     * @param products the products
     * @return the registry, every route registered
     * @throws IllegalStateException if two products' routes collide
     */
    public static ProductRoutes routesOf(List<Product> products) {
        ProductRoutes routes = new ProductRoutes();
        for (Product product : products) {
            routes.register(product);
        }
        return routes;
    }
}
