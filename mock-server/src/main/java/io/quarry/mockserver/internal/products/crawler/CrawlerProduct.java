package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/**
 * The crawler product, under the {@value #PREFIX} prefix the crawler host carries: crawlers (HTTP basic
 * authentication with the crawler user ID and key), their configuration, tasks and statistics, and real crawls
 * that write records to the application's indices.
 */
public final class CrawlerProduct implements Product {

    /** The path prefix of every crawler route. */
    static final String PREFIX = "/api/1";

    private final CrawlerRoutes crawlers;

    /** @param context what products share; its crawler hosts decide what crawls may fetch */
    public CrawlerProduct(ServiceContext context) {
        PageFetcher fetcher = new PageFetcher(context.crawlerAllowedHosts());
        this.crawlers = new CrawlerRoutes(
                context.app(),
                new CrawlJobs(context.app(), fetcher),
                new PageTester(fetcher, context.app().clock()));
    }

    @Override
    public String name() {
        return "crawler";
    }

    @Override
    public void register(ProductRoutes routes) {
        Set<String> none = Set.of();
        routes.add(route("POST", PREFIX + "/crawlers", none, crawlers::create))
                .add(route(
                        "GET", PREFIX + "/crawlers", Set.of("itemsPerPage", "page", "name", "appID"), crawlers::list))
                .add(route("GET", PREFIX + "/crawlers/{id}", Set.of("withConfig"), crawlers::get))
                .add(route("PATCH", PREFIX + "/crawlers/{id}", none, crawlers::update))
                .add(route("PATCH", PREFIX + "/crawlers/{id}/config", none, crawlers::updateConfig))
                .add(route("POST", PREFIX + "/crawlers/{id}/run", none, crawlers::run))
                .add(route("POST", PREFIX + "/crawlers/{id}/pause", none, crawlers::pause))
                .add(route("POST", PREFIX + "/crawlers/{id}/reindex", none, crawlers::reindex))
                .add(route("GET", PREFIX + "/crawlers/{id}/stats/urls", none, crawlers::stats))
                .add(route("POST", PREFIX + "/crawlers/{id}/urls/crawl", none, crawlers::crawlUrls))
                .add(route("POST", PREFIX + "/crawlers/{id}/test", none, crawlers::test))
                .add(route("GET", PREFIX + "/crawlers/{id}/tasks/{tid}", none, crawlers::task))
                .add(route("POST", PREFIX + "/crawlers/{id}/tasks/{tid}/cancel", none, crawlers::cancel));
    }

    @Override
    public void reset() {
        crawlers.reset();
    }

    private static Route route(String method, String template, Set<String> params, Handler handler) {
        return new Route(method, template, Access.CRAWLER, params, handler);
    }
}
