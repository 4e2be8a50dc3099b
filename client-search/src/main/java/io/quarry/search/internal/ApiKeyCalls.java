package io.quarry.search.internal;

import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.ListApiKeysResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The key calls that application-wide and index-level API keys share: the same operations over different
 * endpoints. The key goes in the {@code key} path parameter; an index scope fills in {@code indexName}. Immutable.
 */
public final class ApiKeyCalls {

    private final Scope scope;
    private final Endpoint add;
    private final Endpoint update;
    private final Endpoint list;
    private final Endpoint get;
    private final Endpoint delete;

    /**
     * Key calls over one set of endpoints.
     *
     * @param scope  where the calls go
     * @param add    creates a key
     * @param update replaces a key's parameters ({@code {key}} in the path)
     * @param list   lists the keys
     * @param get    reads a key ({@code {key}} in the path)
     * @param delete deletes a key ({@code {key}} in the path)
     */
    public ApiKeyCalls(Scope scope, Endpoint add, Endpoint update, Endpoint list, Endpoint get, Endpoint delete) {
        this.scope = scope;
        this.add = add;
        this.update = update;
        this.list = list;
        this.get = get;
        this.delete = delete;
    }

    /**
     * @param parameters the key parameters
     * @param options    per-request options, or null
     * @return the new key and {@code createdAt}
     */
    public ApiKeyResponse add(ApiKey parameters, RequestOptions options) {
        return addRequest(parameters, options).execute(ApiKeyResponse.class);
    }

    /**
     * @param parameters the key parameters
     * @param options    per-request options, or null
     * @return a future of the new key and {@code createdAt}
     */
    public CompletableFuture<ApiKeyResponse> addAsync(ApiKey parameters, RequestOptions options) {
        return addRequest(parameters, options).executeAsync(ApiKeyResponse.class);
    }

    private ApiRequest addRequest(ApiKey parameters, RequestOptions options) {
        return scope.request(add, options).body(parameters);
    }

    /**
     * @param key        the key
     * @param parameters the new parameters
     * @param options    per-request options, or null
     * @return the key and {@code updatedAt}
     */
    public ApiKeyResponse update(String key, ApiKey parameters, RequestOptions options) {
        return updateRequest(key, parameters, options).execute(ApiKeyResponse.class);
    }

    /**
     * @param key        the key
     * @param parameters the new parameters
     * @param options    per-request options, or null
     * @return a future of the key and {@code updatedAt}
     */
    public CompletableFuture<ApiKeyResponse> updateAsync(String key, ApiKey parameters, RequestOptions options) {
        return updateRequest(key, parameters, options).executeAsync(ApiKeyResponse.class);
    }

    private ApiRequest updateRequest(String key, ApiKey parameters, RequestOptions options) {
        return keyRequest(update, key, options).body(parameters);
    }

    /**
     * @param options per-request options, or null
     * @return the keys
     */
    public ListApiKeysResponse list(RequestOptions options) {
        return scope.request(list, options).execute(ListApiKeysResponse.class);
    }

    /**
     * @param options per-request options, or null
     * @return a future of the keys
     */
    public CompletableFuture<ListApiKeysResponse> listAsync(RequestOptions options) {
        return scope.request(list, options).executeAsync(ListApiKeysResponse.class);
    }

    /**
     * @param key     the key
     * @param options per-request options, or null
     * @return the key and its parameters
     */
    public ApiKeyInfo get(String key, RequestOptions options) {
        return keyRequest(get, key, options).execute(ApiKeyInfo.class);
    }

    /**
     * @param key     the key
     * @param options per-request options, or null
     * @return a future of the key and its parameters
     */
    public CompletableFuture<ApiKeyInfo> getAsync(String key, RequestOptions options) {
        return keyRequest(get, key, options).executeAsync(ApiKeyInfo.class);
    }

    /**
     * @param key     the key
     * @param options per-request options, or null
     * @return {@code deletedAt}
     */
    public ApiKeyResponse delete(String key, RequestOptions options) {
        return keyRequest(delete, key, options).execute(ApiKeyResponse.class);
    }

    /**
     * @param key     the key
     * @param options per-request options, or null
     * @return a future of {@code deletedAt}
     */
    public CompletableFuture<ApiKeyResponse> deleteAsync(String key, RequestOptions options) {
        return keyRequest(delete, key, options).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Starts a call on one key; also used for calls only one kind of key has.
     *
     * @param endpoint the endpoint, with {@code {key}} in its path
     * @param key      the key
     * @param options  per-request options, or null
     * @return the request to complete and execute
     */
    public ApiRequest keyRequest(Endpoint endpoint, String key, RequestOptions options) {
        return scope.request(endpoint, options).path("key", key);
    }
}
