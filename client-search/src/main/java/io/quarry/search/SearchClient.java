package io.quarry.search;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.RequestOptions;
import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.Polling;
import io.quarry.search.internal.GeneratedMembersAsked;
import io.quarry.search.internal.MultiSearchBody;
import io.quarry.search.internal.RepeatSafety;
import io.quarry.search.internal.ResponseTypes;
import io.quarry.search.internal.WriteChecks;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.ListIndicesResponse;
import io.quarry.search.model.LogsQuery;
import io.quarry.search.model.LogsResponse;
import io.quarry.search.model.MultiSearchResult;
import io.quarry.search.model.MultiSearchStrategy;
import io.quarry.search.model.MultipleBatchResponse;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.TaskStatus;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The client of the search API. {@link #index(String)} is the handle for everything scoped to one index;
 * account-level areas have their own handles: {@link #apiKeys()}, {@link #dictionaries()}, {@link #clusters()}.
 * The client itself runs multi-index search and batch, reads records across indices, lists indices, reads
 * application tasks and logs. Secured API keys are generated locally by {@link SecuredApiKeys}.
 *
 * <pre>{@code
 * try (SearchClient client = SearchClient.create("MY_APP_ID", "MY_API_KEY")) {
 *     SearchResponse<Product> page = client.index("products")
 *             .search(SearchQuery.of("phone").hitsPerPage(10).filters("brand:Apple"), Product.class);
 *     client.index("products").synonyms().save(Synonym.regular("tv", "tv", "television"));
 *     client.apiKeys().list();
 * }
 * }</pre>
 * Thread-safe. Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Read calls (searches, reads) go to the read hosts, writes to the write host; the
 * core retries on the fallback hosts.
 */
public final class SearchClient extends ClientHandle<SearchClient> {

    /** The header naming the mapped user a call is made for, on multi-cluster applications. */
    public static final String USER_ID_HEADER = "X-Service-User-ID";

    /** What the core needs to know of this module: name, version, default hosts. */
    private static final ClientModule MODULE =
            ClientModule.of("Search", SearchClient.class, DefaultHosts.searchStyle());

    private SearchClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client with the default hosts of an application.
     *
     * @param applicationId the application ID
     * @param apiKey        the API key (never logged)
     * @return the client; close it when done
     */
    public static SearchClient create(String applicationId, String apiKey) {
        return create(ClientConfig.builder(applicationId, apiKey).build());
    }

    /**
     * A client from a full configuration (hosts, timeouts, OkHttp client, logging, ...).
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static SearchClient create(ClientConfig config) {
        return new SearchClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED);
    }

    /**
     * The handle of one index (no call is made).
     *
     * @param indexName the index
     * @return the handle
     */
    public SearchIndex index(String indexName) {
        return new SearchIndex(scope().withPathParameter("indexName", Objects.requireNonNull(indexName, "indexName")));
    }

    /**
     * Options carrying {@value #USER_ID_HEADER}, for calls made for a mapped user (multi-cluster applications route
     * them to the user's cluster): {@code client.withOptions(SearchClient.userOptions("user-42")).index("products")}
     * gives a view whose every call carries it, on top of the options the client already has.
     *
     * @param userID the mapped user
     * @return the options
     */
    public static RequestOptions userOptions(String userID) {
        return RequestOptions.builder()
                .header(USER_ID_HEADER, Objects.requireNonNull(userID, "userID"))
                .build();
    }

    /**
     * The API keys of the application, and waiting for a key change to propagate (no call is made).
     *
     * @return the handle
     */
    public ApiKeys apiKeys() {
        return new ApiKeys(scope());
    }

    /**
     * The custom dictionaries of the application (no call is made).
     *
     * @return the handle
     */
    public Dictionaries dictionaries() {
        return new Dictionaries(scope());
    }

    /**
     * Multi-cluster user mapping (no call is made).
     *
     * @return the handle
     */
    public Clusters clusters() {
        return new Clusters(scope());
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected SearchClient withScope(CallScope scope) {
        return new SearchClient(scope, Connections.SHARED);
    }

    /**
     * Searches several indices in one call, entries searching hits and entries searching the values of a facet
     * ({@link IndexQuery#facet(String, String, String, SearchQuery)}) mixed; results come back in query order, each
     * holding the hits of a search entry ({@link MultiSearchResult#search()}) or the values of a facet entry
     * ({@link MultiSearchResult#facetSearch()}). With {@link MultiSearchStrategy#STOP_IF_ENOUGH_MATCHES} facet
     * entries always run and never count as enough.
     *
     * <p>The service takes at most 50 queries in one call and refuses more, running none of them (400, "Too many
     * queries in multi query request"). The list is sent as given, never split: a strategy only stops the queries
     * of its own call, so the caller decides how to divide a longer list.
     *
     * <p>Hits keep the members the service generates for them (highlights, snippets, ranking info) as a search's
     * do, each result those its own query asks for (see {@link io.quarry.search.model.SearchQuery}), every one when
     * the options say {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()}; asking a hit for a member
     * its result did not keep throws an {@link IllegalStateException}.
     *
     * <p>Key right: search.
     *
     * @param queries the queries, at most 50
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type of the hits, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return one result per query: hits for a search entry, values for a facet entry
     * @throws io.quarry.core.BadRequestException for more than 50 queries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> List<MultiSearchResult<T>> multiSearch(
            List<IndexQuery> queries, MultiSearchStrategy strategy, Class<T> type) {
        Objects.requireNonNull(queries, "queries");
        Objects.requireNonNull(type, "type");
        return multiSearchRequest(queries, strategy)
                .execute(ResponseTypes.multiSearch(type))
                .perQuery(queries.size());
    }

    /**
     * Asynchronous form of {@link #multiSearch(List, MultiSearchStrategy, Class)}, at most 50 queries too. Cancelling
     * the future cancels the call.
     *
     * @param queries the queries, at most 50
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type of the hits, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of one result per query; it fails with a {@link io.quarry.core.QuarryException} (a
     *     {@link io.quarry.core.BadRequestException} for more than 50 queries)
     */
    public <T> CompletableFuture<List<MultiSearchResult<T>>> multiSearchAsync(
            List<IndexQuery> queries, MultiSearchStrategy strategy, Class<T> type) {
        Objects.requireNonNull(queries, "queries");
        Objects.requireNonNull(type, "type");
        return multiSearchRequest(queries, strategy)
                .executeAsync(ResponseTypes.multiSearch(type))
                .thenApply(answer -> answer.perQuery(queries.size()));
    }

    private ApiRequest multiSearchRequest(List<IndexQuery> queries, MultiSearchStrategy strategy) {
        return GeneratedMembersAsked.keepingAskedByEach(
                scope().request(Endpoints.MULTI_SEARCH).body(MultiSearchBody.of(queries, strategy)), queries);
    }

    /**
     * Applies write operations to several indices in one call, in order; each {@link BatchOperation} names its index.
     *
     * <p>Key right: depends on the operations. A batch adding a record without objectID, or updating with
     * {@code Increment}, {@code Decrement} or {@code Add}, is not idempotent and so never sent twice once it may
     * have reached the service: it then fails with a {@link io.quarry.core.WriteOutcomeUnknownException} (unless
     * the options opt in with {@link io.quarry.core.RequestOptions.Builder#retryNonIdempotentWrites()}).
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @return one task per index and the objectIDs
     * @throws io.quarry.core.InvalidRequestException before sending, when an operation names no index
     * @throws io.quarry.core.QuarryException on any failure
     */
    public MultipleBatchResponse multipleBatch(List<BatchOperation> operations) {
        Objects.requireNonNull(operations, "operations");
        return multipleBatchRequest(operations).execute(MultipleBatchResponse.class);
    }

    /**
     * Asynchronous form of {@link #multipleBatch(List)}. Cancelling the future cancels the call.
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @return a future of one task per index and the objectIDs; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<MultipleBatchResponse> multipleBatchAsync(List<BatchOperation> operations) {
        Objects.requireNonNull(operations, "operations");
        try {
            return multipleBatchRequest(operations).executeAsync(MultipleBatchResponse.class);
        } catch (InvalidRequestException e) { // refused while built: the future fails, as for one refused when sent
            return CompletableFuture.failedFuture(e);
        }
    }

    private ApiRequest multipleBatchRequest(List<BatchOperation> operations) {
        WriteChecks.requireIndexEach(operations);
        ApiRequest request = scope().request(Endpoints.MULTIPLE_BATCH)
                .body(JsonBodies.object("requests", operations))
                .records(operations.size());
        return RepeatSafety.hasUnrepeatable(operations, scope().api()) ? request.notSafeToRepeat() : request;
    }

    /**
     * Reads records from one or several indices in one call ({@code requests} in, {@code results} out).
     *
     * <p>Key right: search.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the records in request order, null where a record does not exist
     * @throws io.quarry.core.DeserializationException when the answer holds another number of records than asked
     *     for (none could then be matched to its request)
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> List<T> getObjects(List<ObjectRequest> requests, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return getObjectsRequest(requests)
                .execute(ResponseTypes.getObjects(type))
                .records(requests.size());
    }

    /**
     * Asynchronous form of {@link #getObjects(List, Class)}. Cancelling the future cancels the call.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the records in request order, null where a record does not exist; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<List<T>> getObjectsAsync(List<ObjectRequest> requests, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return getObjectsRequest(requests)
                .executeAsync(ResponseTypes.getObjects(type))
                .thenApply(answer -> answer.records(requests.size()));
    }

    private ApiRequest getObjectsRequest(List<ObjectRequest> requests) {
        return scope().request(Endpoints.GET_OBJECTS)
                .body(JsonBodies.object("requests", Objects.requireNonNull(requests, "requests")));
    }

    /**
     * Lists the indices of the application.
     *
     * <p>Key right: listIndexes.
     *
     * @return the indices
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListIndicesResponse listIndices() {
        return listIndicesRequest().execute(ListIndicesResponse.class);
    }

    /**
     * Asynchronous form of {@link #listIndices()}. Cancelling the future cancels the call.
     *
     * @return a future of the indices; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListIndicesResponse> listIndicesAsync() {
        return listIndicesRequest().executeAsync(ListIndicesResponse.class);
    }

    private ApiRequest listIndicesRequest() {
        return scope().request(Endpoints.LIST_INDICES);
    }

    /**
     * Reads the status of an application-level task (dictionary batches and settings).
     *
     * <p>Key right: any key of the application.
     *
     * @param taskID the task
     * @return the status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TaskStatus getAppTask(long taskID) {
        return getAppTaskRequest(taskID).execute(TaskStatus.class);
    }

    /**
     * Asynchronous form of {@link #getAppTask(long)}. Cancelling the future cancels the call.
     *
     * @param taskID the task
     * @return a future of the status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TaskStatus> getAppTaskAsync(long taskID) {
        return getAppTaskRequest(taskID).executeAsync(TaskStatus.class);
    }

    private ApiRequest getAppTaskRequest(long taskID) {
        return scope().request(Endpoints.GET_APP_TASK).path("taskID", taskID);
    }

    /**
     * Reads the latest logged API calls.
     *
     * <p>Key right: logs.
     *
     * @param query which entries
     * @return the entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public LogsResponse getLogs(LogsQuery query) {
        Objects.requireNonNull(query, "query");
        return getLogsRequest(query).execute(LogsResponse.class);
    }

    /**
     * Asynchronous form of {@link #getLogs(LogsQuery)}. Cancelling the future cancels the call.
     *
     * @param query which entries
     * @return a future of the entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<LogsResponse> getLogsAsync(LogsQuery query) {
        Objects.requireNonNull(query, "query");
        return getLogsRequest(query).executeAsync(LogsResponse.class);
    }

    private ApiRequest getLogsRequest(LogsQuery query) {
        return scope().request(Endpoints.GET_LOGS)
                .query("offset", query.offset())
                .query("length", query.length())
                .query("indexName", query.indexName())
                .query("type", query.type());
    }

    /**
     * Waits until an application-level task (dictionary batch or settings) is applied.
     *
     * @param taskID the task
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if still pending after the last attempt (it may still complete)
     */
    public TaskStatus waitForAppTask(long taskID) {
        return waitForAppTask(taskID, WaitPolicy.of());
    }

    /**
     * Waits until an application-level task is applied.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the final status
     */
    public TaskStatus waitForAppTask(long taskID, WaitPolicy policy) {
        return scope().compositeCall(
                        "waitForAppTask",
                        scope -> Polling.poll(
                                "application task " + taskID,
                                policy,
                                () -> Optional.of(withScope(scope).getAppTask(taskID))
                                        .filter(TaskStatus::isPublished)));
    }

    /**
     * Asynchronous form of {@link #waitForAppTask(long)}.
     *
     * @param taskID the task
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForAppTaskAsync(long taskID) {
        return waitForAppTaskAsync(taskID, WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #waitForAppTask(long, WaitPolicy)}.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForAppTaskAsync(long taskID, WaitPolicy policy) {
        return scope().compositeCallAsync(
                        "waitForAppTask",
                        scope -> Polling.pollAsync(
                                "application task " + taskID,
                                policy,
                                () -> withScope(scope)
                                        .getAppTaskAsync(taskID)
                                        .thenApply(s -> Optional.of(s).filter(TaskStatus::isPublished))));
    }
}
