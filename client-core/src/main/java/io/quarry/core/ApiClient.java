package io.quarry.core;

import io.quarry.core.internal.ClassPathCheck;
import io.quarry.core.internal.CoreBridge;
import io.quarry.core.internal.HttpTransport;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The base every Quarry client module builds on: it owns the transport (hosts, retries, timeouts, JSON,
 * errors, logging) and sends the module's {@link Endpoint}s. Thread-safe; close it when done.
 *
 * <p>A module's entry point creates one and hands it to a {@link io.quarry.core.spi.CallScope}; its calls start
 * from that scope, so that views made by {@code withOptions} carry their options into every request:
 * <pre>{@code
 * public final class InsightsClient extends ClientHandle<InsightsClient> {
 *     private static final ClientModule MODULE =
 *             ClientModule.of("Insights", InsightsClient.class, DefaultHosts.productHost("insights", ""));
 *     private static final Endpoint SEND_EVENTS = Endpoint.write("send", "POST", "/1/events");
 *
 *     private InsightsClient(CallScope scope, Connections connections) {
 *         super(scope, connections);
 *     }
 *
 *     public static InsightsClient create(ClientConfig config) {
 *         return new InsightsClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED);
 *     }
 *
 *     protected InsightsClient withScope(CallScope scope) {
 *         return new InsightsClient(scope, Connections.SHARED); // a view: shares the connections, closing it does nothing
 *     }
 *
 *     public EventsResponse send(List<InsightsEvent> events) {
 *         return sendRequest(events).execute(EventsResponse.class);
 *     }
 *
 *     public CompletableFuture<EventsResponse> sendAsync(List<InsightsEvent> events) {
 *         return sendRequest(events).executeAsync(EventsResponse.class);
 *     }
 *
 *     private ApiRequest sendRequest(List<InsightsEvent> events) {
 *         return scope().request(SEND_EVENTS).body(JsonBodies.object("events", events));
 *     }
 * }
 * }</pre>
 * {@link io.quarry.core.spi.ClientHandle#close()} closes the {@code ApiClient} of the client that created it.
 */
public final class ApiClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ApiClient.class);

    private final ClientConfig config;
    private final ClientModule module;
    private final HttpTransport transport;
    /** What {@link #onClose(AutoCloseable)} registered, closed first by {@link #close()}; guarded by itself. */
    private final Set<AutoCloseable> dependents = new LinkedHashSet<>();
    /** Set by {@link #close()} before it looks at {@link #dependents}; guarded by {@code dependents}. */
    private boolean closing;

    static {
        CoreBridge.composites(client -> ((ApiClient) client).transport.admitComposite());
    }

    private ApiClient(ClientConfig config, ClientModule module) {
        ClassPathCheck.requireCompatible();
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
     * @throws ConfigurationException if no usable host can be resolved, or if a library Quarry needs is older
     *     than it supports (the message names the artifact, the version found and the fix)
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
     * Whether this client, writing a typed record in a request body, surely writes a non-null top-level
     * {@code objectID} of the record's own, as its JSON mapping (the record mapper's, if any) writes the record's
     * class. Found without serialising the record: true only for a plain class (a bean or a Java record) whose
     * {@code objectID} property holds a value and is written whenever it is not null; false whenever something
     * could leave that member out (inclusion rules other than leaving nulls out, views, filters, type information,
     * a serializer of the class's own, ...), and for maps and {@link FreeFormRecord}s, whose members are looked at
     * directly.
     *
     * @param record the record
     * @return true if the record is surely written with its own objectID
     */
    public boolean writesOwnObjectID(Object record) {
        return transport.writesOwnObjectID(Objects.requireNonNull(record, "record"));
    }

    /**
     * Serialises a value now, as this client writes it in a request body (a record through the record mapper when
     * the configuration has one), so a module can measure it, or hold its bytes instead of the caller's object,
     * before a request takes it as part of its body.
     *
     * @param value the value (a record, a map, a {@link FreeFormRecord}, ...)
     * @return the value's JSON, written into a body as it is
     * @throws InvalidRequestException if the value cannot be serialised
     */
    public PreparedJson prepare(Object value) {
        return new PreparedJson(transport.writeJson(Objects.requireNonNull(value, "value")));
    }

    /**
     * Has something built on this client, such as a long-lived writer, closed when this client closes: first,
     * while calls can still be made, so it can send what it holds and wait for it. Registered resources are closed
     * one after another; one that throws is logged and the others are still closed. A resource registered once
     * {@link #close()} has begun is closed at once, on the calling thread, before this method returns: nothing
     * registered with a closing client outlives it.
     *
     * @param resource what to close with this client
     * @return removes the registration; call it when the resource is closed on its own, so this client does not
     *     keep it
     */
    public Runnable onClose(AutoCloseable resource) {
        Objects.requireNonNull(resource, "resource");
        boolean late;
        synchronized (dependents) {
            late = closing;
            if (!late) {
                dependents.add(resource);
            }
        }
        if (late) {
            // close() has taken its list already: a wait registering now would otherwise sleep out its delay
            closeDependent(resource);
        }
        return () -> {
            synchronized (dependents) {
                dependents.remove(resource);
            }
        };
    }

    /**
     * Closes what {@link #onClose(AutoCloseable)} registered, lets the calls in flight end, then ends every call left
     * and releases the connection pool and threads this client created. A caller-supplied {@code OkHttpClient} is
     * never closed. In order:
     * <ol>
     *   <li>registered resources are closed while calls can still be made: an ingester sends what it holds and
     *       waits for it; every wait the caller asked for (a {@code waitFor...} helper, the wait of a
     *       {@code ...AndWait} helper) is no longer waited out: it fails at once with a
     *       {@link ClientClosedException}, between two checks or with a check in flight, whose call is cancelled (a
     *       wait delivers nothing, so its check is not given the close timeout);</li>
     *   <li>new calls are refused: they fail at once with a {@link ClientClosedException}, not sent;</li>
     *   <li>the calls already made (queued, connecting, sent, or waiting to try again) are given up to the
     *       configuration's {@link ClientConfig#closeTimeout() close timeout}, 5 seconds by default, to end as they
     *       would have: an asynchronous call whose future nobody reads, such as an event sent and forgotten, is
     *       delivered. A helper's call of several requests made before (a send or a save of several chunks, an
     *       asynchronous read of every record, a replacement of every record) is one call in flight: its later
     *       requests are still sent meanwhile, so that it is not cut between two of them. A wait among its steps is
     *       part of it and goes on too (a replacement waiting for its temporary index's tasks before it moves it
     *       over the index, a save asked to wait for its chunks' tasks): unlike a wait the caller asked for, it
     *       ends, with a {@link ClientClosedException}, only once the close timeout has passed. Such a call made
     *       once {@code close()} has begun is refused. Two exceptions:
     *       <ul>
     *         <li>a {@code close()} made from inside such a call, by code it runs (a chunk listener of a save,
     *             between two chunks or as one is acknowledged), does not wait for that call, which cannot end
     *             before {@code close()} returns, nor for another such call of this client the code runs inside: it
     *             waits for the client's other calls, and those calls' later requests are refused. A
     *             {@code close()} chained on a call's future ({@code saveObjectsAsync(records).thenRun(client::close)})
     *             does not wait for that call either, whether it ended or was cancelled;</li>
     *         <li>a lazy paged read (a {@link PagedIterable} the caller iterates) is not one call in flight: only
     *             the request of the page being fetched is. The caller decides when, and whether, it asks for the
     *             next page, so an iterator left unfinished would otherwise hold {@code close()} for the whole close
     *             timeout; a page asked for once {@code close()} has begun is refused.</li>
     *       </ul>
     *       </li>
     *   <li>every call still running then, blocking or asynchronous, is cancelled and fails with a
     *       {@link ClientClosedException}. Its message says which: a call cancelled before any request of it went out
     *       (waiting for a free sender, looking up the host, connecting) was not applied, and may be sent again on
     *       another client; one cancelled once a request of it had gone out (waiting for the answer, or to try again)
     *       lost its answer, and a write may have been applied.</li>
     * </ol>
     * So {@code close()} returns once the calls in flight have ended, and at the latest after the close timeout
     * (plus the time the registered resources take): a dead host holds an application's shutdown no longer than
     * that. With a close timeout of {@link java.time.Duration#ZERO zero}, calls in flight are cancelled at once; to
     * be sure an asynchronous call is delivered then, wait for its future before closing. An interrupt of the closing
     * thread ends the wait: what is left is cancelled, and the thread's interrupt flag stays set.
     */
    @Override
    public void close() {
        List<AutoCloseable> registered;
        synchronized (dependents) {
            closing = true;
            registered = List.copyOf(dependents);
            dependents.clear();
        }
        for (AutoCloseable dependent : registered) {
            closeDependent(dependent);
        }
        transport.close();
    }

    private static void closeDependent(AutoCloseable dependent) {
        try {
            dependent.close();
        } catch (Exception e) {
            LOG.warn("closing {} with its client failed", dependent, e);
        }
    }
}
