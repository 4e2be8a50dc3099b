package io.quarry.core;

import io.quarry.core.internal.HttpTransport;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The base every Quarry client module builds on: it owns the transport (hosts, retries, timeouts, JSON,
 * errors, logging) and sends the module's {@link Endpoint}s. Thread-safe; close it when done.
 *
 * <pre>{@code
 * public final class InsightsClient implements AutoCloseable {
 *     static final ClientModule MODULE = ClientModule.of("Insights", InsightsClient.class,
 *             DefaultHosts.productHost("insights", ""));
 *     private final ApiClient api;
 *
 *     public InsightsClient(ClientConfig config) { this.api = ApiClient.create(config, MODULE); }
 *
 *     public EventsResponse sendEvents(EventsRequest events, RequestOptions options) {
 *         return api.request(Endpoints.SEND_EVENTS).body(events).options(options).execute(EventsResponse.class);
 *     }
 *
 *     public void close() { api.close(); }
 * }
 * }</pre>
 */
public final class ApiClient implements AutoCloseable {

    private final ClientConfig config;
    private final ClientModule module;
    private final HttpTransport transport;

    private ApiClient(ClientConfig config, ClientModule module) {
        this.config = config;
        this.module = module;
        this.transport = new HttpTransport(config, module);
    }

    /**
     * A client for a module: resolves the hosts (custom ones, else the module's defaults) and builds the
     * transport, sharing the caller's OkHttp client if the configuration names one.
     *
     * @param config the configuration
     * @param module the module's name, version and default host rule
     * @return the client
     * @throws ConfigurationException if no usable host can be resolved
     */
    public static ApiClient create(ClientConfig config, ClientModule module) {
        return new ApiClient(Objects.requireNonNull(config, "config"), Objects.requireNonNull(module, "module"));
    }

    /**
     * Starts a request to an endpoint.
     *
     * @param endpoint the endpoint
     * @return a request to fill in and execute
     */
    public ApiRequest request(Endpoint endpoint) {
        return new ApiRequest(transport, endpoint);
    }

    /**
     * Sends a request in one call, blocking.
     *
     * @param endpoint   the endpoint
     * @param pathParams placeholder name to value
     * @param query      query parameters; null values are left out
     * @param body       the JSON body, or null
     * @param type       the response type
     * @param options    per-request options, or null
     * @param <T>        the response type
     * @return the decoded value
     * @throws QuarryException on any failure
     */
    public <T> T call(Endpoint endpoint, Map<String, ?> pathParams, Map<String, ?> query, Object body,
                      Class<T> type, RequestOptions options) {
        return fill(endpoint, pathParams, query, body, options).execute(type);
    }

    /**
     * Sends a request in one call, blocking, decoding into a generic type.
     *
     * @param endpoint   the endpoint
     * @param pathParams placeholder name to value
     * @param query      query parameters; null values are left out
     * @param body       the JSON body, or null
     * @param type       the response type
     * @param options    per-request options, or null
     * @param <T>        the response type
     * @return the decoded value
     * @throws QuarryException on any failure
     */
    public <T> T call(Endpoint endpoint, Map<String, ?> pathParams, Map<String, ?> query, Object body,
                      TypeRef<T> type, RequestOptions options) {
        return fill(endpoint, pathParams, query, body, options).execute(type);
    }

    /**
     * Sends a request in one call without blocking. Cancelling the future cancels the HTTP call.
     *
     * @param endpoint   the endpoint
     * @param pathParams placeholder name to value
     * @param query      query parameters; null values are left out
     * @param body       the JSON body, or null
     * @param type       the response type
     * @param options    per-request options, or null
     * @param <T>        the response type
     * @return the future value
     */
    public <T> CompletableFuture<T> callAsync(Endpoint endpoint, Map<String, ?> pathParams, Map<String, ?> query,
                                              Object body, Class<T> type, RequestOptions options) {
        return fill(endpoint, pathParams, query, body, options).executeAsync(type);
    }

    /**
     * Sends a request in one call without blocking, decoding into a generic type.
     *
     * @param endpoint   the endpoint
     * @param pathParams placeholder name to value
     * @param query      query parameters; null values are left out
     * @param body       the JSON body, or null
     * @param type       the response type
     * @param options    per-request options, or null
     * @param <T>        the response type
     * @return the future value
     */
    public <T> CompletableFuture<T> callAsync(Endpoint endpoint, Map<String, ?> pathParams, Map<String, ?> query,
                                              Object body, TypeRef<T> type, RequestOptions options) {
        return fill(endpoint, pathParams, query, body, options).executeAsync(type);
    }

    /**
     * The configuration this client was built with.
     *
     * @return the configuration
     */
    public ClientConfig config() {
        return config;
    }

    /**
     * The module this client serves.
     *
     * @return the module
     */
    public ClientModule module() {
        return module;
    }

    /**
     * The hosts in try order, resolved when the client was built (fallbacks already shuffled).
     *
     * @return the hosts
     */
    public List<Host> hosts() {
        return transport.hosts();
    }

    /**
     * Releases the connection pool and threads this client created. A caller-supplied {@code OkHttpClient}
     * is never closed.
     */
    @Override
    public void close() {
        transport.close();
    }

    private ApiRequest fill(Endpoint endpoint, Map<String, ?> pathParams, Map<String, ?> query, Object body,
                            RequestOptions options) {
        ApiRequest request = request(endpoint).body(body).options(options);
        if (pathParams != null) {
            pathParams.forEach(request::path);
        }
        if (query != null) {
            request.query(query);
        }
        return request;
    }
}
