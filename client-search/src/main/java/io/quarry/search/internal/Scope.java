package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import java.util.Objects;

/**
 * Where the calls of a client view or an index handle go: the shared {@link ApiClient}, the options every call
 * of the view carries (such as a mapped user's header), and for an index, its name. Immutable.
 */
public final class Scope {

    private final ApiClient api;
    private final RequestOptions defaults;
    private final String indexName;

    private Scope(ApiClient api, RequestOptions defaults, String indexName) {
        this.api = Objects.requireNonNull(api, "api");
        this.defaults = Objects.requireNonNull(defaults, "defaults");
        this.indexName = indexName;
    }

    /**
     * The scope of a whole client.
     *
     * @param api      the client's transport
     * @param defaults options every call carries
     * @return the scope
     */
    public static Scope of(ApiClient api, RequestOptions defaults) {
        return new Scope(api, defaults, null);
    }

    /**
     * The same client with more options on every call, the extra ones winning.
     *
     * @param extra the options to add
     * @return the scope
     */
    public Scope withOptions(RequestOptions extra) {
        return new Scope(api, RequestOptionsMerge.merge(defaults, extra), indexName);
    }

    /**
     * One index of the same client, with the same options.
     *
     * @param name the index name
     * @return the scope
     */
    public Scope forIndex(String name) {
        return new Scope(api, defaults, Objects.requireNonNull(name, "indexName"));
    }

    /**
     * Starts a request: the call's options over the scope's, and {@code indexName} filled in for an index.
     *
     * @param endpoint the endpoint
     * @param options  the call's options, or null
     * @return the request to complete and execute
     */
    public ApiRequest request(Endpoint endpoint, RequestOptions options) {
        ApiRequest request = api.request(endpoint).options(RequestOptionsMerge.merge(defaults, options));
        return indexName == null ? request : request.path("indexName", indexName);
    }

    /** @return the index name, or null for a client scope */
    public String indexName() {
        return indexName;
    }

    /** @return the shared transport */
    public ApiClient api() {
        return api;
    }
}
