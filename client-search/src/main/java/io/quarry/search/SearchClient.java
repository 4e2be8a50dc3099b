package io.quarry.search;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Endpoint;
import io.quarry.core.NotFoundException;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.search.internal.GetObjectsJson;
import io.quarry.search.internal.JsonBody;
import io.quarry.search.internal.MultiSearchBody;
import io.quarry.search.internal.MultiSearchJson;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.Poller;
import io.quarry.search.internal.RequestOptionsMerge;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.AppTaskResponse;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.CreatedAtResponse;
import io.quarry.search.model.DeletedAtResponse;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryLanguage;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.DictionarySearchResponse;
import io.quarry.search.model.DictionarySettings;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.ListApiKeysResponse;
import io.quarry.search.model.ListClustersResponse;
import io.quarry.search.model.ListIndicesResponse;
import io.quarry.search.model.ListUserIdsResponse;
import io.quarry.search.model.LogsQuery;
import io.quarry.search.model.LogsResponse;
import io.quarry.search.model.MultiSearchStrategy;
import io.quarry.search.model.MultipleBatchResponse;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.PendingMappingsResponse;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.TaskStatus;
import io.quarry.search.model.TopUserIdsResponse;
import io.quarry.search.model.UserIdQuery;
import io.quarry.search.model.UserIdSearchResponse;
import io.quarry.search.model.UserMapping;
import io.quarry.search.model.WriteResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The client of the search API: account-level calls (multi-index search and batch, records across indices,
 * index list, API keys, dictionaries, multi-cluster user mapping, application tasks, logs) and
 * {@link #index(String)} for everything scoped to one index.
 *
 * <pre>{@code
 * try (SearchClient client = SearchClient.create("MY_APP_ID", "MY_API_KEY")) {
 *     SearchResponse<Product> page = client.index("products")
 *             .search(SearchQuery.of("phone").hitsPerPage(10).filters("brand:Apple"), Product.class);
 * }
 * }</pre>
 * Thread-safe. Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Read calls (searches, reads) go to the read hosts, writes to the write host; the
 * core retries on the fallback hosts.
 */
public final class SearchClient implements AutoCloseable {

    /** The header naming the mapped user a call is made for, on multi-cluster applications. */
    public static final String USER_ID_HEADER = "X-Service-User-ID";

    /** What the core needs to know of this module: name, version, default hosts. */
    private static final ClientModule MODULE =
            ClientModule.of("Search", SearchClient.class, DefaultHosts.searchStyle());

    private static final TypeRef<Map<String, DictionaryLanguage>> LANGUAGES = TypeRef.mapOf(DictionaryLanguage.class);
    private static final int PAGE_SIZE = 1000;

    private final ApiClient api;
    private final RequestOptions defaults;
    private final boolean ownsApi;

    private SearchClient(ApiClient api, RequestOptions defaults, boolean ownsApi) {
        this.api = api;
        this.defaults = defaults;
        this.ownsApi = ownsApi;
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
        return new SearchClient(ApiClient.create(config, MODULE), RequestOptions.none(), true);
    }

    /**
     * The handle of one index (no call is made).
     *
     * @param indexName the index
     * @return the handle
     */
    public SearchIndex index(String indexName) {
        return new SearchIndex(api, Objects.requireNonNull(indexName, "indexName"), defaults);
    }

    /**
     * A view of this client whose every call carries {@value #USER_ID_HEADER} for a mapped user (multi-cluster
     * applications route it to the user's cluster). It shares this client's connections; closing the view does
     * nothing, close this client.
     *
     * @param userID the mapped user
     * @return the view
     */
    public SearchClient forUser(String userID) {
        return new SearchClient(api, RequestOptionsMerge.merge(defaults, userOptions(userID)), false);
    }

    /**
     * Options carrying {@value #USER_ID_HEADER}, for single calls on behalf of a mapped user.
     *
     * @param userID the mapped user
     * @return the options
     */
    public static RequestOptions userOptions(String userID) {
        return RequestOptions.builder().header(USER_ID_HEADER, Objects.requireNonNull(userID, "userID")).build();
    }

    /** @return the configuration this client was built with */
    public ClientConfig config() {
        return api.config();
    }

    /** Closes the connections and threads of the client (not of a caller-supplied OkHttp client). */
    @Override
    public void close() {
        if (ownsApi) {
            api.close();
        }
    }

    /**
     * Searches several indices in one call; results come back in query order.
     *
     * <p>Key right: search.
     *
     * @param queries the queries
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return one response per query, each with its index
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> List<SearchResponse<T>> multiSearch(List<IndexQuery> queries, MultiSearchStrategy strategy,
                                                   Class<T> type, RequestOptions options) {
        return call(Endpoints.MULTI_SEARCH, options).body(MultiSearchBody.of(queries, strategy))
                .execute(MultiSearchJson.class).results().stream().map(res -> SearchResponse.of(res, type)).toList();
    }

    /**
     * Same as {@link #multiSearch(List, MultiSearchStrategy, Class, RequestOptions)} with default options.
     *
     * @param queries the queries
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return one response per query, each with its index
     */
    public <T> List<SearchResponse<T>> multiSearch(List<IndexQuery> queries, MultiSearchStrategy strategy,
                                                   Class<T> type) {
        return multiSearch(queries, strategy, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #multiSearch(List, MultiSearchStrategy, Class, RequestOptions)}. Cancelling the
     * future cancels the call.
     *
     * @param queries the queries
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of one response per query, each with its index; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<List<SearchResponse<T>>> multiSearchAsync(List<IndexQuery> queries,
                                                                           MultiSearchStrategy strategy, Class<T> type,
                                                                           RequestOptions options) {
        return call(Endpoints.MULTI_SEARCH, options).body(MultiSearchBody.of(queries, strategy))
                .executeAsync(MultiSearchJson.class)
                .thenApply(r -> r.results().stream().map(res -> SearchResponse.of(res, type)).toList());
    }

    /**
     * Asynchronous form of {@link #multiSearch(List, MultiSearchStrategy, Class)}.
     *
     * @param queries the queries
     * @param strategy how queries run, or null for {@code none}
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of one response per query, each with its index
     */
    public <T> CompletableFuture<List<SearchResponse<T>>> multiSearchAsync(List<IndexQuery> queries,
                                                                           MultiSearchStrategy strategy,
                                                                           Class<T> type) {
        return multiSearchAsync(queries, strategy, type, RequestOptions.none());
    }

    /**
     * Applies write operations to several indices in one call, in order; each {@link BatchOperation} names its index.
     *
     * <p>Key right: depends on the operations. Operations adding records without objectID are not idempotent: a retry
     * can add them twice.
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return one task per index and the objectIDs
     * @throws io.quarry.core.QuarryException on any failure
     */
    public MultipleBatchResponse multipleBatch(List<BatchOperation> operations, RequestOptions options) {
        return call(Endpoints.MULTIPLE_BATCH, options).body(JsonBody.of("requests", operations))
                .execute(MultipleBatchResponse.class);
    }

    /**
     * Same as {@link #multipleBatch(List, RequestOptions)} with default options.
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @return one task per index and the objectIDs
     */
    public MultipleBatchResponse multipleBatch(List<BatchOperation> operations) {
        return multipleBatch(operations, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #multipleBatch(List, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @param options per-request options; null for none
     * @return a future of one task per index and the objectIDs; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<MultipleBatchResponse> multipleBatchAsync(List<BatchOperation> operations,
                                                                       RequestOptions options) {
        return call(Endpoints.MULTIPLE_BATCH, options).body(JsonBody.of("requests", operations))
                .executeAsync(MultipleBatchResponse.class);
    }

    /**
     * Asynchronous form of {@link #multipleBatch(List)}.
     *
     * @param operations the operations, built with {@link BatchOperation#onIndex}
     * @return a future of one task per index and the objectIDs
     */
    public CompletableFuture<MultipleBatchResponse> multipleBatchAsync(List<BatchOperation> operations) {
        return multipleBatchAsync(operations, RequestOptions.none());
    }

    /**
     * Reads records from one or several indices in one call (the body and answer follow the real service:
     * {@code requests} in, {@code results} out).
     *
     * <p>Key right: search.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the records in request order, null where a record does not exist
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> List<T> getObjects(List<ObjectRequest> requests, Class<T> type, RequestOptions options) {
        return call(Endpoints.GET_OBJECTS, options).body(JsonBody.of("requests", requests))
                .execute(GetObjectsJson.class).decode(type);
    }

    /**
     * Same as {@link #getObjects(List, Class, RequestOptions)} with default options.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the records in request order, null where a record does not exist
     */
    public <T> List<T> getObjects(List<ObjectRequest> requests, Class<T> type) {
        return getObjects(requests, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getObjects(List, Class, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the records in request order, null where a record does not exist; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<List<T>> getObjectsAsync(List<ObjectRequest> requests, Class<T> type,
                                                          RequestOptions options) {
        return call(Endpoints.GET_OBJECTS, options).body(JsonBody.of("requests", requests))
                .executeAsync(GetObjectsJson.class).thenApply(r -> r.decode(type));
    }

    /**
     * Asynchronous form of {@link #getObjects(List, Class)}.
     *
     * @param requests the records to read
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the records in request order, null where a record does not exist
     */
    public <T> CompletableFuture<List<T>> getObjectsAsync(List<ObjectRequest> requests, Class<T> type) {
        return getObjectsAsync(requests, type, RequestOptions.none());
    }

    /**
     * Lists the indices of the application (answer shape of the real service).
     *
     * <p>Key right: listIndexes.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the indices
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListIndicesResponse listIndices(RequestOptions options) {
        return call(Endpoints.LIST_INDICES, options).execute(ListIndicesResponse.class);
    }

    /**
     * Same as {@link #listIndices(RequestOptions)} with default options.
     *
     * @return the indices
     */
    public ListIndicesResponse listIndices() {
        return listIndices(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listIndices(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the indices; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListIndicesResponse> listIndicesAsync(RequestOptions options) {
        return call(Endpoints.LIST_INDICES, options).executeAsync(ListIndicesResponse.class);
    }

    /**
     * Asynchronous form of {@link #listIndices()}.
     *
     * @return a future of the indices
     */
    public CompletableFuture<ListIndicesResponse> listIndicesAsync() {
        return listIndicesAsync(RequestOptions.none());
    }

    /**
     * Reads the status of an application-level task (dictionary batches and settings).
     *
     * <p>Key right: any key of the application.
     *
     * @param taskID the task
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TaskStatus getAppTask(long taskID, RequestOptions options) {
        return call(Endpoints.GET_APP_TASK, options).path("taskID", taskID).execute(TaskStatus.class);
    }

    /**
     * Same as {@link #getAppTask(long, RequestOptions)} with default options.
     *
     * @param taskID the task
     * @return the status
     */
    public TaskStatus getAppTask(long taskID) {
        return getAppTask(taskID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getAppTask(long, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param taskID the task
     * @param options per-request options; null for none
     * @return a future of the status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TaskStatus> getAppTaskAsync(long taskID, RequestOptions options) {
        return call(Endpoints.GET_APP_TASK, options).path("taskID", taskID).executeAsync(TaskStatus.class);
    }

    /**
     * Asynchronous form of {@link #getAppTask(long)}.
     *
     * @param taskID the task
     * @return a future of the status
     */
    public CompletableFuture<TaskStatus> getAppTaskAsync(long taskID) {
        return getAppTaskAsync(taskID, RequestOptions.none());
    }

    /**
     * Reads the latest logged API calls (parameters and answer of the real service).
     *
     * <p>Key right: logs.
     *
     * @param query which entries
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public LogsResponse getLogs(LogsQuery query, RequestOptions options) {
        return call(Endpoints.GET_LOGS, options).query("offset", query.offset()).query("length", query.length())
                .query("indexName", query.indexName()).query("type", query.type()).execute(LogsResponse.class);
    }

    /**
     * Same as {@link #getLogs(LogsQuery, RequestOptions)} with default options.
     *
     * @param query which entries
     * @return the entries
     */
    public LogsResponse getLogs(LogsQuery query) {
        return getLogs(query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getLogs(LogsQuery, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param query which entries
     * @param options per-request options; null for none
     * @return a future of the entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<LogsResponse> getLogsAsync(LogsQuery query, RequestOptions options) {
        return call(Endpoints.GET_LOGS, options).query("offset", query.offset()).query("length", query.length())
                .query("indexName", query.indexName()).query("type", query.type()).executeAsync(LogsResponse.class);
    }

    /**
     * Asynchronous form of {@link #getLogs(LogsQuery)}.
     *
     * @param query which entries
     * @return a future of the entries
     */
    public CompletableFuture<LogsResponse> getLogsAsync(LogsQuery query) {
        return getLogsAsync(query, RequestOptions.none());
    }

    /**
     * Creates a key. Propagation takes time: {@link #waitForApiKey(String, ApiKeyChange, ApiKey)} waits until it is
     * readable.
     *
     * <p>Key right: admin key. Not idempotent: a retried call can create two keys.
     *
     * @param parameters the key parameters
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the new key and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse addApiKey(ApiKey parameters, RequestOptions options) {
        return call(Endpoints.ADD_API_KEY, options).body(parameters).execute(ApiKeyResponse.class);
    }

    /**
     * Same as {@link #addApiKey(ApiKey, RequestOptions)} with default options.
     *
     * @param parameters the key parameters
     * @return the new key and {@code createdAt}
     */
    public ApiKeyResponse addApiKey(ApiKey parameters) {
        return addApiKey(parameters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #addApiKey(ApiKey, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param parameters the key parameters
     * @param options per-request options; null for none
     * @return a future of the new key and {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> addApiKeyAsync(ApiKey parameters, RequestOptions options) {
        return call(Endpoints.ADD_API_KEY, options).body(parameters).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Asynchronous form of {@link #addApiKey(ApiKey)}.
     *
     * @param parameters the key parameters
     * @return a future of the new key and {@code createdAt}
     */
    public CompletableFuture<ApiKeyResponse> addApiKeyAsync(ApiKey parameters) {
        return addApiKeyAsync(parameters, RequestOptions.none());
    }

    /**
     * Replaces the parameters of a key. Propagation takes time: {@link #waitForApiKey(String, ApiKeyChange, ApiKey)}
     * waits until they read back.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param parameters the new parameters
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the key and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse updateApiKey(String key, ApiKey parameters, RequestOptions options) {
        return call(Endpoints.UPDATE_API_KEY, options).path("key", key).body(parameters).execute(ApiKeyResponse.class);
    }

    /**
     * Same as {@link #updateApiKey(String, ApiKey, RequestOptions)} with default options.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return the key and {@code updatedAt}
     */
    public ApiKeyResponse updateApiKey(String key, ApiKey parameters) {
        return updateApiKey(key, parameters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #updateApiKey(String, ApiKey, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param key the key
     * @param parameters the new parameters
     * @param options per-request options; null for none
     * @return a future of the key and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> updateApiKeyAsync(String key, ApiKey parameters, RequestOptions options) {
        return call(Endpoints.UPDATE_API_KEY, options).path("key", key).body(parameters)
                .executeAsync(ApiKeyResponse.class);
    }

    /**
     * Asynchronous form of {@link #updateApiKey(String, ApiKey)}.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return a future of the key and {@code updatedAt}
     */
    public CompletableFuture<ApiKeyResponse> updateApiKeyAsync(String key, ApiKey parameters) {
        return updateApiKeyAsync(key, parameters, RequestOptions.none());
    }

    /**
     * Lists the keys of the application.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the keys
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListApiKeysResponse listApiKeys(RequestOptions options) {
        return call(Endpoints.LIST_API_KEYS, options).execute(ListApiKeysResponse.class);
    }

    /**
     * Same as {@link #listApiKeys(RequestOptions)} with default options.
     *
     * @return the keys
     */
    public ListApiKeysResponse listApiKeys() {
        return listApiKeys(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listApiKeys(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the keys; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListApiKeysResponse> listApiKeysAsync(RequestOptions options) {
        return call(Endpoints.LIST_API_KEYS, options).executeAsync(ListApiKeysResponse.class);
    }

    /**
     * Asynchronous form of {@link #listApiKeys()}.
     *
     * @return a future of the keys
     */
    public CompletableFuture<ListApiKeysResponse> listApiKeysAsync() {
        return listApiKeysAsync(RequestOptions.none());
    }

    /**
     * Reads a key and its rights (admin authentication is required even though the right is listed as any).
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the key
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyInfo getApiKey(String key, RequestOptions options) {
        return call(Endpoints.GET_API_KEY, options).path("key", key).execute(ApiKeyInfo.class);
    }

    /**
     * Same as {@link #getApiKey(String, RequestOptions)} with default options.
     *
     * @param key the key
     * @return the key
     */
    public ApiKeyInfo getApiKey(String key) {
        return getApiKey(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getApiKey(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @param options per-request options; null for none
     * @return a future of the key; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyInfo> getApiKeyAsync(String key, RequestOptions options) {
        return call(Endpoints.GET_API_KEY, options).path("key", key).executeAsync(ApiKeyInfo.class);
    }

    /**
     * Asynchronous form of {@link #getApiKey(String)}.
     *
     * @param key the key
     * @return a future of the key
     */
    public CompletableFuture<ApiKeyInfo> getApiKeyAsync(String key) {
        return getApiKeyAsync(key, RequestOptions.none());
    }

    /**
     * Deletes a key; it can be restored with {@link #restoreApiKey(String)}.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse deleteApiKey(String key, RequestOptions options) {
        return call(Endpoints.DELETE_API_KEY, options).path("key", key).execute(ApiKeyResponse.class);
    }

    /**
     * Same as {@link #deleteApiKey(String, RequestOptions)} with default options.
     *
     * @param key the key
     * @return {@code deletedAt}
     */
    public ApiKeyResponse deleteApiKey(String key) {
        return deleteApiKey(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #deleteApiKey(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @param options per-request options; null for none
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> deleteApiKeyAsync(String key, RequestOptions options) {
        return call(Endpoints.DELETE_API_KEY, options).path("key", key).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteApiKey(String)}.
     *
     * @param key the key
     * @return a future of {@code deletedAt}
     */
    public CompletableFuture<ApiKeyResponse> deleteApiKeyAsync(String key) {
        return deleteApiKeyAsync(key, RequestOptions.none());
    }

    /**
     * Restores a deleted key with its rights (404 if it is not in the deleted list).
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the key and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse restoreApiKey(String key, RequestOptions options) {
        return call(Endpoints.RESTORE_API_KEY, options).path("key", key).execute(ApiKeyResponse.class);
    }

    /**
     * Same as {@link #restoreApiKey(String, RequestOptions)} with default options.
     *
     * @param key the key
     * @return the key and {@code createdAt}
     */
    public ApiKeyResponse restoreApiKey(String key) {
        return restoreApiKey(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #restoreApiKey(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @param options per-request options; null for none
     * @return a future of the key and {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> restoreApiKeyAsync(String key, RequestOptions options) {
        return call(Endpoints.RESTORE_API_KEY, options).path("key", key).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Asynchronous form of {@link #restoreApiKey(String)}.
     *
     * @param key the key
     * @return a future of the key and {@code createdAt}
     */
    public CompletableFuture<ApiKeyResponse> restoreApiKeyAsync(String key) {
        return restoreApiKeyAsync(key, RequestOptions.none());
    }

    /**
     * Lists the index-specific keys of every index, each naming its index.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the keys
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListApiKeysResponse listIndexApiKeysOfAllIndices(RequestOptions options) {
        return call(Endpoints.LIST_ALL_INDEX_API_KEYS, options).execute(ListApiKeysResponse.class);
    }

    /**
     * Same as {@link #listIndexApiKeysOfAllIndices(RequestOptions)} with default options.
     *
     * @return the keys
     */
    public ListApiKeysResponse listIndexApiKeysOfAllIndices() {
        return listIndexApiKeysOfAllIndices(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listIndexApiKeysOfAllIndices(RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param options per-request options; null for none
     * @return a future of the keys; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListApiKeysResponse> listIndexApiKeysOfAllIndicesAsync(RequestOptions options) {
        return call(Endpoints.LIST_ALL_INDEX_API_KEYS, options).executeAsync(ListApiKeysResponse.class);
    }

    /**
     * Asynchronous form of {@link #listIndexApiKeysOfAllIndices()}.
     *
     * @return a future of the keys
     */
    public CompletableFuture<ListApiKeysResponse> listIndexApiKeysOfAllIndicesAsync() {
        return listIndexApiKeysOfAllIndicesAsync(RequestOptions.none());
    }

    /**
     * Adds, replaces or deletes custom dictionary entries (payload at most 10 MB); wait with
     * {@link #waitForAppTask(long)}.
     *
     * <p>Key right: editSettings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse batchDictionaryEntries(DictionaryName dictionary, List<DictionaryOperation> operations,
                                                  boolean clearExistingDictionaryEntries, RequestOptions options) {
        return call(Endpoints.BATCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary)
                .body(JsonBody.of("clearExistingDictionaryEntries", clearExistingDictionaryEntries, "requests",
                        operations))
                .execute(AppTaskResponse.class);
    }

    /**
     * Same as {@link #batchDictionaryEntries(DictionaryName, List, boolean, RequestOptions)} with default options.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @return the application task
     */
    public AppTaskResponse batchDictionaryEntries(DictionaryName dictionary, List<DictionaryOperation> operations,
                                                  boolean clearExistingDictionaryEntries) {
        return batchDictionaryEntries(dictionary, operations, clearExistingDictionaryEntries, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #batchDictionaryEntries(DictionaryName, List, boolean, RequestOptions)}. Cancelling
     * the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @param options per-request options; null for none
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> batchDictionaryEntriesAsync(DictionaryName dictionary,
                                                                          List<DictionaryOperation> operations,
                                                                          boolean clearExistingDictionaryEntries,
                                                                          RequestOptions options) {
        return call(Endpoints.BATCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary)
                .body(JsonBody.of("clearExistingDictionaryEntries", clearExistingDictionaryEntries, "requests",
                        operations))
                .executeAsync(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #batchDictionaryEntries(DictionaryName, List, boolean)}.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @return a future of the application task
     */
    public CompletableFuture<AppTaskResponse> batchDictionaryEntriesAsync(DictionaryName dictionary,
                                                                          List<DictionaryOperation> operations,
                                                                          boolean clearExistingDictionaryEntries) {
        return batchDictionaryEntriesAsync(dictionary, operations, clearExistingDictionaryEntries,
                RequestOptions.none());
    }

    /**
     * Searches the entries of a dictionary; {@link #browseDictionaryEntries(DictionaryName, String)} iterates over
     * all of them.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySearchResponse searchDictionaryEntries(DictionaryName dictionary, DictionaryQuery query,
                                                            RequestOptions options) {
        return call(Endpoints.SEARCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary).body(query)
                .execute(DictionarySearchResponse.class);
    }

    /**
     * Same as {@link #searchDictionaryEntries(DictionaryName, DictionaryQuery, RequestOptions)} with default options.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a page of entries
     */
    public DictionarySearchResponse searchDictionaryEntries(DictionaryName dictionary, DictionaryQuery query) {
        return searchDictionaryEntries(dictionary, query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchDictionaryEntries(DictionaryName, DictionaryQuery, RequestOptions)}.
     * Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySearchResponse> searchDictionaryEntriesAsync(DictionaryName dictionary,
                                                                                    DictionaryQuery query,
                                                                                    RequestOptions options) {
        return call(Endpoints.SEARCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary).body(query)
                .executeAsync(DictionarySearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchDictionaryEntries(DictionaryName, DictionaryQuery)}.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a future of a page of entries
     */
    public CompletableFuture<DictionarySearchResponse> searchDictionaryEntriesAsync(DictionaryName dictionary,
                                                                                    DictionaryQuery query) {
        return searchDictionaryEntriesAsync(dictionary, query, RequestOptions.none());
    }

    /**
     * Searches the entries of a dictionary with the parameters in the query string.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySearchResponse searchDictionaryEntriesWithGet(DictionaryName dictionary, DictionaryQuery query,
                                                                   RequestOptions options) {
        return call(Endpoints.SEARCH_DICTIONARY_ENTRIES_GET, options).path("dictionaryName", dictionary)
                .query("query", query.query()).query("page", query.page()).query("hitsPerPage", query.hitsPerPage())
                .query("language", query.language()).execute(DictionarySearchResponse.class);
    }

    /**
     * Same as {@link #searchDictionaryEntriesWithGet(DictionaryName, DictionaryQuery, RequestOptions)} with default
     * options.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a page of entries
     */
    public DictionarySearchResponse searchDictionaryEntriesWithGet(DictionaryName dictionary, DictionaryQuery query) {
        return searchDictionaryEntriesWithGet(dictionary, query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchDictionaryEntriesWithGet(DictionaryName, DictionaryQuery, RequestOptions)}.
     * Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySearchResponse> searchDictionaryEntriesWithGetAsync(DictionaryName dictionary,
                                                                                           DictionaryQuery query,
                                                                                           RequestOptions options) {
        return call(Endpoints.SEARCH_DICTIONARY_ENTRIES_GET, options).path("dictionaryName", dictionary)
                .query("query", query.query()).query("page", query.page()).query("hitsPerPage", query.hitsPerPage())
                .query("language", query.language()).executeAsync(DictionarySearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchDictionaryEntriesWithGet(DictionaryName, DictionaryQuery)}.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a future of a page of entries
     */
    public CompletableFuture<DictionarySearchResponse> searchDictionaryEntriesWithGetAsync(DictionaryName dictionary,
                                                                                           DictionaryQuery query) {
        return searchDictionaryEntriesWithGetAsync(dictionary, query, RequestOptions.none());
    }

    /**
     * Disables or re-enables standard dictionary entries for the listed languages; others stay.
     *
     * <p>Key right: editSettings (not shown in the specification; that of the real service).
     *
     * @param settings the changes
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse setDictionarySettings(DictionarySettings settings, RequestOptions options) {
        return call(Endpoints.SET_DICTIONARY_SETTINGS, options).body(settings).execute(AppTaskResponse.class);
    }

    /**
     * Same as {@link #setDictionarySettings(DictionarySettings, RequestOptions)} with default options.
     *
     * @param settings the changes
     * @return the application task
     */
    public AppTaskResponse setDictionarySettings(DictionarySettings settings) {
        return setDictionarySettings(settings, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #setDictionarySettings(DictionarySettings, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param settings the changes
     * @param options per-request options; null for none
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> setDictionarySettingsAsync(DictionarySettings settings,
                                                                         RequestOptions options) {
        return call(Endpoints.SET_DICTIONARY_SETTINGS, options).body(settings).executeAsync(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #setDictionarySettings(DictionarySettings)}.
     *
     * @param settings the changes
     * @return a future of the application task
     */
    public CompletableFuture<AppTaskResponse> setDictionarySettingsAsync(DictionarySettings settings) {
        return setDictionarySettingsAsync(settings, RequestOptions.none());
    }

    /**
     * Reads the languages whose standard entries are disabled.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the settings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySettings getDictionarySettings(RequestOptions options) {
        return call(Endpoints.GET_DICTIONARY_SETTINGS, options).execute(DictionarySettings.class);
    }

    /**
     * Same as {@link #getDictionarySettings(RequestOptions)} with default options.
     *
     * @return the settings
     */
    public DictionarySettings getDictionarySettings() {
        return getDictionarySettings(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getDictionarySettings(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the settings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySettings> getDictionarySettingsAsync(RequestOptions options) {
        return call(Endpoints.GET_DICTIONARY_SETTINGS, options).executeAsync(DictionarySettings.class);
    }

    /**
     * Asynchronous form of {@link #getDictionarySettings()}.
     *
     * @return a future of the settings
     */
    public CompletableFuture<DictionarySettings> getDictionarySettingsAsync() {
        return getDictionarySettingsAsync(RequestOptions.none());
    }

    /**
     * Lists the languages and their custom entry counts.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return language code to counts
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Map<String, DictionaryLanguage> getDictionaryLanguages(RequestOptions options) {
        return call(Endpoints.GET_DICTIONARY_LANGUAGES, options).execute(LANGUAGES);
    }

    /**
     * Same as {@link #getDictionaryLanguages(RequestOptions)} with default options.
     *
     * @return language code to counts
     */
    public Map<String, DictionaryLanguage> getDictionaryLanguages() {
        return getDictionaryLanguages(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getDictionaryLanguages(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of language code to counts; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Map<String, DictionaryLanguage>> getDictionaryLanguagesAsync(RequestOptions options) {
        return call(Endpoints.GET_DICTIONARY_LANGUAGES, options).executeAsync(LANGUAGES);
    }

    /**
     * Asynchronous form of {@link #getDictionaryLanguages()}.
     *
     * @return a future of language code to counts
     */
    public CompletableFuture<Map<String, DictionaryLanguage>> getDictionaryLanguagesAsync() {
        return getDictionaryLanguagesAsync(RequestOptions.none());
    }

    /**
     * Assigns a user to a cluster; the user can be used at once (moving a user takes longer the more data it has).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param cluster the cluster
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse assignUserId(String userID, String cluster, RequestOptions options) {
        return call(Endpoints.ASSIGN_USER_ID, RequestOptionsMerge.merge(userOptions(userID), options))
                .body(JsonBody.of("cluster", cluster)).execute(CreatedAtResponse.class);
    }

    /**
     * Same as {@link #assignUserId(String, String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return {@code createdAt}
     */
    public CreatedAtResponse assignUserId(String userID, String cluster) {
        return assignUserId(userID, cluster, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #assignUserId(String, String, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param userID the user
     * @param cluster the cluster
     * @param options per-request options; null for none
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> assignUserIdAsync(String userID, String cluster,
                                                                  RequestOptions options) {
        return call(Endpoints.ASSIGN_USER_ID, RequestOptionsMerge.merge(userOptions(userID), options))
                .body(JsonBody.of("cluster", cluster)).executeAsync(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #assignUserId(String, String)}.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return a future of {@code createdAt}
     */
    public CompletableFuture<CreatedAtResponse> assignUserIdAsync(String userID, String cluster) {
        return assignUserIdAsync(userID, cluster, RequestOptions.none());
    }

    /**
     * Assigns several users to a cluster.
     *
     * <p>Key right: admin key.
     *
     * @param cluster the cluster
     * @param users the users
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse batchAssignUserIds(String cluster, List<String> users, RequestOptions options) {
        return call(Endpoints.BATCH_ASSIGN_USER_IDS, options).body(JsonBody.of("cluster", cluster, "users", users))
                .execute(CreatedAtResponse.class);
    }

    /**
     * Same as {@link #batchAssignUserIds(String, List, RequestOptions)} with default options.
     *
     * @param cluster the cluster
     * @param users the users
     * @return {@code createdAt}
     */
    public CreatedAtResponse batchAssignUserIds(String cluster, List<String> users) {
        return batchAssignUserIds(cluster, users, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #batchAssignUserIds(String, List, RequestOptions)}. Cancelling the future cancels
     * the call.
     *
     * @param cluster the cluster
     * @param users the users
     * @param options per-request options; null for none
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> batchAssignUserIdsAsync(String cluster, List<String> users,
                                                                        RequestOptions options) {
        return call(Endpoints.BATCH_ASSIGN_USER_IDS, options).body(JsonBody.of("cluster", cluster, "users", users))
                .executeAsync(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #batchAssignUserIds(String, List)}.
     *
     * @param cluster the cluster
     * @param users the users
     * @return a future of {@code createdAt}
     */
    public CompletableFuture<CreatedAtResponse> batchAssignUserIdsAsync(String cluster, List<String> users) {
        return batchAssignUserIdsAsync(cluster, users, RequestOptions.none());
    }

    /**
     * The top 10 users by record count of each cluster.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the top users
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TopUserIdsResponse getTopUserIds(RequestOptions options) {
        return call(Endpoints.GET_TOP_USER_IDS, options).execute(TopUserIdsResponse.class);
    }

    /**
     * Same as {@link #getTopUserIds(RequestOptions)} with default options.
     *
     * @return the top users
     */
    public TopUserIdsResponse getTopUserIds() {
        return getTopUserIds(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getTopUserIds(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the top users; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TopUserIdsResponse> getTopUserIdsAsync(RequestOptions options) {
        return call(Endpoints.GET_TOP_USER_IDS, options).executeAsync(TopUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #getTopUserIds()}.
     *
     * @return a future of the top users
     */
    public CompletableFuture<TopUserIdsResponse> getTopUserIdsAsync() {
        return getTopUserIdsAsync(RequestOptions.none());
    }

    /**
     * Reads a user's mapping (a few seconds behind real time).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the mapping
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserMapping getUserId(String userID, RequestOptions options) {
        return call(Endpoints.GET_USER_ID, options).path("userID", userID).execute(UserMapping.class);
    }

    /**
     * Same as {@link #getUserId(String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @return the mapping
     */
    public UserMapping getUserId(String userID) {
        return getUserId(userID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getUserId(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @param options per-request options; null for none
     * @return a future of the mapping; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserMapping> getUserIdAsync(String userID, RequestOptions options) {
        return call(Endpoints.GET_USER_ID, options).path("userID", userID).executeAsync(UserMapping.class);
    }

    /**
     * Asynchronous form of {@link #getUserId(String)}.
     *
     * @param userID the user
     * @return a future of the mapping
     */
    public CompletableFuture<UserMapping> getUserIdAsync(String userID) {
        return getUserIdAsync(userID, RequestOptions.none());
    }

    /**
     * Lists the clusters.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the clusters
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListClustersResponse listClusters(RequestOptions options) {
        return call(Endpoints.LIST_CLUSTERS, options).execute(ListClustersResponse.class);
    }

    /**
     * Same as {@link #listClusters(RequestOptions)} with default options.
     *
     * @return the clusters
     */
    public ListClustersResponse listClusters() {
        return listClusters(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listClusters(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the clusters; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListClustersResponse> listClustersAsync(RequestOptions options) {
        return call(Endpoints.LIST_CLUSTERS, options).executeAsync(ListClustersResponse.class);
    }

    /**
     * Asynchronous form of {@link #listClusters()}.
     *
     * @return a future of the clusters
     */
    public CompletableFuture<ListClustersResponse> listClustersAsync() {
        return listClustersAsync(RequestOptions.none());
    }

    /**
     * Reads a page of user mappings (1000 per page by default); {@link #browseUserIds()} iterates over all of them.
     *
     * <p>Key right: admin key.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListUserIdsResponse listUserIds(int page, Integer hitsPerPage, RequestOptions options) {
        return call(Endpoints.LIST_USER_IDS, options).query("page", page).query("hitsPerPage", hitsPerPage)
                .execute(ListUserIdsResponse.class);
    }

    /**
     * Same as {@link #listUserIds(int, Integer, RequestOptions)} with default options.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @return the page
     */
    public ListUserIdsResponse listUserIds(int page, Integer hitsPerPage) {
        return listUserIds(page, hitsPerPage, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listUserIds(int, Integer, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @param options per-request options; null for none
     * @return a future of the page; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListUserIdsResponse> listUserIdsAsync(int page, Integer hitsPerPage,
                                                                   RequestOptions options) {
        return call(Endpoints.LIST_USER_IDS, options).query("page", page).query("hitsPerPage", hitsPerPage)
                .executeAsync(ListUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #listUserIds(int, Integer)}.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @return a future of the page
     */
    public CompletableFuture<ListUserIdsResponse> listUserIdsAsync(int page, Integer hitsPerPage) {
        return listUserIdsAsync(page, hitsPerPage, RequestOptions.none());
    }

    /**
     * Removes a user's mapping; a task then removes its data.
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeletedAtResponse removeUserId(String userID, RequestOptions options) {
        return call(Endpoints.REMOVE_USER_ID, options).path("userID", userID).execute(DeletedAtResponse.class);
    }

    /**
     * Same as {@link #removeUserId(String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @return {@code deletedAt}
     */
    public DeletedAtResponse removeUserId(String userID) {
        return removeUserId(userID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #removeUserId(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @param options per-request options; null for none
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeletedAtResponse> removeUserIdAsync(String userID, RequestOptions options) {
        return call(Endpoints.REMOVE_USER_ID, options).path("userID", userID).executeAsync(DeletedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #removeUserId(String)}.
     *
     * @param userID the user
     * @return a future of {@code deletedAt}
     */
    public CompletableFuture<DeletedAtResponse> removeUserIdAsync(String userID) {
        return removeUserIdAsync(userID, RequestOptions.none());
    }

    /**
     * Searches user mappings (the index behind it is rebuilt every 12 hours, so values may be outdated).
     *
     * <p>Key right: admin key.
     *
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of mappings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserIdSearchResponse searchUserIds(UserIdQuery query, RequestOptions options) {
        return call(Endpoints.SEARCH_USER_IDS, options).body(query).execute(UserIdSearchResponse.class);
    }

    /**
     * Same as {@link #searchUserIds(UserIdQuery, RequestOptions)} with default options.
     *
     * @param query the search
     * @return a page of mappings
     */
    public UserIdSearchResponse searchUserIds(UserIdQuery query) {
        return searchUserIds(query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchUserIds(UserIdQuery, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of mappings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserIdSearchResponse> searchUserIdsAsync(UserIdQuery query, RequestOptions options) {
        return call(Endpoints.SEARCH_USER_IDS, options).body(query).executeAsync(UserIdSearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchUserIds(UserIdQuery)}.
     *
     * @param query the search
     * @return a future of a page of mappings
     */
    public CompletableFuture<UserIdSearchResponse> searchUserIdsAsync(UserIdQuery query) {
        return searchUserIdsAsync(query, RequestOptions.none());
    }

    /**
     * Whether user mappings are still being applied (answer shape of the real service).
     *
     * <p>Key right: admin key.
     *
     * @param getClusters whether to list the pending users per cluster
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the pending state
     * @throws io.quarry.core.QuarryException on any failure
     */
    public PendingMappingsResponse hasPendingMappings(boolean getClusters, RequestOptions options) {
        return call(Endpoints.HAS_PENDING_MAPPINGS, options).query("getClusters", getClusters)
                .execute(PendingMappingsResponse.class);
    }

    /**
     * Same as {@link #hasPendingMappings(boolean, RequestOptions)} with default options.
     *
     * @param getClusters whether to list the pending users per cluster
     * @return the pending state
     */
    public PendingMappingsResponse hasPendingMappings(boolean getClusters) {
        return hasPendingMappings(getClusters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #hasPendingMappings(boolean, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param getClusters whether to list the pending users per cluster
     * @param options per-request options; null for none
     * @return a future of the pending state; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<PendingMappingsResponse> hasPendingMappingsAsync(boolean getClusters,
                                                                              RequestOptions options) {
        return call(Endpoints.HAS_PENDING_MAPPINGS, options).query("getClusters", getClusters)
                .executeAsync(PendingMappingsResponse.class);
    }

    /**
     * Asynchronous form of {@link #hasPendingMappings(boolean)}.
     *
     * @param getClusters whether to list the pending users per cluster
     * @return a future of the pending state
     */
    public CompletableFuture<PendingMappingsResponse> hasPendingMappingsAsync(boolean getClusters) {
        return hasPendingMappingsAsync(getClusters, RequestOptions.none());
    }

    // ---- Helpers -------------------------------------------------------------------------------------------

    /**
     * Waits until an application-level task (dictionary batch or settings) is applied.
     *
     * @param taskID the task
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if still pending after the last attempt (it may still complete)
     */
    public TaskStatus waitForAppTask(long taskID) {
        return waitForAppTask(taskID, WaitPolicy.defaults());
    }

    /**
     * Waits until an application-level task is applied.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the final status
     */
    public TaskStatus waitForAppTask(long taskID, WaitPolicy policy) {
        return Poller.poll("application task " + taskID, policy,
                () -> Optional.of(getAppTask(taskID)).filter(TaskStatus::isPublished));
    }

    /**
     * Asynchronous form of {@link #waitForAppTask(long)}.
     *
     * @param taskID the task
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForAppTaskAsync(long taskID) {
        return waitForAppTaskAsync(taskID, WaitPolicy.defaults());
    }

    /**
     * Asynchronous form of {@link #waitForAppTask(long, WaitPolicy)}.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForAppTaskAsync(long taskID, WaitPolicy policy) {
        return Poller.pollAsync("application task " + taskID, policy,
                () -> getAppTaskAsync(taskID).thenApply(s -> Optional.of(s).filter(TaskStatus::isPublished)));
    }

    /**
     * Waits until a key change has propagated: ADD until the key can be read, UPDATE until it reads back with
     * the parameters of {@code expected} (only the members set there are compared), DELETE until reading it
     * answers 404.
     *
     * @param key      the key
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE; may be null otherwise
     * @return the key as read (null after DELETE)
     * @throws io.quarry.core.WaitTimeoutException if the change is not visible after the last attempt
     */
    public ApiKeyInfo waitForApiKey(String key, ApiKeyChange change, ApiKey expected) {
        return waitForApiKey(key, change, expected, WaitPolicy.defaults());
    }

    /**
     * Waits until a key change has propagated.
     *
     * @param key      the key
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE
     * @param policy   attempts and delays
     * @return the key as read (null after DELETE)
     */
    public ApiKeyInfo waitForApiKey(String key, ApiKeyChange change, ApiKey expected, WaitPolicy policy) {
        requireExpected(change, expected);
        return Poller.poll(keyDescription(change), policy, () -> {
            try {
                return keyCheck(change, expected, getApiKey(key), null);
            } catch (NotFoundException e) {
                return keyCheck(change, expected, null, e);
            }
        }).orElse(null);
    }

    /**
     * Asynchronous form of {@link #waitForApiKey(String, ApiKeyChange, ApiKey)}.
     *
     * @param key      the key
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE
     * @return the future key as read (null after DELETE)
     */
    public CompletableFuture<ApiKeyInfo> waitForApiKeyAsync(String key, ApiKeyChange change, ApiKey expected) {
        return waitForApiKeyAsync(key, change, expected, WaitPolicy.defaults());
    }

    /**
     * Asynchronous form of {@link #waitForApiKey(String, ApiKeyChange, ApiKey, WaitPolicy)}.
     *
     * @param key      the key
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE
     * @param policy   attempts and delays
     * @return the future key as read (null after DELETE)
     */
    public CompletableFuture<ApiKeyInfo> waitForApiKeyAsync(String key, ApiKeyChange change, ApiKey expected,
                                                            WaitPolicy policy) {
        requireExpected(change, expected);
        return Poller.pollAsync(keyDescription(change), policy, () -> getApiKeyAsync(key).handle((info, error) -> {
            Throwable cause = error == null ? null : Poller.unwrap(error);
            if (cause != null && !(cause instanceof NotFoundException)) {
                throw new CompletionException(cause);
            }
            return keyCheck(change, expected, info, cause);
        })).thenApply(found -> found.orElse(null));
    }

    /**
     * Every entry of a dictionary (standard and custom) in a language, read lazily page by page.
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null for all
     * @return the lazy sequence
     */
    public PagedIterable<DictionaryEntry> browseDictionaryEntries(DictionaryName dictionary, String language) {
        return new PagedIterable<>(() -> Pages.iterator(0,
                page -> dictionaryPage(searchDictionaryEntries(dictionary, dictionaryQuery(page, language)))));
    }

    /**
     * Asynchronous form of {@link #browseDictionaryEntries(DictionaryName, String)}.
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null
     * @return the future entries
     */
    public CompletableFuture<List<DictionaryEntry>> browseDictionaryEntriesAsync(DictionaryName dictionary,
                                                                                 String language) {
        return Pages.collectAsync(0, page -> searchDictionaryEntriesAsync(dictionary, dictionaryQuery(page, language))
                .thenApply(SearchClient::dictionaryPage));
    }

    /**
     * Every user mapping, read lazily 1000 at a time.
     *
     * @return the lazy sequence
     */
    public PagedIterable<UserMapping> browseUserIds() {
        return new PagedIterable<>(() -> Pages.iterator(0, page -> userPage(page, listUserIds(page, PAGE_SIZE))));
    }

    /**
     * Asynchronous form of {@link #browseUserIds()}.
     *
     * @return the future mappings
     */
    public CompletableFuture<List<UserMapping>> browseUserIdsAsync() {
        return Pages.collectAsync(0, page -> listUserIdsAsync(page, PAGE_SIZE).thenApply(r -> userPage(page, r)));
    }

    /**
     * Whether an index exists. Needs {@code settings}.
     *
     * @param indexName the index
     * @return true if it exists
     */
    public boolean indexExists(String indexName) {
        return index(indexName).exists();
    }

    /**
     * Asynchronous form of {@link #indexExists(String)}.
     *
     * @param indexName the index
     * @return the future answer
     */
    public CompletableFuture<Boolean> indexExistsAsync(String indexName) {
        return index(indexName).existsAsync();
    }

    /**
     * Copies an index (records, settings, synonyms, rules) over another, replacing it. Needs {@code addObject}.
     *
     * @param source      the index copied
     * @param destination the index replaced
     * @return the task (of the source index)
     */
    public WriteResponse copyIndex(String source, String destination) {
        return index(source).copyTo(destination, null);
    }

    /**
     * Asynchronous form of {@link #copyIndex(String, String)}.
     *
     * @param source      the index copied
     * @param destination the index replaced
     * @return the future task
     */
    public CompletableFuture<WriteResponse> copyIndexAsync(String source, String destination) {
        return index(source).copyToAsync(destination, null);
    }

    /**
     * Renames an index over another, replacing it. Needs {@code addObject}.
     *
     * @param source      the index moved (gone afterwards)
     * @param destination the index replaced
     * @return the task (of the source index)
     */
    public WriteResponse moveIndex(String source, String destination) {
        return index(source).moveTo(destination);
    }

    /**
     * Asynchronous form of {@link #moveIndex(String, String)}.
     *
     * @param source      the index moved
     * @param destination the index replaced
     * @return the future task
     */
    public CompletableFuture<WriteResponse> moveIndexAsync(String source, String destination) {
        return index(source).moveToAsync(destination);
    }

    /**
     * Copies only the settings of an index to another (records untouched).
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the task (of the source index)
     */
    public WriteResponse copySettings(String source, String destination) {
        return index(source).copyTo(destination, List.of(CopyScope.SETTINGS));
    }

    /**
     * Asynchronous form of {@link #copySettings(String, String)}.
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the future task
     */
    public CompletableFuture<WriteResponse> copySettingsAsync(String source, String destination) {
        return index(source).copyToAsync(destination, List.of(CopyScope.SETTINGS));
    }

    /**
     * Copies only the rules of an index to another (records untouched).
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the task (of the source index)
     */
    public WriteResponse copyRules(String source, String destination) {
        return index(source).copyTo(destination, List.of(CopyScope.RULES));
    }

    /**
     * Asynchronous form of {@link #copyRules(String, String)}.
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the future task
     */
    public CompletableFuture<WriteResponse> copyRulesAsync(String source, String destination) {
        return index(source).copyToAsync(destination, List.of(CopyScope.RULES));
    }

    /**
     * Copies only the synonyms of an index to another (records untouched).
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the task (of the source index)
     */
    public WriteResponse copySynonyms(String source, String destination) {
        return index(source).copyTo(destination, List.of(CopyScope.SYNONYMS));
    }

    /**
     * Asynchronous form of {@link #copySynonyms(String, String)}.
     *
     * @param source      the index read
     * @param destination the index changed
     * @return the future task
     */
    public CompletableFuture<WriteResponse> copySynonymsAsync(String source, String destination) {
        return index(source).copyToAsync(destination, List.of(CopyScope.SYNONYMS));
    }

    /**
     * Generates a secured API key locally (no call is made); see {@link SecuredApiKeys}.
     *
     * @param parentKey    a search key (never the admin key)
     * @param restrictions what the key embeds
     * @return the secured key
     */
    public static String generateSecuredApiKey(String parentKey, SecuredApiKeyRestrictions restrictions) {
        return SecuredApiKeys.generate(parentKey, restrictions);
    }

    /**
     * How long a secured key stays valid.
     *
     * @param securedKey the key
     * @return the time left, negative once expired
     * @throws IllegalArgumentException if it has no {@code validUntil}
     */
    public static Duration securedApiKeyRemainingValidity(String securedKey) {
        return SecuredApiKeys.remainingValidity(securedKey);
    }

    // ---- Internals -----------------------------------------------------------------------------------------

    private ApiRequest call(Endpoint endpoint, RequestOptions options) {
        return api.request(endpoint).options(RequestOptionsMerge.merge(defaults, options));
    }

    private static void requireExpected(ApiKeyChange change, ApiKey expected) {
        Objects.requireNonNull(change, "change");
        if (change == ApiKeyChange.UPDATE && expected == null) {
            throw new IllegalArgumentException("waiting for an UPDATE needs the parameters that were sent");
        }
    }

    private static String keyDescription(ApiKeyChange change) {
        return "API key " + change.name().toLowerCase(Locale.ROOT) + " to propagate";
    }

    /** Empty to retry, a value (possibly empty) when done. */
    private static Optional<Optional<ApiKeyInfo>> keyCheck(ApiKeyChange change, ApiKey expected, ApiKeyInfo info,
                                                           Throwable notFound) {
        return switch (change) {
            case ADD -> notFound == null ? Optional.of(Optional.of(info)) : Optional.empty();
            case DELETE -> notFound != null ? Optional.of(Optional.empty()) : Optional.empty();
            case UPDATE -> notFound == null && matches(expected, info) ? Optional.of(Optional.of(info))
                    : Optional.empty();
        };
    }

    private static boolean matches(ApiKey expected, ApiKeyInfo info) {
        return same(expected.acl(), info.acl() == null ? null : new HashSet<>(info.acl()), true)
                && same(expected.description(), info.description(), false)
                && same(expected.indexes(), info.indexes(), false)
                && same(expected.maxHitsPerQuery(), info.maxHitsPerQuery(), false)
                && same(expected.maxQueriesPerIPPerHour(), info.maxQueriesPerIPPerHour(), false)
                && same(expected.queryParameters(), info.queryParameters(), false)
                && same(expected.referers(), info.referers(), false)
                && same(expected.validity(), info.validity(), false);
    }

    private static boolean same(Object expected, Object actual, boolean asSet) {
        if (expected == null) {
            return true;
        }
        Object wanted = asSet && expected instanceof List<?> list ? new HashSet<>(list) : expected;
        return wanted.equals(actual);
    }

    private static DictionaryQuery dictionaryQuery(int page, String language) {
        DictionaryQuery query = DictionaryQuery.of("").page(page).hitsPerPage(PAGE_SIZE);
        return language == null ? query : query.language(language);
    }

    private static Page<DictionaryEntry, Integer> dictionaryPage(DictionarySearchResponse r) {
        return new Page<>(r.hits(), Pages.nextPage(r.page(), r.hits().size(), r.nbPages(), PAGE_SIZE));
    }

    private static Page<UserMapping, Integer> userPage(int page, ListUserIdsResponse r) {
        List<UserMapping> items = r.userIDs() == null ? List.of() : r.userIDs();
        return new Page<>(items, Pages.nextPage(page, items.size(), -1, PAGE_SIZE));
    }
}
