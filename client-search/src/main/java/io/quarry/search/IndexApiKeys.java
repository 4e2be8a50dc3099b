package io.quarry.search;

import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.search.internal.ApiKeyCalls;

/**
 * The API keys limited to one index: create, update, list, read, delete (the calls of {@link KeyManagement}).
 * Obtained from {@link SearchIndex#apiKeys()}; cheap, immutable and thread-safe. Application-wide keys are on
 * {@link SearchClient#apiKeys()}.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Every call needs the admin key. On
 * {@link #update(String, io.quarry.search.model.ApiKey) update}, the service answers success even for an unknown
 * key.
 */
public final class IndexApiKeys extends KeyManagement<IndexApiKeys> {

    private static final ApiKeyCalls.Routes ROUTES = new ApiKeyCalls.Routes(
            Endpoints.ADD_INDEX_API_KEY,
            Endpoints.UPDATE_INDEX_API_KEY,
            Endpoints.LIST_INDEX_API_KEYS,
            Endpoints.GET_INDEX_API_KEY,
            Endpoints.DELETE_INDEX_API_KEY);

    IndexApiKeys(CallScope scope) {
        super(scope, ROUTES);
    }

    @Override
    protected IndexApiKeys withScope(CallScope scope) {
        return new IndexApiKeys(scope);
    }
}
