package io.quarry.search;

import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.search.internal.ApiKeyCalls;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.ListApiKeysResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The key calls that both key handles share: create, update, list, read, delete, each on the keys of the
 * handle's scope: the application's ({@link ApiKeys}, from {@link SearchClient#apiKeys()}) or one index's
 * ({@link IndexApiKeys}, from {@link SearchIndex#apiKeys()}). Cheap, immutable and thread-safe.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Every call needs the admin key.
 *
 * @param <H> the handle's own type, which {@link #withOptions(RequestOptions)} returns
 */
public abstract sealed class KeyManagement<H extends KeyManagement<H>> extends ScopedHandle<H>
        permits ApiKeys, IndexApiKeys {

    /** The calls over this scope's key endpoints; {@link ApiKeys} also uses it for its own calls. */
    final ApiKeyCalls keys;

    KeyManagement(CallScope scope, ApiKeyCalls.Routes routes) {
        super(scope);
        this.keys = new ApiKeyCalls(scope, routes);
    }

    /**
     * Creates a key in this handle's scope: the application's, or one index's. Propagation takes time: the key
     * is usable once {@link #get(String)} reads it.
     *
     * <p>Key right: admin key. Not idempotent: a retried call can create two keys.
     *
     * @param key the key parameters
     * @return the new key and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse add(ApiKey key) {
        return keys.add(key);
    }

    /**
     * Asynchronous form of {@link #add(ApiKey)}. Cancelling the future cancels the call.
     *
     * @param key the key parameters
     * @return a future of the new key and {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> addAsync(ApiKey key) {
        return keys.addAsync(key);
    }

    /**
     * Replaces the parameters of a key of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return the key and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse update(String key, ApiKey parameters) {
        return keys.update(key, parameters);
    }

    /**
     * Asynchronous form of {@link #update(String, ApiKey)}. Cancelling the future cancels the
     * call.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return a future of the key and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> updateAsync(String key, ApiKey parameters) {
        return keys.updateAsync(key, parameters);
    }

    /**
     * Lists the keys of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @return the keys
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListApiKeysResponse list() {
        return keys.list();
    }

    /**
     * Asynchronous form of {@link #list()}. Cancelling the future cancels the call.
     *
     * @return a future of the keys; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListApiKeysResponse> listAsync() {
        return keys.listAsync();
    }

    /**
     * Reads a key of this handle's scope (the application's, or one index's) and its rights.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @return the key and its parameters
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyInfo get(String key) {
        return keys.get(key);
    }

    /**
     * Asynchronous form of {@link #get(String)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @return a future of the key and its parameters; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyInfo> getAsync(String key) {
        return keys.getAsync(key);
    }

    /**
     * Deletes a key of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse delete(String key) {
        return keys.delete(key);
    }

    /**
     * Asynchronous form of {@link #delete(String)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> deleteAsync(String key) {
        return keys.deleteAsync(key);
    }
}
