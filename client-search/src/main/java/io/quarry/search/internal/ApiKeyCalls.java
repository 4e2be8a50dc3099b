package io.quarry.search.internal;

import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.spi.CallScope;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.ListApiKeysResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The key calls that application-wide and index-level API keys share: the same operations over different
 * endpoints. The key goes in the {@code key} path parameter; an index scope fills in {@code indexName}. Immutable.
 */
public final class ApiKeyCalls {

    /**
     * The key endpoints of one scope.
     *
     * @param add    creates a key
     * @param update replaces a key's parameters ({@code {key}} in the path)
     * @param list   lists the keys
     * @param get    reads a key ({@code {key}} in the path)
     * @param delete deletes a key ({@code {key}} in the path)
     */
    public record Routes(Endpoint add, Endpoint update, Endpoint list, Endpoint get, Endpoint delete) {}

    private final CallScope scope;
    private final Endpoint add;
    private final Endpoint update;
    private final Endpoint list;
    private final Endpoint get;
    private final Endpoint delete;

    /**
     * Key calls over one set of endpoints.
     *
     * @param scope  where the calls go
     * @param routes the endpoints
     */
    public ApiKeyCalls(CallScope scope, Routes routes) {
        this.scope = scope;
        this.add = routes.add();
        this.update = routes.update();
        this.list = routes.list();
        this.get = routes.get();
        this.delete = routes.delete();
    }

    /**
     * {@return the new key and {@code createdAt}}
     *
     * @param parameters the key parameters
     */
    public ApiKeyResponse add(ApiKey parameters) {
        return addRequest(parameters).execute(ApiKeyResponse.class);
    }

    /**
     * {@return a future of the new key and {@code createdAt}}
     *
     * @param parameters the key parameters
     */
    public CompletableFuture<ApiKeyResponse> addAsync(ApiKey parameters) {
        return addRequest(parameters).executeAsync(ApiKeyResponse.class);
    }

    private ApiRequest addRequest(ApiKey parameters) {
        return scope.request(add).body(Objects.requireNonNull(parameters, "key"));
    }

    /**
     * {@return the key and {@code updatedAt}}
     *
     * @param key        the key
     * @param parameters the new parameters
     */
    public ApiKeyResponse update(String key, ApiKey parameters) {
        return updateRequest(key, parameters).execute(ApiKeyResponse.class);
    }

    /**
     * {@return a future of the key and {@code updatedAt}}
     *
     * @param key        the key
     * @param parameters the new parameters
     */
    public CompletableFuture<ApiKeyResponse> updateAsync(String key, ApiKey parameters) {
        return updateRequest(key, parameters).executeAsync(ApiKeyResponse.class);
    }

    private ApiRequest updateRequest(String key, ApiKey parameters) {
        return keyRequest(update, key).body(Objects.requireNonNull(parameters, "parameters"));
    }

    /**
     * {@return the keys}
     */
    public ListApiKeysResponse list() {
        return scope.request(list).execute(ListApiKeysResponse.class);
    }

    /**
     * {@return a future of the keys}
     */
    public CompletableFuture<ListApiKeysResponse> listAsync() {
        return scope.request(list).executeAsync(ListApiKeysResponse.class);
    }

    /**
     * {@return the key and its parameters}
     *
     * @param key     the key
     */
    public ApiKeyInfo get(String key) {
        return keyRequest(get, key).execute(ApiKeyInfo.class);
    }

    /**
     * {@return a future of the key and its parameters}
     *
     * @param key     the key
     */
    public CompletableFuture<ApiKeyInfo> getAsync(String key) {
        return keyRequest(get, key).executeAsync(ApiKeyInfo.class);
    }

    /**
     * {@return {@code deletedAt}}
     *
     * @param key     the key
     */
    public ApiKeyResponse delete(String key) {
        return keyRequest(delete, key).execute(ApiKeyResponse.class);
    }

    /**
     * {@return a future of {@code deletedAt}}
     *
     * @param key     the key
     */
    public CompletableFuture<ApiKeyResponse> deleteAsync(String key) {
        return keyRequest(delete, key).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Starts a call on one key; also used for calls only one kind of key has.
     *
     * @param endpoint the endpoint, with {@code {key}} in its path
     * @param key      the key
     * @return the request to complete and execute
     */
    public ApiRequest keyRequest(Endpoint endpoint, String key) {
        return scope.request(endpoint).path("key", key);
    }
}
