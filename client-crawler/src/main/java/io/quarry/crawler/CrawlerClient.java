package io.quarry.crawler;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.Credentials;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.Page;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerCreated;
import io.quarry.crawler.model.CrawlerListPage;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.CrawlerSummary;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client of the crawler API. It creates and lists crawlers; {@link #crawler(String)} is the handle of one
 * crawler.
 *
 * <p>Set-up differs from the other APIs in two ways:
 * <ul>
 *   <li>Credentials: the crawler's own user ID and API key, sent with HTTP basic authentication, not an
 *       application ID and API key. {@link #create(String, String)} takes them; with a full configuration, give
 *       {@link Credentials#basic(String, String)}.</li>
 *   <li>Host: the crawler API is served under the base path {@code /api/1} of its host. The default host,
 *       {@code https://crawler.<product domain>/api/1}, has it. A custom host given without a path (such as a test
 *       server's {@code http://localhost:8080}) gets {@code /api/1} added; a custom host with any other base path
 *       must end in {@code /api/1}, else {@link #create(ClientConfig)} fails with a
 *       {@link io.quarry.core.ConfigurationException} that says so.</li>
 * </ul>
 *
 * <pre>{@code
 * try (CrawlerClient client = CrawlerClient.create("MY_CRAWLER_USER_ID", "MY_CRAWLER_API_KEY")) {
 *     String id = client.create("docs", config).id();
 *     Crawler done = client.crawler(id).reindexAndWait();
 * }
 *
 * ClientConfig local = ClientConfig.builder(Credentials.basic("MY_CRAWLER_USER_ID", "MY_CRAWLER_API_KEY"))
 *         .hosts(Host.of("http://localhost:8080")) // calls go to http://localhost:8080/api/1/...
 *         .build();
 * }</pre>
 * A wrong user ID or key is answered with 401 ({@link io.quarry.core.UnauthorizedException}); a crawler that does
 * not exist, or that these credentials may not see, with 403 ({@link io.quarry.core.ForbiddenException}).
 * Thread-safe. Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(io.quarry.core.RequestOptions) view} that carries them.
 *
 * <p>As in every module, a method named {@code browse...} returns every item, read lazily page after page
 * ({@link #browse(CrawlerListQuery)}), and one named {@code ...Page} makes one call and returns one page
 * ({@link #listPage(CrawlerListQuery)}).
 */
public final class CrawlerClient extends ClientHandle<CrawlerClient> {

    /** What the core needs to know of this module: name, version, default host. */
    private static final ClientModule MODULE = ClientModule.of(
            "Crawler", CrawlerClient.class, DefaultHosts.productHost("crawler", CrawlerBasePath.BASE_PATH));

    /** The composite call of a lazy read of every crawler, holding its page calls ({@code listPage}). */
    private static final String BROWSE_CRAWLERS = "browseCrawlers";

    private CrawlerClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client of the service's crawler host, {@code https://crawler.<product domain>/api/1}.
     *
     * @param userId the crawler user ID
     * @param apiKey the crawler API key (never logged)
     * @return the client; close it when done
     */
    public static CrawlerClient create(String userId, String apiKey) {
        return create(ClientConfig.builder(Credentials.basic(userId, apiKey)).build());
    }

    /**
     * A client from a full configuration. Its credentials should be {@link Credentials#basic(String, String)} with
     * the crawler user ID and API key. Without hosts in it, the service's crawler host; a custom host without a
     * path gets the base path {@code /api/1} added.
     *
     * @param config the configuration
     * @return the client; close it when done
     * @throws io.quarry.core.ConfigurationException if a custom host has a base path that does not end in
     *     {@code /api/1}
     */
    public static CrawlerClient create(ClientConfig config) {
        Objects.requireNonNull(config, "config");
        ClientConfig onCrawlerPath = CrawlerBasePath.applyTo(Objects.requireNonNull(config, "config"));
        return new CrawlerClient(CallScope.of(ApiClient.create(onCrawlerPath, MODULE)), Connections.OWNED);
    }

    /** {@return the hosts calls go to, for tests} */
    List<Host> hosts() {
        return scope().api().hosts();
    }

    /**
     * The handle of one crawler (no call is made).
     *
     * @param crawlerId the crawler ID
     * @return the handle
     */
    public CrawlerHandle crawler(String crawlerId) {
        return new CrawlerHandle(scope().withPathParameter("id", Objects.requireNonNull(crawlerId, "crawlerId")));
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected CrawlerClient withScope(CallScope scope) {
        return new CrawlerClient(scope, Connections.SHARED);
    }

    /**
     * Creates a crawler.
     *
     * @param name its name, at most 64 characters
     * @param config its configuration ({@code appId}, {@code rateLimit} and {@code actions} required)
     * @return its ID
     * @throws io.quarry.core.QuarryException on any failure (a refused configuration is a
     *     {@link io.quarry.core.BadRequestException})
     */
    public CrawlerCreated create(String name, CrawlerConfiguration config) {
        Objects.requireNonNull(config, "config");
        return createRequest(name, config).execute(CrawlerCreated.class);
    }

    /**
     * Asynchronous form of {@link #create(String, CrawlerConfiguration)}. Cancelling the future cancels the call.
     *
     * @param name its name, at most 64 characters
     * @param config its configuration
     * @return a future of its ID; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerCreated> createAsync(String name, CrawlerConfiguration config) {
        Objects.requireNonNull(config, "config");
        return createRequest(name, config).executeAsync(CrawlerCreated.class);
    }

    private ApiRequest createRequest(String name, CrawlerConfiguration config) {
        return scope().request(Endpoints.CREATE)
                .body(JsonBodies.object(
                        "name", Objects.requireNonNull(name, "name"), "config", Objects.requireNonNull(config)));
    }

    /**
     * Reads one page of the crawler list: one call. {@link #browse(CrawlerListQuery)} reads every crawler lazily.
     *
     * @param query page, page size and filters
     * @return the page
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerListPage listPage(CrawlerListQuery query) {
        Objects.requireNonNull(query, "query");
        return listRequest(query).execute(CrawlerListPage.class);
    }

    /**
     * Asynchronous form of {@link #listPage(CrawlerListQuery)}. Cancelling the future cancels the call.
     *
     * @param query page, page size and filters
     * @return a future of the page; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerListPage> listPageAsync(CrawlerListQuery query) {
        Objects.requireNonNull(query, "query");
        return listRequest(query).executeAsync(CrawlerListPage.class);
    }

    private ApiRequest listRequest(CrawlerListQuery query) {
        return scope().request(Endpoints.LIST)
                .query("itemsPerPage", query.itemsPerPage())
                .query("page", query.page())
                .query("name", query.name().orElse(null))
                .query("appID", query.appId().orElse(null));
    }

    /**
     * Every crawler matching the query's filters, read lazily page after page from the query's page (the service
     * serves pages 1 to 100). A call observer sees the {@code listPage} calls of one iteration inside one composite
     * call {@code browseCrawlers}; close the iterator or stream when stopping early (see {@link PagedIterable}).
     *
     * @param query page size, first page and filters
     * @return the lazy sequence
     */
    public PagedIterable<CrawlerSummary> browse(CrawlerListQuery query) {
        Objects.requireNonNull(query, "query");
        return PagedIterable.inCompositeCall(
                scope(),
                BROWSE_CRAWLERS,
                query.page(),
                (scope, page) ->
                        pageOf(page, query.itemsPerPage(), withScope(scope).listPage(query.page(page))),
                page -> listPageAsync(query.page(page))
                        .thenApply(answer -> pageOf(page, query.itemsPerPage(), answer)));
    }

    /**
     * Asynchronous form of {@link #browse(CrawlerListQuery)}: every page read without blocking.
     *
     * @param query page size, first page and filters
     * @return a future of every crawler matching
     */
    public CompletableFuture<List<CrawlerSummary>> browseAsync(CrawlerListQuery query) {
        Objects.requireNonNull(query, "query");
        return scope().compositeCallAsync(
                        BROWSE_CRAWLERS, scope -> withScope(scope).browse(query).toListAsync());
    }

    /**
     * The page asked for and the one after it: counted from the numbers asked for, not from those the answer echoes,
     * so an answer echoing a wrong page (or none) cannot make the iteration ask the same page again and again.
     */
    private static Page<CrawlerSummary, Integer> pageOf(int asked, int itemsPerPage, CrawlerListPage answer) {
        boolean more = !answer.items().isEmpty() && (long) asked * itemsPerPage < answer.total() && asked < 100;
        return new Page<>(answer.items(), more ? asked + 1 : null);
    }
}
