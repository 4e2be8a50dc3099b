package io.quarry.core.spi;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where the calls of a client view go: the shared {@link ApiClient}, the options every call of the view carries,
 * and path parameters the view fixes (an index handle fixes {@code indexName}). Immutable and cheap to derive:
 * {@link #withOptions(RequestOptions)} and {@link #withPathParameter(String, Object)} return new scopes that share
 * the client.
 */
public final class CallScope {

    private final ApiClient api;
    private final RequestOptions options;
    private final Map<String, Object> pathParameters;

    private CallScope(ApiClient api, RequestOptions options, Map<String, Object> pathParameters) {
        this.api = Objects.requireNonNull(api, "api");
        this.options = Objects.requireNonNull(options, "options");
        this.pathParameters = pathParameters;
    }

    /**
     * The scope of a whole client: no options, no fixed path parameter.
     *
     * @param api the client's transport
     * @return the scope
     */
    public static CallScope of(ApiClient api) {
        return new CallScope(api, RequestOptions.of(), Map.of());
    }

    /**
     * The same scope with more options on every call; the new ones win over the scope's.
     *
     * @param extra the options to add; null adds nothing
     * @return the derived scope
     */
    public CallScope withOptions(RequestOptions extra) {
        RequestOptions merged = options.mergedWith(extra);
        return merged == options ? this : new CallScope(api, merged, pathParameters);
    }

    /**
     * The same scope with a path parameter fixed for every call (such as the index of an index handle).
     *
     * @param name  the placeholder name in the endpoints' templates
     * @param value the value
     * @return the derived scope
     */
    public CallScope withPathParameter(String name, Object value) {
        Map<String, Object> fixed = new LinkedHashMap<>(pathParameters);
        fixed.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, name));
        return new CallScope(api, options, Map.copyOf(fixed));
    }

    /**
     * Starts a request to an endpoint with the scope's options and fixed path parameters applied; the caller adds
     * the call's own parameters and body, then executes it.
     *
     * @param endpoint the endpoint
     * @return the request
     */
    public ApiRequest request(Endpoint endpoint) {
        return api.request(endpoint).options(options).paths(pathParameters);
    }

    /**
     * A path parameter this scope fixes.
     *
     * @param name the placeholder name
     * @return its value, or null when the scope does not fix it
     */
    public Object pathParameter(String name) {
        return pathParameters.get(name);
    }

    /**
     * The options every call of this scope carries.
     *
     * @return the options
     */
    public RequestOptions options() {
        return options;
    }

    /**
     * The shared transport.
     *
     * @return the client
     */
    public ApiClient api() {
        return api;
    }
}
