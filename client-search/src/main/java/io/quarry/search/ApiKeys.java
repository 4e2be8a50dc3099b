package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.NotFoundException;
import io.quarry.core.RequestOptions;
import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Polling;
import io.quarry.search.internal.ApiKeyCalls;
import io.quarry.search.internal.ApiKeyWait;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.ListApiKeysResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The API keys of the application: create, update, list, read, delete (the calls of {@link KeyManagement}),
 * restore, and {@link #waitForApiKey(String, ApiKeyChange, ApiKey)} for a change to propagate. Obtained from
 * {@link SearchClient#apiKeys()}; cheap, immutable and thread-safe. Keys limited to one index are on
 * {@link SearchIndex#apiKeys()}; secured keys are generated locally by
 * {@link SecuredApiKeys#generate(String, SecuredApiKeyRestrictions)}.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Every call needs the admin key; {@link #get(String) reading} a key too, even though the
 * service lists its right as any. Changes take time to propagate: after {@link #add(ApiKey) add},
 * {@link #waitForApiKey(String, ApiKeyChange, ApiKey)} waits until the key is readable, and after
 * {@link #update(String, ApiKey) update} until its new parameters read back. A {@link #delete(String) deleted}
 * key can be restored with {@link #restore(String)}.
 */
public final class ApiKeys extends KeyManagement<ApiKeys> {

    private static final ApiKeyCalls.Routes ROUTES = new ApiKeyCalls.Routes(
            Endpoints.ADD_API_KEY,
            Endpoints.UPDATE_API_KEY,
            Endpoints.LIST_API_KEYS,
            Endpoints.GET_API_KEY,
            Endpoints.DELETE_API_KEY);

    ApiKeys(CallScope scope) {
        super(scope, ROUTES);
    }

    @Override
    protected ApiKeys withScope(CallScope scope) {
        return new ApiKeys(scope);
    }

    /**
     * Restores a deleted key with its rights (404 if it is not in the deleted list).
     *
     * <p>Key right: admin key.
     *
     * @param key the key
     * @return the key and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ApiKeyResponse restore(String key) {
        return keys.keyRequest(Endpoints.RESTORE_API_KEY, key).execute(ApiKeyResponse.class);
    }

    /**
     * Asynchronous form of {@link #restore(String)}. Cancelling the future cancels the call.
     *
     * @param key the key
     * @return a future of the key and {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ApiKeyResponse> restoreAsync(String key) {
        return keys.keyRequest(Endpoints.RESTORE_API_KEY, key).executeAsync(ApiKeyResponse.class);
    }

    /**
     * Lists the index-specific keys of every index, each naming its index.
     *
     * <p>Key right: admin key.
     *
     * @return the keys
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListApiKeysResponse listOfAllIndices() {
        return listOfAllIndicesRequest().execute(ListApiKeysResponse.class);
    }

    /**
     * Asynchronous form of {@link #listOfAllIndices()}. Cancelling the future cancels the
     * call.
     *
     * @return a future of the keys; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListApiKeysResponse> listOfAllIndicesAsync() {
        return listOfAllIndicesRequest().executeAsync(ListApiKeysResponse.class);
    }

    private ApiRequest listOfAllIndicesRequest() {
        return scope().request(Endpoints.LIST_ALL_INDEX_API_KEYS);
    }

    /**
     * Waits until a key change has propagated: ADD until the key can be read, UPDATE until it reads back with
     * the parameters of {@code expected} (only the members set there are compared; {@code validity} reads back
     * as the seconds left, so any remainder up to the lifetime sent matches), DELETE until reading it answers 404.
     *
     * @param key      the key
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE; may be null otherwise
     * @return the key as read (null after DELETE)
     * @throws io.quarry.core.WaitTimeoutException if the change is not visible after the last attempt
     */
    public ApiKeyInfo waitForApiKey(String key, ApiKeyChange change, ApiKey expected) {
        return waitForApiKey(key, change, expected, WaitPolicy.of());
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
        Objects.requireNonNull(key, "key");
        ApiKeyWait.requireExpected(change, expected);
        return scope().compositeCall(
                        "waitForApiKey",
                        scope -> Polling.poll(ApiKeyWait.describe(change), policy, () -> {
                                    try {
                                        return ApiKeyWait.check(
                                                change,
                                                expected,
                                                withScope(scope).get(key),
                                                null);
                                    } catch (NotFoundException e) {
                                        return ApiKeyWait.check(change, expected, null, e);
                                    }
                                })
                                .orElse(null));
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
        return waitForApiKeyAsync(key, change, expected, WaitPolicy.of());
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
    public CompletableFuture<ApiKeyInfo> waitForApiKeyAsync(
            String key, ApiKeyChange change, ApiKey expected, WaitPolicy policy) {
        Objects.requireNonNull(key, "key");
        ApiKeyWait.requireExpected(change, expected);
        return scope().compositeCallAsync(
                        "waitForApiKey",
                        scope -> Polling.pollAsync(
                                        ApiKeyWait.describe(change),
                                        policy,
                                        () -> withScope(scope).getAsync(key).handle((info, error) -> {
                                            Throwable cause = error == null ? null : Polling.unwrap(error);
                                            if (cause != null && !(cause instanceof NotFoundException)) {
                                                throw new CompletionException(cause);
                                            }
                                            return ApiKeyWait.check(change, expected, info, cause);
                                        }))
                                .thenApply(found -> found.orElse(null)));
    }
}
