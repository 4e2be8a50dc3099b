package io.quarry.mockserver.internal.products.crawler;

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
        routes.add(route("POST", PREFIX + "/crawlers", WRITE, none, crawlers::create))
                .add(route(
                        "GET",
                        PREFIX + "/crawlers",
                        READ,
                        Set.of("itemsPerPage", "page", "name", "appID"),
                        crawlers::list))
                .add(route("GET", PREFIX + "/crawlers/{id}", READ, Set.of("withConfig"), crawlers::get))
                .add(route("PATCH", PREFIX + "/crawlers/{id}", WRITE, none, crawlers::update))
                .add(route("PATCH", PREFIX + "/crawlers/{id}/config", WRITE, none, crawlers::updateConfig))
                .add(route("POST", PREFIX + "/crawlers/{id}/run", WRITE, none, crawlers::run))
                .add(route("POST", PREFIX + "/crawlers/{id}/pause", WRITE, none, crawlers::pause))
                .add(route("POST", PREFIX + "/crawlers/{id}/reindex", WRITE, none, crawlers::reindex))
                .add(route("GET", PREFIX + "/crawlers/{id}/stats/urls", READ, none, crawlers::stats))
                .add(route("POST", PREFIX + "/crawlers/{id}/urls/crawl", WRITE, none, crawlers::crawlUrls))
                .add(route("POST", PREFIX + "/crawlers/{id}/test", READ, none, crawlers::test))
                .add(route("GET", PREFIX + "/crawlers/{id}/tasks/{tid}", READ, none, crawlers::task))
                .add(route("POST", PREFIX + "/crawlers/{id}/tasks/{tid}/cancel", WRITE, none, crawlers::cancel));
    }

    @Override
    public void reset() {
        crawlers.reset();
    }

    /** A crawler route: the crawler host is not in the usage statistics. */
    private static Route route(String method, String template, Work work, Set<String> params, Handler handler) {
        return new Route(method, template, Access.CRAWLER, params, Operation.NOT_COUNTED, work, handler);
    }
}
