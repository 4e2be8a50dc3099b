package io.quarry.mockserver.internal.products.crawler;

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
 * The crawler product, under the {@value #PREFIX} prefix the crawler host carries: crawlers (HTTP basic
 * authentication with the crawler user ID and key), their configuration, tasks and statistics, and real crawls
 * that write records to the application's indices.
 */
public final class CrawlerProduct implements Product {

    /** The path prefix of every crawler route. */
    static final String PREFIX = "/api/1";

    private final LazyRoutes<CrawlerRoutes> crawlers;

    /** @param context what products share; its crawler hosts decide what crawls may fetch */
    public CrawlerProduct(ServiceContext context) {
        this.crawlers = new LazyRoutes<>(() -> {
            PageFetcher fetcher = new PageFetcher(context.crawlerAllowedHosts());
            return new CrawlerRoutes(
                    context.app(),
                    new CrawlJobs(context.app(), fetcher),
                    new PageTester(fetcher, context.app().clock()));
        });
    }

    @Override
    public String name() {
        return "crawler";
    }

    @Override
    public void register(ProductRoutes routes) {
        Set<String> none = Set.of();
        routes.add(route("POST", PREFIX + "/crawlers", WRITE, none, crawlers.handler(CrawlerRoutes.CREATE)))
                .add(route(
                        "GET",
                        PREFIX + "/crawlers",
                        READ,
                        Set.of("itemsPerPage", "page", "name", "appID"),
                        crawlers.handler(CrawlerRoutes.LIST)))
                .add(route(
                        "GET",
                        PREFIX + "/crawlers/{id}",
                        READ,
                        Set.of("withConfig"),
                        crawlers.handler(CrawlerRoutes.GET)))
                .add(route("PATCH", PREFIX + "/crawlers/{id}", WRITE, none, crawlers.handler(CrawlerRoutes.UPDATE)))
                .add(route(
                        "PATCH",
                        PREFIX + "/crawlers/{id}/config",
                        WRITE,
                        none,
                        crawlers.handler(CrawlerRoutes.UPDATE_CONFIG)))
                .add(route("POST", PREFIX + "/crawlers/{id}/run", WRITE, none, crawlers.handler(CrawlerRoutes.RUN)))
                .add(route("POST", PREFIX + "/crawlers/{id}/pause", WRITE, none, crawlers.handler(CrawlerRoutes.PAUSE)))
                .add(route(
                        "POST",
                        PREFIX + "/crawlers/{id}/reindex",
                        WRITE,
                        none,
                        crawlers.handler(CrawlerRoutes.REINDEX)))
                .add(route(
                        "GET", PREFIX + "/crawlers/{id}/stats/urls", READ, none, crawlers.handler(CrawlerRoutes.STATS)))
                .add(route(
                        "POST",
                        PREFIX + "/crawlers/{id}/urls/crawl",
                        WRITE,
                        none,
                        crawlers.handler(CrawlerRoutes.CRAWL_URLS)))
                .add(route("POST", PREFIX + "/crawlers/{id}/test", READ, none, crawlers.handler(CrawlerRoutes.TEST)))
                .add(route(
                        "GET", PREFIX + "/crawlers/{id}/tasks/{tid}", READ, none, crawlers.handler(CrawlerRoutes.TASK)))
                .add(route(
                        "POST",
                        PREFIX + "/crawlers/{id}/tasks/{tid}/cancel",
                        WRITE,
                        none,
                        crawlers.handler(CrawlerRoutes.CANCEL)));
    }

    @Override
    public void reset() {
        CrawlerRoutes made = crawlers.madeOrNull();
        if (made != null) {
            made.reset();
        }
    }

    /** A crawler route: the crawler host is not in the usage statistics. */
    private static Route route(String method, String template, Work work, Set<String> params, Handler handler) {
        return new Route(method, template, Access.CRAWLER, params, Operation.NOT_COUNTED, work, handler);
    }
}
