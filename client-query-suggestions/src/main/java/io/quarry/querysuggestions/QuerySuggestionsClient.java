package io.quarry.querysuggestions;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.Region;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.JsonLines;
import io.quarry.core.spi.Polling;
import io.quarry.querysuggestions.model.BuildLogLine;
import io.quarry.querysuggestions.model.BuildStatus;
import io.quarry.querysuggestions.model.ConfigResponse;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The client of the query-suggestions API: the configurations that build suggestions indices from an
 * application's searches, their build status and build log.
 *
 * <pre>{@code
 * try (QuerySuggestionsClient client = QuerySuggestionsClient.create("MY_APP_ID", "MY_ADMIN_KEY", Region.US)) {
 *     Instant before = Instant.now();
 *     client.createConfig(QuerySuggestionsConfig.of("products_suggestions",
 *             SourceIndex.of("products").facets(FacetAmount.of("brand", 3))));
 *     BuildStatus built = client.waitForBuild("products_suggestions", before);
 *     List<BuildLogLine> log = client.getBuildLog("products_suggestions");
 * }
 * }</pre>
 *
 * The service builds a suggestions index after a configuration is created or replaced; the calls change
 * configurations only, never the suggestions index itself, which deleting a configuration leaves in place. Hosts: the
 * service answers on the host of the region where the application's analytics data is stored,
 * {@code query-suggestions.<region>.<product domain>}, and has none without a region, so every {@code create} takes
 * one. Every call needs the application's admin key. Thread-safe. Every call comes in two forms,
 * blocking and {@code ...Async}; per-call options come from a {@link #withOptions(RequestOptions) view} that
 * carries them.
 */
public final class QuerySuggestionsClient extends ClientHandle<QuerySuggestionsClient> {

    private QuerySuggestionsClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /** The module description of a region: its default host is the region's. */
    static ClientModule module(Region region) {
        return ClientModule.of(
                "QuerySuggestions",
                QuerySuggestionsClient.class,
                DefaultHosts.productHost("query-suggestions." + region.name(), ""));
    }

    /**
     * A client calling the region's host, {@code query-suggestions.<region>.<product domain>}
     * ({@code query-suggestions.us.<product domain>}, {@code query-suggestions.eu.<product domain>}). The service has
     * no host without a region, so the region is required.
     *
     * @param applicationId the application ID
     * @param adminKey      the application's admin API key (never logged)
     * @param region        the region where the application's analytics data is stored
     * @return the client; close it when done
     */
    public static QuerySuggestionsClient create(String applicationId, String adminKey, Region region) {
        return create(ClientConfig.builder(applicationId, adminKey).build(), region);
    }

    /**
     * A client from a full configuration: it calls the configuration's hosts when it names some, else the region's
     * host, {@code query-suggestions.<region>.<product domain>}.
     *
     * @param config the configuration (credentials with the admin key, hosts, timeouts, ...)
     * @param region the region where the application's analytics data is stored
     * @return the client; close it when done
     */
    public static QuerySuggestionsClient create(ClientConfig config, Region region) {
        Objects.requireNonNull(region, "region");
        return new QuerySuggestionsClient(CallScope.of(ApiClient.create(config, module(region))), Connections.OWNED);
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected QuerySuggestionsClient withScope(CallScope scope) {
        return new QuerySuggestionsClient(scope, Connections.SHARED);
    }

    /**
     * Creates a configuration; the service then schedules a build of its suggestions index. An application holds
     * at most 100 configurations.
     *
     * @param config the configuration, with at least one source index
     * @return the service's message
     * @throws io.quarry.core.UnprocessableEntityException if a configuration of that index exists (422)
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public ConfigResponse createConfig(QuerySuggestionsConfig config) {
        return createConfigRequest(config).execute(ConfigResponse.class);
    }

    /**
     * Asynchronous form of {@link #createConfig(QuerySuggestionsConfig)}. Cancelling the future cancels the call.
     *
     * @param config the configuration, with at least one source index
     * @return a future of the service's message; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ConfigResponse> createConfigAsync(QuerySuggestionsConfig config) {
        return start(() -> createConfigRequest(config)).executeAsync(ConfigResponse.class);
    }

    private ApiRequest createConfigRequest(QuerySuggestionsConfig config) {
        return scope().request(Endpoints.CREATE_CONFIG).body(checked(config));
    }

    /**
     * Replaces the configuration of {@code config.indexName()} (creating it if absent, which the service
     * deprecates in favour of {@link #createConfig(QuerySuggestionsConfig)}); the service then schedules a build.
     *
     * @param config the new configuration, with at least one source index
     * @return the service's message
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ConfigResponse replaceConfig(QuerySuggestionsConfig config) {
        return replaceConfigRequest(config).execute(ConfigResponse.class);
    }

    /**
     * Asynchronous form of {@link #replaceConfig(QuerySuggestionsConfig)}. Cancelling the future cancels the call.
     *
     * @param config the new configuration, with at least one source index
     * @return a future of the service's message; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ConfigResponse> replaceConfigAsync(QuerySuggestionsConfig config) {
        return start(() -> replaceConfigRequest(config)).executeAsync(ConfigResponse.class);
    }

    private ApiRequest replaceConfigRequest(QuerySuggestionsConfig config) {
        checked(config);
        // the path names the index; the body carries the rest
        return scope().request(Endpoints.REPLACE_CONFIG)
                .path("indexName", config.indexName())
                .body(JsonBodies.object(
                        "sourceIndices", config.sourceIndices(),
                        "languages", config.languages(),
                        "exclude", config.exclude()));
    }

    /**
     * Deletes a configuration: builds stop, and the suggestions index stays as it is.
     *
     * @param indexName the suggestions index
     * @return the service's message
     * @throws io.quarry.core.NotFoundException if there is no such configuration
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public ConfigResponse deleteConfig(String indexName) {
        return deleteConfigRequest(indexName).execute(ConfigResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteConfig(String)}. Cancelling the future cancels the call.
     *
     * @param indexName the suggestions index
     * @return a future of the service's message; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ConfigResponse> deleteConfigAsync(String indexName) {
        return deleteConfigRequest(indexName).executeAsync(ConfigResponse.class);
    }

    private ApiRequest deleteConfigRequest(String indexName) {
        return scope().request(Endpoints.DELETE_CONFIG).path("indexName", indexName);
    }

    /**
     * Reads a configuration, with the service's defaults filled in and each source index's {@code replicas}.
     *
     * @param indexName the suggestions index
     * @return the configuration
     * @throws io.quarry.core.NotFoundException if there is no such configuration
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public QuerySuggestionsConfig getConfig(String indexName) {
        return getConfigRequest(indexName).execute(QuerySuggestionsConfig.class);
    }

    /**
     * Asynchronous form of {@link #getConfig(String)}. Cancelling the future cancels the call.
     *
     * @param indexName the suggestions index
     * @return a future of the configuration; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<QuerySuggestionsConfig> getConfigAsync(String indexName) {
        return getConfigRequest(indexName).executeAsync(QuerySuggestionsConfig.class);
    }

    private ApiRequest getConfigRequest(String indexName) {
        return scope().request(Endpoints.GET_CONFIG).path("indexName", indexName);
    }

    /**
     * Lists every configuration of the application.
     *
     * @return the configurations
     * @throws io.quarry.core.QuarryException on any failure
     */
    public List<QuerySuggestionsConfig> listConfigs() {
        return scope().request(Endpoints.LIST_CONFIGS).execute(TypeRef.listOf(QuerySuggestionsConfig.class));
    }

    /**
     * Asynchronous form of {@link #listConfigs()}. Cancelling the future cancels the call.
     *
     * @return a future of the configurations; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<List<QuerySuggestionsConfig>> listConfigsAsync() {
        return scope().request(Endpoints.LIST_CONFIGS).executeAsync(TypeRef.listOf(QuerySuggestionsConfig.class));
    }

    /**
     * Reads the build status of a suggestions index.
     *
     * @param indexName the suggestions index
     * @return whether a build runs, when the last one (and the last successful one) ended
     * @throws io.quarry.core.NotFoundException if there is no such configuration
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public BuildStatus getConfigStatus(String indexName) {
        return getConfigStatusRequest(indexName).execute(BuildStatus.class);
    }

    /**
     * Asynchronous form of {@link #getConfigStatus(String)}. Cancelling the future cancels the call.
     *
     * @param indexName the suggestions index
     * @return a future of the status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BuildStatus> getConfigStatusAsync(String indexName) {
        return getConfigStatusRequest(indexName).executeAsync(BuildStatus.class);
    }

    private ApiRequest getConfigStatusRequest(String indexName) {
        return scope().request(Endpoints.GET_CONFIG_STATUS).path("indexName", indexName);
    }

    /**
     * Reads the log of the last build of a suggestions index, every line of it, in order.
     *
     * @param indexName the suggestions index
     * @return the lines
     * @throws io.quarry.core.NotFoundException if no build has run
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public List<BuildLogLine> getBuildLog(String indexName) {
        return JsonLines.read(getBuildLogRequest(indexName).execute(String.class), BuildLogLine.class);
    }

    /**
     * Asynchronous form of {@link #getBuildLog(String)}. Cancelling the future cancels the call.
     *
     * @param indexName the suggestions index
     * @return a future of the lines; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<List<BuildLogLine>> getBuildLogAsync(String indexName) {
        return getBuildLogRequest(indexName)
                .executeAsync(String.class)
                .thenApply(body -> JsonLines.read(body, BuildLogLine.class));
    }

    private ApiRequest getBuildLogRequest(String indexName) {
        return scope().request(Endpoints.GET_LOG_FILE).path("indexName", indexName);
    }

    /**
     * Waits for the next build to end: until no build runs and the last one ended after this call started (by the
     * client configuration's clock), with the default {@link WaitPolicy}. To wait for the build a create or
     * replace scheduled, note the time before that call and use {@link #waitForBuild(String, Instant)}: a fast
     * build may end before this call starts.
     *
     * @param indexName the suggestions index
     * @return the status once built
     * @throws io.quarry.core.WaitTimeoutException when the attempts run out
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public BuildStatus waitForBuild(String indexName) {
        return waitForBuild(indexName, config().clock().instant(), WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #waitForBuild(String)}.
     *
     * @param indexName the suggestions index
     * @return a future of the status once built; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BuildStatus> waitForBuildAsync(String indexName) {
        return waitForBuildAsync(indexName, config().clock().instant(), WaitPolicy.of());
    }

    /**
     * Waits, with the default {@link WaitPolicy}, until no build runs and the last build ended at or after
     * {@code since} (compared to the second, as the service's clock and the caller's may differ slightly).
     *
     * @param indexName the suggestions index
     * @param since     the earliest end of build that counts, such as the time before a create or replace
     * @return the status once built
     * @throws io.quarry.core.WaitTimeoutException when the attempts run out
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public BuildStatus waitForBuild(String indexName, Instant since) {
        return waitForBuild(indexName, since, WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #waitForBuild(String, Instant)}.
     *
     * @param indexName the suggestions index
     * @param since     the earliest end of build that counts
     * @return a future of the status once built; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BuildStatus> waitForBuildAsync(String indexName, Instant since) {
        return waitForBuildAsync(indexName, since, WaitPolicy.of());
    }

    /**
     * Waits, polling per {@code policy}, until no build runs and the last build ended at or after {@code since}
     * (compared to the second).
     *
     * @param indexName the suggestions index
     * @param since     the earliest end of build that counts
     * @param policy    attempts and delays
     * @return the status once built
     * @throws io.quarry.core.WaitTimeoutException when the attempts run out
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public BuildStatus waitForBuild(String indexName, Instant since, WaitPolicy policy) {
        Instant from = floor(since);
        return scope().compositeCall(
                        "waitForBuild",
                        scope -> Polling.poll(
                                buildDescription(indexName),
                                policy,
                                () -> built(withScope(scope).getConfigStatus(indexName), from)));
    }

    /**
     * Asynchronous form of {@link #waitForBuild(String, Instant, WaitPolicy)}.
     *
     * @param indexName the suggestions index
     * @param since     the earliest end of build that counts
     * @param policy    attempts and delays
     * @return a future of the status once built; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BuildStatus> waitForBuildAsync(String indexName, Instant since, WaitPolicy policy) {
        Objects.requireNonNull(indexName, "indexName");
        Instant from = floor(since);
        return scope().compositeCallAsync(
                        "waitForBuild",
                        scope -> Polling.pollAsync(
                                buildDescription(indexName),
                                policy,
                                () -> withScope(scope)
                                        .getConfigStatusAsync(indexName)
                                        .thenApply(status -> built(status, from))));
    }

    private static Instant floor(Instant since) {
        return Objects.requireNonNull(since, "since").truncatedTo(ChronoUnit.SECONDS);
    }

    private static Optional<BuildStatus> built(BuildStatus status, Instant since) {
        boolean done = !status.running()
                && status.lastBuiltAt() != null
                && !status.lastBuiltAt().isBefore(since);
        return done ? Optional.of(status) : Optional.empty();
    }

    private static String buildDescription(String indexName) {
        return "the build of suggestions index " + indexName;
    }

    private static QuerySuggestionsConfig checked(QuerySuggestionsConfig config) {
        Objects.requireNonNull(config, "config");
        if (config.indexName() == null || config.indexName().isBlank()) {
            throw new InvalidRequestException("a query-suggestions configuration needs an indexName");
        }
        if (config.sourceIndices().isEmpty()) {
            throw new InvalidRequestException("a query-suggestions configuration needs at least one source index");
        }
        return config;
    }

    /** Runs a request's preparation, turning a validation failure into a failed request future. */
    private static AsyncStart start(Supplier<ApiRequest> request) {
        return new AsyncStart(request);
    }

    /**
     * The async form of a call whose preparation validates input: a failure becomes a failed future, except a null
     * argument, refused at once.
     */
    private record AsyncStart(Supplier<ApiRequest> request) {
        <T> CompletableFuture<T> executeAsync(Class<T> type) {
            try {
                return request.get().executeAsync(type);
            } catch (NullPointerException e) {
                throw e;
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }
}
