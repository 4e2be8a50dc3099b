package io.quarry.search;

import io.quarry.core.RequestOptions;
import io.quarry.search.internal.ApiKeyCalls;
import io.quarry.search.internal.Scope;

/**
 * The API keys limited to one index: create, update, list, read, delete (the calls of {@link KeyManagement}).
 * Obtained from {@link SearchIndex#apiKeys()}; cheap, immutable and thread-safe. Application-wide keys are on
 * {@link SearchClient#apiKeys()}.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Every call needs the admin key. On
 * {@link #update(String, io.quarry.search.model.ApiKey) update}, the service answers success even for an unknown
 * key.
 */
public final class IndexApiKeys extends KeyManagement {

    IndexApiKeys(Scope calls) {
        super(new ApiKeyCalls(calls, Endpoints.ADD_INDEX_API_KEY, Endpoints.UPDATE_INDEX_API_KEY,
                Endpoints.LIST_INDEX_API_KEYS, Endpoints.GET_INDEX_API_KEY, Endpoints.DELETE_INDEX_API_KEY));
    }
}
