package io.quarry.search;

import io.quarry.core.RequestOptions;
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
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Every call needs the admin key.
 */
public abstract sealed class KeyManagement permits ApiKeys, IndexApiKeys {

    /** The calls over this scope's key endpoints; {@link ApiKeys} also uses it for its own calls. */
    final ApiKeyCalls keys;

    KeyManagement(ApiKeyCalls keys) {
        this.keys = keys;
    }

    /**
     * Creates a key in this handle's scope: the application's, or one index's. Propagation takes time: the key
     * is usable once {@link #get(String)} reads it.
     *
     * <p>Key right: admin key. Not idempotent: a retried call can create two keys.
     *
     * @param key the key parameters
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the new key and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse add(ApiKey key, RequestOptions options) {
        return keys.add(key, options);
    }

    /**
     * Same as {@link #add(ApiKey, RequestOptions)} with default options.
     *
     * @param key the key parameters
     * @return the new key and {@code createdAt}
     */
    public ApiKeyResponse add(ApiKey key) {
        return add(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #add(ApiKey, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key parameters
     * @param options per-request options; null for none
     * @return a future of the new key and {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> addAsync(ApiKey key, RequestOptions options) {
        return keys.addAsync(key, options);
    }

    /**
     * Asynchronous form of {@link #add(ApiKey)}.
     *
     * @param key the key parameters
     * @return a future of the new key and {@code createdAt}
     */
    public CompletableFuture<ApiKeyResponse> addAsync(ApiKey key) {
        return addAsync(key, RequestOptions.none());
    }

    /**
     * Replaces the parameters of a key of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param parameters the new parameters
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the key and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse update(String key, ApiKey parameters, RequestOptions options) {
        return keys.update(key, parameters, options);
    }

    /**
     * Same as {@link #update(String, ApiKey, RequestOptions)} with default options.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return the key and {@code updatedAt}
     */
    public ApiKeyResponse update(String key, ApiKey parameters) {
        return update(key, parameters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #update(String, ApiKey, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param key the key
     * @param parameters the new parameters
     * @param options per-request options; null for none
     * @return a future of the key and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> updateAsync(String key, ApiKey parameters, RequestOptions options) {
        return keys.updateAsync(key, parameters, options);
    }

    /**
     * Asynchronous form of {@link #update(String, ApiKey)}.
     *
     * @param key the key
     * @param parameters the new parameters
     * @return a future of the key and {@code updatedAt}
     */
    public CompletableFuture<ApiKeyResponse> updateAsync(String key, ApiKey parameters) {
        return updateAsync(key, parameters, RequestOptions.none());
    }

    /**
     * Lists the keys of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the keys
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListApiKeysResponse list(RequestOptions options) {
        return keys.list(options);
    }

    /**
     * Same as {@link #list(RequestOptions)} with default options.
     *
     * @return the keys
     */
    public ListApiKeysResponse list() {
        return list(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #list(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the keys; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListApiKeysResponse> listAsync(RequestOptions options) {
        return keys.listAsync(options);
    }

    /**
     * Asynchronous form of {@link #list()}.
     *
     * @return a future of the keys
     */
    public CompletableFuture<ListApiKeysResponse> listAsync() {
        return listAsync(RequestOptions.none());
    }

    /**
     * Reads a key of this handle's scope (the application's, or one index's) and its rights.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the key and its parameters
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyInfo get(String key, RequestOptions options) {
        return keys.get(key, options);
    }

    /**
     * Same as {@link #get(String, RequestOptions)} with default options.
     *
     * @param key the key
     * @return the key and its parameters
     */
    public ApiKeyInfo get(String key) {
        return get(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #get(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @param options per-request options; null for none
     * @return a future of the key and its parameters; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyInfo> getAsync(String key, RequestOptions options) {
        return keys.getAsync(key, options);
    }

    /**
     * Asynchronous form of {@link #get(String)}.
     *
     * @param key the key
     * @return a future of the key and its parameters
     */
    public CompletableFuture<ApiKeyInfo> getAsync(String key) {
        return getAsync(key, RequestOptions.none());
    }

    /**
     * Deletes a key of this handle's scope: the application's, or one index's.
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse delete(String key, RequestOptions options) {
        return keys.delete(key, options);
    }

    /**
     * Same as {@link #delete(String, RequestOptions)} with default options.
     *
     * @param key the key
     * @return {@code deletedAt}
     */
    public ApiKeyResponse delete(String key) {
        return delete(key, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #delete(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @param options per-request options; null for none
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> deleteAsync(String key, RequestOptions options) {
        return keys.deleteAsync(key, options);
    }

    /**
     * Asynchronous form of {@link #delete(String)}.
     *
     * @param key the key
     * @return a future of {@code deletedAt}
     */
    public CompletableFuture<ApiKeyResponse> deleteAsync(String key) {
        return deleteAsync(key, RequestOptions.none());
    }
}
