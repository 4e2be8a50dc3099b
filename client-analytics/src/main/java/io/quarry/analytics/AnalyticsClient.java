package io.quarry.analytics;

import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.core.RateLimit;
import io.quarry.core.Region;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The client of the analytics API: read-only metrics on the searches of an index, and on the clicks and
 * conversions that followed them. {@link #index(String)} is the handle for one index's metrics.
 *
 * <pre>{@code
 * try (AnalyticsClient analytics = AnalyticsClient.create("MY_APP_ID", "MY_ANALYTICS_KEY", Region.EU)) {
 *     TopSearches top = analytics.index("products").topSearches(AnalyticsQuery.of().limit(20));
 * }
 * }</pre>
 * The key needs the {@code analytics} right. Hosts: the service stores analytics in one region and answers on that
 * region's host: {@code analytics.us.<product domain>} for the United States, {@code analytics.de.<product domain>}
 * for the European Union (whose analytics are stored in Germany), {@code analytics.<code>.<product domain>} for a
 * region known by its code only. The service also answers without a region, on the United States host's alias
 * {@code analytics.<product domain>}, so the region is optional: the forms without one call the alias. The service
 * allows 100 analytics calls a minute per application: past that a call fails with
 * {@link io.quarry.core.RateLimitException} (its headers say when the minute ends), and
 * {@link #withRateLimitListener(Consumer)} hears the limit, remaining calls and reset time of every answer. Metrics
 * are updated every few minutes, not at once. Thread-safe; every call comes blocking and {@code ...Async}.
 */
public final class AnalyticsClient extends ClientHandle<AnalyticsClient> {

    private final Consumer<RateLimit> rateLimitListener;

    private AnalyticsClient(CallScope scope, Connections connections, Consumer<RateLimit> rateLimitListener) {
        super(scope, connections);
        this.rateLimitListener = rateLimitListener;
    }

    /**
     * A client on the analytics host the service answers on without a region, {@code analytics.<product domain>},
     * the alias of the United States host.
     *
     * @param applicationId the application ID
     * @param apiKey a key with the {@code analytics} right (never logged)
     * @return the client; close it when done
     */
    public static AnalyticsClient create(String applicationId, String apiKey) {
        return create(ClientConfig.builder(applicationId, apiKey).build());
    }

    /**
     * A client on the region's analytics host: {@code analytics.us.<product domain>} for {@link Region#US},
     * {@code analytics.de.<product domain>} for {@link Region#EU} (whose analytics are stored in Germany),
     * {@code analytics.<code>.<product domain>} for a region known by its code only.
     *
     * @param applicationId the application ID
     * @param apiKey a key with the {@code analytics} right (never logged)
     * @param region where the application's analytics are stored
     * @return the client; close it when done
     */
    public static AnalyticsClient create(String applicationId, String apiKey, Region region) {
        return create(ClientConfig.builder(applicationId, apiKey).build(), region);
    }

    /**
     * A client from a full configuration: it calls the configuration's hosts when it names some, else
     * {@code analytics.<product domain>}, the alias of the United States host.
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static AnalyticsClient create(ClientConfig config) {
        return create(config, module(DefaultHosts.productHost("analytics", "")));
    }

    /**
     * A client from a full configuration: it calls the configuration's hosts when it names some, else the region's
     * host, as {@link #create(String, String, Region)} names it.
     *
     * @param config the configuration
     * @param region where the application's analytics are stored
     * @return the client; close it when done
     */
    public static AnalyticsClient create(ClientConfig config, Region region) {
        Objects.requireNonNull(region, "region");
        return create(config, module(DefaultHosts.productHost("analytics." + hostLabel(region), "")));
    }

    /** The region's label in the analytics host name: the European analytics host is named after Germany. */
    private static String hostLabel(Region region) {
        return region.equals(Region.EU) ? "de" : region.name();
    }

    private static AnalyticsClient create(ClientConfig config, ClientModule module) {
        return new AnalyticsClient(CallScope.of(ApiClient.create(config, module)), Connections.OWNED, null);
    }

    private static ClientModule module(DefaultHosts hosts) {
        return ClientModule.of("Analytics", AnalyticsClient.class, hosts);
    }

    @Override
    protected AnalyticsClient withScope(CallScope scope) {
        return new AnalyticsClient(scope, Connections.SHARED, rateLimitListener);
    }

    /**
     * A view of this client whose every call tells a listener the rate-limit state the service reported with its
     * answer (limit, calls left, when the minute resets). No call is made; the view shares this client's
     * connections, and handles obtained from it listen too.
     *
     * @param listener called once per successful answer that carries the rate-limit headers, on the thread that
     *     completed the call
     * @return the view
     */
    public AnalyticsClient withRateLimitListener(Consumer<RateLimit> listener) {
        return new AnalyticsClient(scope(), Connections.SHARED, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * The metrics of one index (no call is made).
     *
     * @param indexName the index
     * @return the handle
     */
    public AnalyticsIndex index(String indexName) {
        return new AnalyticsIndex(scope(), Objects.requireNonNull(indexName, "indexName"), rateLimitListener);
    }

    /** {@return the hosts calls go to, for tests} */
    List<Host> hosts() {
        return scope().api().hosts();
    }
}
