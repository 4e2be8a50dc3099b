package io.quarry.core.internal;

import io.quarry.core.ApiException;
import io.quarry.core.ApiResponse;
import io.quarry.core.CallType;
import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.ConfigurationException;
import io.quarry.core.DeserializationException;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.QuarryException;
import io.quarry.core.RateLimitException;
import io.quarry.core.RequestCompression;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.TransportException;
import io.quarry.core.UnreachableHostsException;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ContextScope;
import io.quarry.core.spi.TimedSteps;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.Type;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.ConnectionSpec;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends prepared requests over OkHttp following the {@link RetryStrategy}: one try per host, the host's
 * grown timeout applied to the socket, the typed error of a 4xx answer at once, and one
 * {@link UnreachableHostsException} when every host failed. The async form runs each try on the client's own
 * threads ({@link AsyncSender}) and chains the next try from there, so no thread waits between tries (a rate-limit
 * pause included); cancelling its future cancels the OkHttp call.
 */
public final class HttpTransport implements AutoCloseable {

    /** Tries of async calls a client runs at once before queueing the next ones. */
    static final int MAX_ASYNC_CALLS = 128;

    /**
     * Idle connections a client's own pool keeps, as many as it runs async tries at once. OkHttp's default pool
     * keeps 5: a client running more calls at once than that closed a connection as each call ended and opened
     * another for the next (a TCP and, to the service, a TLS handshake): 7% more CPU per search with 8 in flight.
     */
    static final int IDLE_CONNECTIONS = MAX_ASYNC_CALLS;

    /** How long an idle connection is kept: OkHttp's default. */
    static final Duration IDLE_CONNECTION_KEPT = Duration.ofMinutes(5);

    private final ClientConfig config;
    private final OkHttpClient http;
    private final boolean ownsClient;
    private final RetryStrategy strategy;
    /** The headers every request carries (Accept, User-Agent, defaults, credentials), built once. */
    private final Headers fixedHeaders;

    private final Redactor redactor;
    private final HttpLog log;
    /** The JSON of a client given a record mapper; null otherwise, and {@link Json} is used as always. */
    private final RecordMapperJson recordMapper;

    private final List<Host> hosts;
    /** The URL of each try, each host parsed once and each path's URL built once. */
    private final HostUrls urls;
    /** Calls in flight with their try's tag: cancelled by {@link #close()}; the interceptors read the tags. */
    private final Map<Call, AttemptTag> inFlight = new java.util.concurrent.ConcurrentHashMap<>();
    /** Runs asynchronous calls' tries on this client's own threads. */
    private final AsyncSender sender = new AsyncSender(MAX_ASYNC_CALLS);
    /** The calls made and not yet ended, which {@link #close()} gives the configured time to end. */
    private final CallsInFlight calls = new CallsInFlight();

    /** Set once {@link #close()} stops waiting for the calls in flight: what is left is cancelled. */
    private volatile boolean closed;
    /** Released by {@link #close()}: wakes the calls waiting for a new round. */
    private final java.util.concurrent.CountDownLatch closedSignal = new java.util.concurrent.CountDownLatch(1);
    /**
     * The asynchronous calls' scheduled next steps (a new round, a try after a rate limit's wait): run at once by
     * {@link #close()}, so such a call fails as closed then rather than when its wait would have passed.
     */
    private final Set<Runnable> waiting = ConcurrentHashMap.newKeySet();

    /**
     * {@link #http} without a connection pool, made on the first resend of a caller's client
     * ({@link CallRun#sendOnNewConnection}); null until then.
     */
    private volatile OkHttpClient unpooled;

    /** The registered observer, or null: then no call allocates anything for observation. */
    private final CallObserver observer;
    /** The product name observers see, such as {@code search}; null without an observer. */
    private final String product;

    /**
     * @param config the client configuration
     * @param module the module using the transport
     * @throws ConfigurationException if no host can be resolved
     */
    public HttpTransport(ClientConfig config, ClientModule module) {
        this.config = config;
        this.hosts = config.resolveHosts(module.defaultHosts());
        this.strategy = new RetryStrategy(hosts, config.clock(), config.hostDownTtl());
        this.urls = new HostUrls(hosts);
        this.ownsClient = config.httpClient().isEmpty();
        this.http = buildClient(config, hosts, inFlight);
        AttemptLimits.watch(inFlight);
        java.util.LinkedHashMap<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("Accept", "application/json");
        headers.put("User-Agent", UserAgent.of(module, config.userAgentSegments()));
        headers.putAll(config.defaultHeaders());
        headers.putAll(config.credentials().headers());
        Headers.Builder fixed = new Headers.Builder();
        // plain loops and ifs on the creation path: each lambda costs a class spun at run time on a cold start
        for (Map.Entry<String, String> header : headers.entrySet()) {
            fixed.set(header.getKey(), header.getValue());
        }
        this.fixedHeaders = fixed.build();
        this.redactor = new Redactor(config.credentials());
        JsonMapper callersMapper = config.recordMapper().orElse(null);
        this.recordMapper = callersMapper == null ? null : new RecordMapperJson(callersMapper);
        this.log = new HttpLog(config.logLevel(), redactor, recordMapper);
        this.observer = config.callObserver().orElse(null);
        // without an observer, the observation classes are never loaded
        this.product = observer == null ? null : CallObservation.productOf(module);
    }

    /**
     * The hosts in try order, as resolved when the client was built.
     *
     * @return the hosts
     */
    public List<Host> hosts() {
        return hosts;
    }

    /**
     * Whether this transport, writing a typed record in a request body, surely writes a non-null top-level
     * {@code objectID} of the record's own (with the record mapper, if the client has one).
     *
     * @param record the record
     * @return true if it surely does; false when it does not or may not, and for maps and {@code FreeFormRecord}s
     */
    public boolean writesOwnObjectID(Object record) {
        return recordMapper != null ? recordMapper.writesOwnObjectID(record) : Json.writesOwnObjectID(record);
    }

    /**
     * A value as this client writes it in a request body: the record mapper's JSON for the caller's classes when
     * there is one, else the SDK's.
     *
     * @param value the value
     * @return its UTF-8 JSON
     * @throws io.quarry.core.InvalidRequestException if the value cannot be serialised
     */
    public byte[] writeJson(Object value) {
        ScratchBytes out = ScratchBytes.take();
        try {
            if (recordMapper == null) {
                Json.write(value, out);
            } else {
                recordMapper.write(value, out);
            }
            return out.toByteArray();
        } catch (tools.jackson.core.JacksonException e) {
            throw JsonFailures.writing(e);
        } finally {
            out.done();
        }
    }

    /**
     * The shared host states (exposed for tests and diagnostics).
     *
     * @return the strategy
     */
    public RetryStrategy strategy() {
        return strategy;
    }

    /**
     * Sends a request, blocking until it succeeds or fails.
     *
     * @param request the request
     * @param type    the response type
     * @param <T>     the response type
     * @return the decoded response
     */
    @SuppressWarnings("try") // the scope only makes a context current
    public <T> ApiResponse<T> execute(PreparedRequest request, Type type) {
        if (observer == null) {
            return executeTries(request, type, null);
        }
        CallObservation observation = CallObservation.start(observer, CallObservation.describe(product, request));
        ApiResponse<T> response;
        try (ContextScope inCall = observation.openCallContext()) {
            response = executeTries(request, type, observation);
        } catch (RuntimeException e) {
            observation.ended(e, 0);
            throw e;
        }
        observation.ended(null, response.statusCode());
        return response;
    }

    private <T> ApiResponse<T> executeTries(PreparedRequest request, Type type, CallObservation observation) {
        if (!calls.enter(request.admission())) {
            throw refused(request);
        }
        CallRun<T> run = null;
        try {
            run = new CallRun<>(request, type, observation);
            run.joinWaitCheck();
            while (true) {
                ApiResponse<T> response = executeRound(run);
                if (response != null) {
                    return response;
                }
                long wait = run.nextRoundWait();
                if (wait == OutageRounds.NO_ROUND) {
                    throw run.exhausted();
                }
                waitForRound(wait, run);
                run.startRound();
            }
        } finally {
            if (run != null) {
                run.leaveWaitCheck();
            }
            calls.leave();
        }
    }

    /** The error of a call made once {@link #close()} has begun: it was not sent. */
    private static ClientClosedException refused(PreparedRequest request) {
        return new ClientClosedException(
                "the client is closed: " + request.endpoint().method() + " " + request.logPath() + " was not sent");
    }

    /** Tries the hosts of one round in turn: the response, or null when every host failed it. */
    private <T> ApiResponse<T> executeRound(CallRun<T> run) {
        Host host;
        while ((host = run.nextHost()) != null) {
            long start = System.nanoTime();
            Call call = run.newCall(host);
            TryResult<T> result;
            try (Response response = call.execute()) {
                result = run.onResponse(host, response, start);
            } catch (IOException e) {
                result = run.onFailure(host, e, start);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                result = run.onFailure(host, undeclared(e), start);
            } finally {
                run.tryDone(call);
            }
            run.tryEnded(host, result);
            if (result instanceof TryResult.Done<T> done) {
                return done.response();
            }
            if (result instanceof TryResult.Failed<T> failed) {
                throw failed.error();
            }
            if (result instanceof TryResult.WaitThenRetry<T> wait) {
                sleep(wait.delay(), wait.error(), run);
                run.retryLast();
            }
            if (result instanceof TryResult.Again<T>) {
                run.retryLast();
            }
        }
        return null;
    }

    /**
     * A checked exception OkHttp's call threw without declaring it, as the I/O failure it stands for. OkHttp waits
     * for a new connection in a way that throws {@link InterruptedException} when the thread is interrupted (and
     * clears the thread's interrupt flag, which is set again here): that is an interrupted exchange, as an
     * interrupted read is.
     */
    static IOException undeclared(Exception e) {
        IOException failure;
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            failure = new InterruptedIOException("interrupted while waiting for a connection");
        } else {
            failure = new IOException("the HTTP call failed: " + e.getClass().getName());
        }
        failure.initCause(e);
        return failure;
    }

    /**
     * Waits before a new round on the caller's thread; woken early by {@link #close()}, or by the end of the wait
     * whose check the call is (the round's first try then fails as closed). An interrupt ends the call with what it
     * tried so far.
     */
    private void waitForRound(long nanos, CallRun<?> run) {
        try {
            pause(nanos, run);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw run.exhausted();
        }
    }

    /**
     * Counts a composite call in as one call in flight: {@link #close()} gives it the close timeout to end, and its
     * requests, carrying the admission, are accepted until then.
     *
     * @return the admission, to end once the composite call has ended; null once {@link #close()} has begun
     */
    public CompositeAdmission admitComposite() {
        return calls.admitComposite();
    }

    /** {@return whether {@link #close()} was called} */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Sends a request without blocking. Cancelling the returned future cancels the HTTP call in flight.
     *
     * @param request the request
     * @param type    the response type
     * @param <T>     the response type
     * @return the future response
     */
    @SuppressWarnings("try") // the scope only makes a context current
    public <T> CompletableFuture<ApiResponse<T>> executeAsync(PreparedRequest request, Type type) {
        if (observer == null) {
            return executeTriesAsync(request, type, null);
        }
        CallObservation observation = CallObservation.start(observer, CallObservation.describe(product, request));
        CompletableFuture<ApiResponse<T>> inner;
        try (ContextScope inCall = observation.openCallContext()) {
            inner = executeTriesAsync(request, type, observation);
        }
        return observation.endWhenDone(inner, ApiResponse::statusCode);
    }

    private <T> CompletableFuture<ApiResponse<T>> executeTriesAsync(
            PreparedRequest request, Type type, CallObservation observation) {
        if (!calls.enter(request.admission())) {
            return CompletableFuture.failedFuture(refused(request));
        }
        CallFuture<ApiResponse<T>> future = new CallFuture<>(calls, request.admission());
        CallRun<T> callRun;
        try {
            callRun = new CallRun<>(request, type, observation);
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return future;
        }
        if (callRun.joinWaitCheck()) {
            future.whenComplete((response, error) -> callRun.leaveWaitCheck());
        }
        new AsyncRun<>(callRun, future).next();
        return future;
    }

    /**
     * The future of an asynchronous call: cancelling it cancels the try in flight, and its first completion, however
     * it comes, counts the call out of {@link #calls}. Both are done by overriding rather than by a completion stage,
     * which every call would pay for.
     */
    private static final class CallFuture<V> extends CompletableFuture<V> {
        @SuppressWarnings("rawtypes") // a field updater is made for the class, not for one of its parameterisations
        private static final AtomicIntegerFieldUpdater<CallFuture> ENDED =
                AtomicIntegerFieldUpdater.newUpdater(CallFuture.class, "ended");

        /** The try in flight, if any. */
        final AtomicReference<Call> current = new AtomicReference<>();

        private final CallsInFlight calls;
        /**
         * The composite call the request is part of, or null: its continuations run inside it, so a close() they make
         * does not wait for that composite call.
         */
        private final CompositeAdmission admission;
        /** 1 once the call was counted out. */
        private volatile int ended;

        CallFuture(CallsInFlight calls, CompositeAdmission admission) {
            this.calls = calls;
            this.admission = admission;
        }

        @Override
        public boolean complete(V value) {
            countOut();
            return admission == null ? super.complete(value) : admission.runOnThisThread(() -> super.complete(value));
        }

        @Override
        public boolean completeExceptionally(Throwable error) {
            countOut();
            return admission == null
                    ? super.completeExceptionally(error)
                    : admission.runOnThisThread(() -> super.completeExceptionally(error));
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            countOut();
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            Call call = current.get();
            if (cancelled && call != null) {
                call.cancel();
            }
            return cancelled;
        }

        /**
         * Counts the call out before its future completes, so that a continuation closing the client does not wait
         * for the very call it continues; once, whichever completion comes first (the call's own, or the caller's).
         */
        private void countOut() {
            if (ended == 0 && ENDED.compareAndSet(this, 0, 1)) {
                calls.leave();
            }
        }
    }

    /**
     * Refuses later calls, waits up to the configured {@link ClientConfig#closeTimeout()} for the calls already made
     * to end as they would have, then cancels every call still in flight and every asynchronous call waiting for its
     * next try (they fail with a {@link ClientClosedException}), lets the async threads end, and releases the
     * connection pool this transport created; a caller-supplied client is left alone. With a close timeout of zero
     * nothing is waited for, nor by a second close once the first has cancelled what was left.
     */
    @Override
    public void close() {
        calls.refuseAndAwait(closed ? Duration.ZERO : config.closeTimeout());
        closed = true;
        closedSignal.countDown();
        for (Call call : inFlight.keySet()) {
            call.cancel();
        }
        for (Runnable step : waiting) {
            // on the pool the wait would have run it on, not on the closing thread
            TimedSteps.now().execute(step);
        }
        sender.close();
        AttemptLimits.forget(inFlight);
        if (ownsClient) {
            http.connectionPool().evictAll();
        }
    }

    private static OkHttpClient buildClient(ClientConfig config, List<Host> hosts, Map<Call, AttemptTag> tags) {
        OkHttpClient base = config.httpClient().orElse(null);
        OkHttpClient.Builder builder = base != null ? base.newBuilder() : new OkHttpClient.Builder();
        builder.retryOnConnectionFailure(false)
                .followRedirects(false)
                .followSslRedirects(false)
                .socketFactory(new NoDelaySocketFactory(
                        base != null ? base.socketFactory() : javax.net.SocketFactory.getDefault()))
                .dns(new BoundedDns(base != null ? base.dns() : okhttp3.Dns.SYSTEM, config.connectTimeout()))
                .connectTimeout(AttemptTag.millis(config.connectTimeout()), TimeUnit.MILLISECONDS)
                // each attempt sets its own timeouts (AttemptTag); these defaults are a read call's, so a search,
                // the hot path, needs no adjusted interceptor chain (a read call sends with its read timeout)
                .readTimeout(AttemptTag.millis(config.readTimeout()), TimeUnit.MILLISECONDS)
                .writeTimeout(AttemptTag.millis(config.readTimeout()), TimeUnit.MILLISECONDS)
                .addInterceptor(AttemptTag.timeouts(tags))
                .addNetworkInterceptor(AttemptTag.sendMark(tags));
        // new connections are told apart from pooled ones (AttemptTag.onReusedConnection); body sizes are counted for
        // observers only; the caller's own listeners, if any, still hear every event
        builder.eventListenerFactory(AttemptTag.events(
                tags, config.callObserver().isPresent(), base != null ? base.eventListenerFactory() : null));
        Proxy proxy = config.proxy().orElse(null);
        if (proxy != null) {
            builder.proxy(proxy);
        }
        X509TrustManager trust = config.trustManager().orElse(null);
        if (trust != null) {
            builder.sslSocketFactory(socketFactoryTrusting(trust), trust);
        }
        if (base == null) {
            builder.connectionPool(
                    new ConnectionPool(IDLE_CONNECTIONS, IDLE_CONNECTION_KEPT.toMillis(), TimeUnit.MILLISECONDS));
        }
        if (base == null && trust == null && everyHostIsPlainHttp(hosts)) {
            // no TLS connection can be made (redirects are not followed): without a TLS connection spec, OkHttp
            // skips loading the JDK's trust store and setting up TLS, a fifth of a first call against a local server
            builder.connectionSpecs(List.of(ConnectionSpec.CLEARTEXT));
        }
        return builder.build();
    }

    private static boolean everyHostIsPlainHttp(List<Host> hosts) {
        for (Host host : hosts) {
            if (!host.scheme().equals("http")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The client for a try that must open a connection of its own: {@link #http} with a pool that keeps none, so its
     * every call connects anew and its connection is closed once the call ends. The caller's pool, shared with their
     * own code, is left as it is.
     */
    private OkHttpClient unpooled() {
        OkHttpClient client = unpooled;
        if (client == null) {
            // two racing calls may each build one: either serves
            client = http.newBuilder()
                    .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
                    .build();
            unpooled = client;
        }
        return client;
    }

    /** {@return the OkHttp client calls go through (for tests)} */
    OkHttpClient httpClient() {
        return http;
    }

    private static SSLSocketFactory socketFactoryTrusting(X509TrustManager trust) {
        try {
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, new TrustManager[] {trust}, null);
            return tls.getSocketFactory();
        } catch (GeneralSecurityException e) {
            throw new ConfigurationException(
                    "the JDK cannot set up TLS with the given trust manager: " + e.getMessage());
        }
    }

    /**
     * Waits for a rate limit's reset on the caller's thread; woken early by {@link #close()}, or by the end of the
     * wait whose check the call is (the retry then fails as closed). An interrupt ends the call with the 429.
     */
    private void sleep(Duration delay, RateLimitException error, CallRun<?> run) {
        try {
            pause(Nanos.of(delay), run);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw error;
        }
    }

    /**
     * Waits on the caller's thread until the time has passed or the client closes; for the check of a helper's wait,
     * also until that wait ends, which would otherwise leave the check counted in flight for the close timeout.
     */
    private void pause(long nanos, CallRun<?> run) throws InterruptedException {
        if (run.waitCheck == null) {
            closedSignal.await(nanos, TimeUnit.NANOSECONDS);
            return;
        }
        java.util.concurrent.CountDownLatch woken = new java.util.concurrent.CountDownLatch(1);
        Runnable wake = woken::countDown;
        run.wakeWait = wake;
        waiting.add(wake); // close() runs it, as an asynchronous call's next step
        try {
            // the wait may have ended, or close() may have swept, before the wake was set
            if (!run.cancelledAsClosed()) {
                woken.await(nanos, TimeUnit.NANOSECONDS);
            }
        } finally {
            waiting.remove(wake);
            run.wakeWait = null;
        }
    }

    /** Carries the size-limit error out of the body reading, which otherwise fails with I/O errors. */
    private static final class ResponseTooLarge extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient DeserializationException error;

        ResponseTooLarge(DeserializationException error) {
            super(error.getMessage());
            this.error = error;
        }
    }

    /** What one try led to. */
    private sealed interface TryResult<T> {
        record Done<T>(ApiResponse<T> response) implements TryResult<T> {}

        record Failed<T>(QuarryException error) implements TryResult<T> {}

        record Next<T>() implements TryResult<T> {}

        record WaitThenRetry<T>(Duration delay, RateLimitException error) implements TryResult<T> {}

        /** The same host again at once, on a new connection: the try's connection had been closed while idle. */
        record Again<T>() implements TryResult<T> {}
    }

    /** The state of one call across its tries; used by one thread at a time. */
    private final class CallRun<T> {
        private final PreparedRequest request;
        private final Type type;
        /**
         * The hosts of this round in try order, and the index of the next one: the strategy's own list when no
         * host is down (a call that succeeds copies none).
         */
        private List<Host> order;

        private int next;
        private final List<UnreachableHostsException.Attempt> attempts = new ArrayList<>();
        private final List<String> extraSecrets;
        private final Duration baseConnect;
        private final Duration baseResponse;
        private final Duration attemptTimeout;
        private final Duration deadline;
        private final long deadlineAt;
        /** Whether the caller opted in to repeating writes not safe to repeat. */
        private final boolean repeatsUnsafeWrites;

        private AttemptTag attemptTag;
        /** The body of the try in flight, if it has one, until the try ends. */
        private JsonRequestBody tryBody;
        /** The future of an asynchronous call, or null for a blocking one. */
        private volatile Future<?> asyncFuture;
        /** The check of a helper's wait this call is made for, or null (see {@link WaitCheck}). */
        private final WaitCheck waitCheck = WaitCheck.current();
        /** Cancels the try in flight when the wait ends; null outside a wait's check. */
        private final Runnable cancelTry = waitCheck == null ? null : this::cancelTry;
        /** The try in flight, for {@link #cancelTry}. */
        private volatile Call currentTry;
        /** Ends the call's wait for its next round or try early, for {@link #cancelTry}; null when not waiting. */
        private volatile Runnable wakeWait;

        private boolean rateLimitRetried;
        /** Whether a request that met a connection closed while idle was sent again ({@link #metClosedConnection}). */
        private boolean resentOnNewConnection;
        /** Whether the next try must open a connection of its own, as a caller's pool was not emptied for it. */
        private boolean connectAnew;
        /** Whether the try in flight got an answer's head (its body may still fail). */
        private boolean answered;
        /** Whether a try before the current one may have sent its request. */
        private boolean sentBefore;

        private int tries;
        /** The call's observation, or null when no observer is registered. */
        private final CallObservation observation;
        /** The status of the current try's answer, and the request ID it carried (kept for an observer only). */
        private int tryStatus;

        private String tryRequestId;

        /** When the call started, in {@link System#nanoTime()} terms. */
        private final long startNanos;
        /** The call's rounds once its first round failed; null before (a call that succeeds never makes it). */
        private OutageRounds rounds;
        /** The longest wait a host asked for in this round ({@code Retry-After} of a 429 or 503), or 0. */
        private long askedNanos;

        CallRun(PreparedRequest request, Type type, CallObservation observation) {
            this.observation = observation;
            this.request = request;
            this.type = type;
            CallType callType = request.endpoint().callType();
            this.order = roundOrder(callType);
            if (order.isEmpty()) {
                throw new ConfigurationException("no configured host serves " + callType + " calls");
            }
            RequestOptions options = request.options();
            String forwardedKey = options.headers().get(RequestOptions.FORWARDED_API_KEY_HEADER);
            this.extraSecrets = forwardedKey == null ? List.of() : List.of(forwardedKey);
            this.baseConnect = options.connectTimeout().orElse(config.connectTimeout());
            this.baseResponse = callType == CallType.READ
                    ? options.readTimeout().orElse(config.readTimeout())
                    : options.writeTimeout().orElse(config.writeTimeout());
            Duration attempt = options.attemptTimeout().orElse(null);
            this.attemptTimeout =
                    attempt != null ? attempt : config.attemptTimeout().orElse(null);
            this.deadline = options.callDeadline().orElse(config.callDeadline());
            this.startNanos = System.nanoTime();
            this.deadlineAt = Nanos.saturatedAdd(startNanos, Nanos.of(deadline));
            this.repeatsUnsafeWrites = options.retriesNonIdempotentWrites();
        }

        /**
         * Joins the wait's check the call is made for, if any, to be cancelled when the wait ends.
         *
         * @return whether it joined one; {@link #leaveWaitCheck()} must then follow once the call ends
         */
        boolean joinWaitCheck() {
            if (waitCheck == null) {
                return false;
            }
            waitCheck.watch(cancelTry);
            return true;
        }

        void leaveWaitCheck() {
            if (waitCheck != null) {
                waitCheck.unwatch(cancelTry);
            }
        }

        /** Ends the call as its wait's check: cancels the try in flight, or wakes its wait for the next one. */
        private void cancelTry() {
            Call call = currentTry;
            if (call != null) {
                call.cancel();
            }
            Runnable wake = wakeWait;
            if (wake != null) {
                wake.run();
            }
        }

        /**
         * Whether the call is to end as closed: the client's close() cancelled what was left, or the wait whose
         * check it is ended (a wait delivers nothing, so its check is not given the close timeout).
         */
        boolean cancelledAsClosed() {
            return closed || (waitCheck != null && waitCheck.ended());
        }

        /** The hosts a round tries: hosts marked down come last, so a call fails only once every host failed. */
        private List<Host> roundOrder(CallType callType) {
            List<Host> candidates = strategy.hostsFor(callType);
            List<Host> down = strategy.lastResortFor(callType, candidates);
            if (down.isEmpty()) {
                return candidates;
            }
            List<Host> all = new ArrayList<>(candidates.size() + down.size());
            all.addAll(candidates);
            all.addAll(down);
            return all;
        }

        Host nextHost() {
            if (remainingNanos() <= 0 || next >= order.size()) {
                return null;
            }
            return order.get(next++);
        }

        private long remainingNanos() {
            return deadlineAt - System.nanoTime();
        }

        /**
         * Ends the try's hold on its body: the pooled arrays of a body never sent go back (cleared) rather than stay
         * with the body, which nothing would write or release any more.
         */
        void tryDone(Call call) {
            inFlight.remove(call);
            JsonRequestBody body = tryBody;
            tryBody = null;
            if (body != null) {
                body.discardUnsent();
            }
        }

        /** A new OkHttp call for a try on the host, registered in flight, with this try's overall limit. */
        Call newCall(Host host) {
            sentBefore |= maySendHaveHappened();
            Duration connect = strategy.timeout(host, baseConnect);
            Duration response = strategy.timeout(host, baseResponse);
            attemptTag = new AttemptTag(connect, response);
            if (!repeatsUnsafeWrites && request.notSafeToRepeat()) {
                attemptTag.checkPooledConnection();
            }
            answered = false;
            // in nanoseconds: Duration.multipliedBy goes through BigDecimal on every call
            long limit = attemptTimeout != null
                    ? Nanos.of(attemptTimeout)
                    : Nanos.saturatedAdd(Nanos.of(connect), saturatedTimesThree(response));
            attemptTag.limit(Math.max(1, Math.min(limit, remainingNanos())));
            OkHttpClient client = http;
            if (connectAnew) {
                connectAnew = false;
                client = unpooled();
            }
            Call call = client.newCall(httpRequest(host, response));
            if (!repeatsUnsafeWrites && !request.notSafeToRepeat() && request.notSafeToRepeatAsWritten() != null) {
                // the body is serialised by now, before the try goes out: a streamed one only in part, so unknown
                JsonRequestBody body = tryBody;
                if ((body != null && body.streamed()) || notSafeToRepeat()) {
                    attemptTag.checkPooledConnection();
                }
            }
            inFlight.put(call, attemptTag);
            if (waitCheck != null) {
                currentTry = call;
            }
            if (cancelledAsClosed()) {
                // close() may have run its sweep, or the wait ended, before this call was registered
                call.cancel();
            }
            return call;
        }

        ClientClosedException closedError() {
            boolean write = request.endpoint().callType() == CallType.WRITE;
            if (!sentBefore && !maySendHaveHappened()) {
                // queued, resolving, connecting or waiting to retry: the caller may send it again on another client
                return new ClientClosedException("the client was closed before " + method() + " " + request.logPath()
                        + " was sent; the call was cancelled" + (write ? " (the write was not applied)" : ""));
            }
            return new ClientClosedException("the client was closed while " + method() + " " + request.logPath()
                    + " was in flight; the call was cancelled" + (write ? " (the write may have been applied)" : ""));
        }

        /** {@return whether the current try's request may have gone out} */
        private boolean maySendHaveHappened() {
            AttemptTag tag = attemptTag;
            return tag != null && tag.maySendHaveHappened();
        }

        /** Tells the observer, if any, how the try on the host ended. */
        void tryEnded(Host host, TryResult<T> result) {
            if (observation == null) {
                return;
            }
            Throwable error = null;
            if (result instanceof TryResult.Failed<T> failed) {
                error = failed.error() instanceof WriteOutcomeUnknownException && !attempts.isEmpty()
                        ? attempts.get(attempts.size() - 1).error()
                        : failed.error();
            } else if (result instanceof TryResult.WaitThenRetry<T> wait) {
                error = wait.error();
            } else if ((result instanceof TryResult.Next<T> || result instanceof TryResult.Again<T>)
                    && !attempts.isEmpty()) {
                error = attempts.get(attempts.size() - 1).error();
            }
            observation.tryEnded(tryStatus, error, !strategy.isUp(host), tryRequestId);
        }

        /** Makes the host just tried the next one again (after a rate limit's wait). */
        void retryLast() {
            next--;
        }

        /**
         * Whether a second delivery could apply the write twice: the request's mark, or its body as written so far
         * (asked after a try, once its body was serialised).
         */
        private boolean notSafeToRepeat() {
            BooleanSupplier asWritten = request.notSafeToRepeatAsWritten();
            return request.notSafeToRepeat() || (asWritten != null && asWritten.getAsBoolean());
        }

        /** Whether a try that may have reached the service must not be followed by another. */
        private boolean oneDeliveryOnly() {
            return !repeatsUnsafeWrites && notSafeToRepeat();
        }

        /** The policy of this call's rounds, or null when it gets one round only (as when not safe to repeat). */
        private RetryRounds roundPolicy() {
            if (notSafeToRepeat()) {
                return null;
            }
            RetryRounds policy = request.options().retryRounds().orElse(config.retryRounds());
            return policy.retries() ? policy : null;
        }

        /**
         * Every host failed this round: the wait before the next one, told to the observer and the log, or
         * {@link OutageRounds#NO_ROUND} when the call ends here.
         */
        long nextRoundWait() {
            if (rounds == null) {
                RetryRounds policy = roundPolicy();
                if (policy == null) {
                    return OutageRounds.NO_ROUND;
                }
                rounds = new OutageRounds(
                        policy,
                        startNanos,
                        System::nanoTime,
                        () -> ThreadLocalRandom.current().nextDouble());
            }
            long wait = rounds.nextWait(askedNanos, deadlineAt);
            if (wait != OutageRounds.NO_ROUND) {
                log.newRound(method(), request.logPath(), rounds.round(), wait, extraSecrets);
                if (observation != null) {
                    observation.roundStarted(rounds.round(), Duration.ofNanos(wait));
                }
                if (request.roundListener() != null) {
                    request.roundListener().accept(rounds.round());
                }
            }
            return wait;
        }

        /** Puts every host serving the call back in its order, as a new call would try them, from the first. */
        void startRound() {
            askedNanos = 0;
            order = roundOrder(request.endpoint().callType());
            next = 0;
        }

        /** Notes the wait a 429 or 503 answer asks for, when this call may get another round. */
        private void noteRetryAfter(Response response, int status) {
            if ((status == 429 || status == 503) && !notSafeToRepeat()) {
                long asked = RetryAfter.nanos(response.headers(), config.clock().instant());
                askedNanos = Math.max(askedNanos, asked);
            }
        }

        QuarryException exhausted() {
            String reason = attempts.isEmpty() || remainingNanos() <= 0
                    ? "the call deadline of " + deadline.toMillis() + " ms passed"
                    : null;
            int roundsTried = rounds == null ? 1 : rounds.round();
            if (!attempts.isEmpty()
                    && attempts.get(attempts.size() - 1).error() instanceof RateLimitException limited) {
                // a 429 ended the last round (its wait past the budget, or the rounds used up): the caller sees the
                // 429, as without rounds, from the first round on
                return limited;
            }
            return new UnreachableHostsException(request.endpoint(), request.logPath(), attempts, reason, roundsTried);
        }

        /** The error ending a call that may have been applied and must not be sent again. */
        private TryResult<T> outcomeUnknown() {
            return new TryResult.Failed<>(
                    new WriteOutcomeUnknownException(request.endpoint(), request.logPath(), attempts));
        }

        String method() {
            return request.endpoint().method();
        }

        String logUrl(Host host) {
            String query = request.encodedQuery();
            return host + request.logPath() + (query == null ? "" : "?" + query);
        }

        /**
         * The try's request, told to the observer (which may add its trace context's headers) and the log;
         * {@code response} is the try's response timeout.
         */
        private Request httpRequest(Host host, Duration response) {
            tries++;
            if (observation != null) {
                tryStatus = 0;
                tryRequestId = null;
                observation.tryStarted(host, attemptTag);
            }
            Request.Builder builder = new Request.Builder()
                    .url(urls.url(host, request.encodedPath(), request.encodedQuery()))
                    .headers(fixedHeaders);
            Map<String, String> extraHeaders = request.options().headers();
            if (!extraHeaders.isEmpty()) {
                extraHeaders.forEach(builder::header);
            }
            if (observation != null) {
                // the try's trace context; Map.of() when the observer adds none, so nothing is allocated then
                Map<String, String> traced = observation.requestHeaders();
                if (!traced.isEmpty()) {
                    ObserverHeaders.add(builder, traced, fixedHeaders, extraHeaders);
                }
            }
            if (config.requestCompression() == RequestCompression.GZIP && request.body() != null) {
                builder.header("Content-Encoding", "gzip");
            }
            builder.method(method(), body());
            if (log.basicEnabled()) {
                log.request(method(), logUrl(host), tries, response, extraSecrets);
            }
            if (tries == 1 && log.bodiesEnabled()) {
                log.requestBody(request.body(), holdsKeyObjects(), extraSecrets);
            }
            return builder.build();
        }

        private RequestBody body() {
            String method = method();
            if (request.body() != null) {
                if (method.equals("GET")) {
                    throw new InvalidRequestException("a GET request cannot carry a body: " + request.endpoint());
                }
                JsonRequestBody body = new JsonRequestBody(
                        request.body(), config.requestCompression() == RequestCompression.GZIP, recordMapper);
                tryBody = body;
                body.prepare();
                return body;
            }
            return method.equals("GET") || method.equals("DELETE") ? null : RequestBody.create(new byte[0], null);
        }

        TryResult<T> onResponse(Host host, Response response, long start) {
            answered = true;
            int status = response.code();
            if (observation != null) {
                tryStatus = status;
                tryRequestId = RequestIds.in(response::header);
            }
            long elapsed = System.nanoTime() - start;
            if (log.basicEnabled()) {
                log.response(method(), logUrl(host), status, elapsed, extraSecrets);
            }
            RetryStrategy.Verdict verdict = strategy.onStatus(host, status);
            if (verdict == RetryStrategy.Verdict.SUCCESS) {
                return onSuccess(host, response, status, start);
            }
            try {
                ApiException error =
                        errorOf(response, status, response.headers().toMultimap());
                if (status == 408 && metClosedConnection(true, false)) {
                    // the server's farewell on a connection it closed while idle (RFC 9110, 15.5.9): it read no request
                    attempts.add(new UnreachableHostsException.Attempt(host, error, Duration.ofNanos(elapsed)));
                    return sendOnNewConnection();
                }
                if (verdict == RetryStrategy.Verdict.RETRY) {
                    attempts.add(new UnreachableHostsException.Attempt(host, error, Duration.ofNanos(elapsed)));
                    noteRetryAfter(response, status);
                    return oneDeliveryOnly() ? outcomeUnknown() : new TryResult.Next<>();
                }
                if (error instanceof RateLimitException limited) {
                    Duration wait = rateLimitWait(limited, response.headers());
                    if (wait != null) {
                        rateLimitRetried = true;
                        return new TryResult.WaitThenRetry<>(wait, limited);
                    }
                    if (roundPolicy() != null) {
                        // the application is rate limited on every host alike: this round ends, the next one waits
                        attempts.add(new UnreachableHostsException.Attempt(host, error, Duration.ofNanos(elapsed)));
                        noteRetryAfter(response, status);
                        next = order.size();
                        return new TryResult.Next<>();
                    }
                }
                return new TryResult.Failed<>(error);
            } catch (IOException e) {
                return onFailure(host, e, start);
            } catch (QuarryException e) {
                return new TryResult.Failed<>(e);
            }
        }

        /**
         * A 2xx answer: decoded, or, when its body cannot be read (cut, corrupt, not the expected JSON, empty), a
         * read or a write safe to repeat moves to the next host (this one is marked down): the write was applied,
         * and applying it again changes nothing. A write not safe to repeat stops: it was applied, and a second
         * delivery could apply it twice.
         */
        private TryResult<T> onSuccess(Host host, Response response, int status, long start) {
            QuarryException unreadable;
            try {
                // headers are copied only if the caller asks for them
                Headers headers = response.headers();
                // a call that ignores the body (Void) cares about no coding of it
                String encoding = type == Void.class || type == void.class ? null : undecodedEncoding(response);
                ResponseBody body = response.body();
                if (encoding != null) {
                    if (!isGzip(encoding)) {
                        throw new DeserializationException(
                                type, "$", "the success answer of " + host + " is " + encodedAs(encoding), null);
                    }
                    body = gunzipped(body);
                }
                T value = decode(body);
                if (value == null && type != Void.class && type != void.class) {
                    // a JSON null: well-formed, every host would answer the same, and no call reads a null as a value
                    return new TryResult.Failed<>(new DeserializationException(
                            type, "$", "the success answer is null where a JSON value belongs", null));
                }
                return new TryResult.Done<>(new ApiResponse<T>(value, status, headers::toMultimap));
            } catch (ResponseTooLarge e) {
                return new TryResult.Failed<>(e.error);
            } catch (IOException failure) {
                if (cancelledAsClosed()) {
                    return new TryResult.Failed<>(closedError());
                }
                if (callerGaveUp()) {
                    return interrupted(host, failure);
                }
                IOException e = asLimitReached(failure);
                unreadable = new DeserializationException(
                        type, "$", "the success answer of " + host + " could not be read: " + describe(e), e);
            } catch (DeserializationException e) {
                Throwable cause = e.getCause();
                if (cause != null
                        && (!(cause instanceof tools.jackson.core.exc.StreamReadException)
                                || cause instanceof tools.jackson.core.exc.InputCoercionException)) {
                    // well-formed JSON of another shape (a number past its field's range is one): every host would
                    // answer the same, so no retry
                    return new TryResult.Failed<>(e);
                }
                unreadable = e;
            }
            return unreadableSuccess(host, unreadable, start);
        }

        /**
         * A success answer whose body cannot be read: a write not safe to repeat ends with the error (it was applied),
         * any other call moves on to the next host, as after a failed try.
         */
        private TryResult<T> unreadableSuccess(Host host, QuarryException unreadable, long start) {
            if (notSafeToRepeat()) {
                return new TryResult.Failed<>(unreadable);
            }
            long elapsed = System.nanoTime() - start;
            if (log.basicEnabled()) {
                log.failure(method(), logUrl(host), unreadable.getMessage(), elapsed, extraSecrets);
            }
            strategy.onNetworkFailure(host, false);
            attempts.add(new UnreachableHostsException.Attempt(host, unreadable, Duration.ofNanos(elapsed)));
            return new TryResult.Next<>();
        }

        TryResult<T> onFailure(Host host, IOException failure, long start) {
            IOException e = asLimitReached(failure);
            long elapsed = System.nanoTime() - start;
            if (e instanceof JsonRequestBody.BodyWriteException) {
                return new TryResult.Failed<>(new InvalidRequestException(e.getMessage(), e.getCause()));
            }
            if (cancelledAsClosed()) {
                return new TryResult.Failed<>(closedError());
            }
            if (callerGaveUp()) {
                return interrupted(host, e);
            }
            if (e instanceof ResponseFraming.UndecodedCoding coded && coded.success()) {
                // its head is well framed: the server did what was asked (a write was applied), only the body is lost
                return unreadableSuccess(
                        host,
                        new DeserializationException(
                                type, "$", "the success answer of " + host + " could not be read: " + describe(e), e),
                        start);
            }
            boolean timeout = e instanceof InterruptedIOException;
            // the try's overall limit (AttemptLimits) is reported as a bare InterruptedIOException; socket timeouts are
            // SocketTimeoutExceptions. A host that cannot finish an answer in time is marked down, not just slow.
            boolean attemptLimit = timeout && !(e instanceof java.net.SocketTimeoutException);
            // the request surely was not processed: found closed before it went out, or refused by an HTTP/2 server
            boolean unprocessed =
                    !timeout && ((attemptTag != null && attemptTag.closedBeforeSend()) || Http2Refusals.unprocessed(e));
            // an answer refused for its framing came: the request was read, not lost on a closed connection
            boolean closedWhileIdle =
                    !timeout && !(e instanceof ResponseFraming.Refused) && metClosedConnection(false, unprocessed);
            String problem = (attemptLimit ? "attempt time limit reached: " : timeout ? "timeout: " : "")
                    + (closedWhileIdle
                            ? (unprocessed ? "not processed" : "a pooled connection failed before any answer")
                                    + ", sent again on a new one: "
                            : "")
                    + describe(e);
            if (log.basicEnabled()) {
                log.failure(method(), logUrl(host), problem, elapsed, extraSecrets);
            }
            String message = problem + " (" + host + ")";
            TransportException error =
                    timeout ? TransportException.timeout(message, e) : TransportException.failure(message, e);
            attempts.add(new UnreachableHostsException.Attempt(host, error, Duration.ofNanos(elapsed)));
            if (closedWhileIdle) {
                // the host is not to blame: it closed a connection it had kept idle, as servers do
                return sendOnNewConnection();
            }
            strategy.onNetworkFailure(host, timeout && !attemptLimit);
            if (oneDeliveryOnly() && !unprocessed && attemptTag != null && attemptTag.maySendHaveHappened()) {
                return outcomeUnknown();
            }
            return new TryResult.Next<>();
        }

        /**
         * Whether the try, which failed before any answer or was answered 408, most likely met a connection the server
         * closed while it sat idle in the pool (its keep-alive timeout), and so never read the request: the request
         * went out on a connection an earlier call had used, and this call has not been sent again for that yet. A
         * write not safe to repeat counts only when it surely was not processed: on a 408, in which the server says it
         * read no request, or when its pooled connection was found closed before it went out ({@link IdleCloseCheck})
         * or an HTTP/2 server refused it ({@link Http2Refusals}); after another failure the request may have been
         * read.
         */
        private boolean metClosedConnection(boolean answered408, boolean unprocessed) {
            if (resentOnNewConnection || attemptTag == null) {
                return false;
            }
            if (unprocessed) {
                return true;
            }
            if ((answered && !answered408) || !attemptTag.onReusedConnection()) {
                return false;
            }
            return answered408 || !oneDeliveryOnly();
        }

        /**
         * The same host again, once, without marking it down, on a connection surely new: the server most likely
         * closed the other idle connections alike, and the next try would take one of them. The client's own pool
         * is emptied of them; a caller's pool, which their own code shares, is left as it is, and the try connects
         * outside it instead ({@link #unpooled()}).
         */
        private TryResult<T> sendOnNewConnection() {
            resentOnNewConnection = true;
            if (ownsClient) {
                http.connectionPool().evictAll();
            } else {
                connectAnew = true;
            }
            return new TryResult.Again<>();
        }

        /**
         * Whether the caller gave up on the call: the blocked thread was interrupted, or the asynchronous call's
         * future was cancelled (its threads are never interrupted), which cancels the try and so fails its read.
         */
        private boolean callerGaveUp() {
            Future<?> future = asyncFuture;
            return Thread.currentThread().isInterrupted() || (future != null && future.isCancelled());
        }

        /**
         * A try ended because the caller gave up ({@link #callerGaveUp()}): the caller wants its thread back or no
         * longer wants the answer, so no further host is tried, and the host is not to blame, so it is not marked
         * down.
         */
        private TryResult<T> interrupted(Host host, IOException e) {
            return new TryResult.Failed<>(TransportException.failure("interrupted while calling " + host, e));
        }

        /**
         * The failure of a try that {@link AttemptLimits} cancelled because its overall limit passed, as OkHttp's own
         * call timeout reports it (a bare {@code InterruptedIOException}), so it is handled as that limit; any other
         * failure as it is.
         */
        private IOException asLimitReached(IOException e) {
            if (attemptTag == null || !attemptTag.limitReached() || e instanceof InterruptedIOException) {
                return e;
            }
            InterruptedIOException timeout = new InterruptedIOException("timeout");
            timeout.initCause(e);
            return timeout;
        }

        /** A body as it may be shown: on a key endpoint, {@code value} members hold keys and are masked. */
        private String forLog(String body) {
            return holdsKeyObjects() ? Redactor.maskKeyValues(body) : body;
        }

        private boolean holdsKeyObjects() {
            return Redactor.holdsKeyObjects(request.endpoint().pathTemplate());
        }

        private static String describe(IOException e) {
            return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }

        @SuppressWarnings("unchecked")
        private T decode(ResponseBody body) throws IOException {
            if (type == Void.class || type == void.class) {
                return null;
            }
            if (!log.bodiesEnabled() && type != String.class) {
                return decodeAsItArrives(body);
            }
            // shown whole in the log, or wanted as text: read whole first
            byte[] bytes = boundedBytes(body);
            if (log.bodiesEnabled()) {
                log.responseBody(forLog(new String(bytes, StandardCharsets.UTF_8)), extraSecrets);
            }
            if (type == String.class) {
                return (T) new String(bytes, StandardCharsets.UTF_8);
            }
            if (bytes.length == 0) {
                throw new DeserializationException(type, "$", "the success answer has an empty body", null);
            }
            return decode(BodyInput.of(bytes, bytes.length));
        }

        /**
         * Decodes a success answer's body: hits keep the generated members the request keeps
         * ({@link PreparedRequest#keptMembers()}).
         */
        private T decode(BodyInput body) {
            KeptMembers kept = request.keptMembers();
            if (kept == null) {
                return recordMapper == null ? Json.read(body, type) : recordMapper.read(body, type);
            }
            return recordMapper == null
                    ? Json.readKeeping(body, type, kept)
                    : recordMapper.readKeeping(body, type, kept);
        }

        /**
         * Decodes the body as it arrives, through the parser's recycled buffer, as a hand-written client does:
         * nothing of it is kept but each hit's generated members (none when the request does not keep them), and one
         * larger than the configured limit is refused. An
         * answer that has already arrived whole within one pooled array is parsed from a copy in it instead.
         */
        private T decodeAsItArrives(ResponseBody body) throws IOException {
            long max = config.maxResponseBytes();
            if (body.contentLength() > max) {
                throw tooLarge(max);
            }
            okio.BufferedSource source = body.source();
            if (source.exhausted()) {
                throw new DeserializationException(type, "$", "the success answer has an empty body", null);
            }
            if (!source.request(PooledBytes.CHUNK_SIZE + 1L)) {
                return decodeFromChunk(source.getBuffer(), max);
            }
            ArrivingBody in = new ArrivingBody(source, max);
            try {
                return decode(in);
            } catch (DeserializationException e) {
                if (in.exceeded()) {
                    throw tooLarge(max);
                }
                if (e.getCause() instanceof tools.jackson.core.exc.JacksonIOException io && io.getCause() != null) {
                    // the connection failed mid-body: a transport failure, as when the body is read whole
                    throw io.getCause();
                }
                throw e;
            }
        }

        /**
         * Decodes an answer that arrived whole within one of the request bodies' pooled arrays from a copy in one:
         * Jackson parses an array faster than a stream, and the copy allocates nothing. Without generated members
         * that saves 2-3% of one thread's CPU per search against parsing the stream (benchmarks/README.md, [t10]).
         */
        private T decodeFromChunk(okio.Buffer whole, long max) throws IOException {
            int size = (int) whole.size();
            if (size > max) {
                throw tooLarge(max);
            }
            byte[] chunk = PooledBytes.lendChunk();
            try {
                for (int read = 0; read < size; ) {
                    read += whole.read(chunk, read, size - read); // a segment at a time
                }
                return decode(BodyInput.of(chunk, size));
            } finally {
                PooledBytes.takeBackChunk(chunk, size);
            }
        }

        private ResponseTooLarge tooLarge(long max) {
            return new ResponseTooLarge(new DeserializationException(
                    type,
                    "$",
                    "the answer is larger than the " + max + "-byte limit (ClientConfig.maxResponseBytes)",
                    null));
        }

        /** The whole body, refusing one larger than the configured limit before holding it all. */
        private byte[] boundedBytes(ResponseBody body) throws IOException {
            long max = config.maxResponseBytes();
            okio.BufferedSource source = body.source();
            if (body.contentLength() > max || source.request(max + 1)) {
                throw tooLarge(max);
            }
            return source.readByteArray();
        }

        private ApiException errorOf(Response response, int status, Map<String, List<String>> headers)
                throws IOException {
            String encoding = undecodedEncoding(response);
            ResponseBody body = response.body();
            if (encoding != null) {
                if (!isGzip(encoding)) {
                    return ErrorResponses.unreadable(
                            request.endpoint(), request.logPath(), status, headers, encodedAs(encoding));
                }
                body = gunzipped(body);
            }
            okio.BufferedSource source = body.source();
            try {
                source.request(ErrorResponses.MAX_BODY_CHARS * 4L);
            } catch (IOException e) {
                if (cancelledAsClosed() || callerGaveUp()) {
                    throw e;
                }
                // the status already says how the service answered (a 4xx: refused, not applied); only its
                // explanation was lost, which is no reason to blame the host or to call a refused write unknown
                return ErrorResponses.unreadable(
                        request.endpoint(), request.logPath(), status, headers, describe(asLimitReached(e)));
            }
            // an error page of a proxy or gateway may come in its own charset; the service's JSON is UTF-8
            okhttp3.MediaType mediaType = body.contentType();
            String text = source.getBuffer()
                    .snapshot()
                    .string(mediaType == null ? StandardCharsets.UTF_8 : mediaType.charset(StandardCharsets.UTF_8));
            if (text.length() > ErrorResponses.MAX_BODY_CHARS) {
                text = text.substring(0, ErrorResponses.MAX_BODY_CHARS);
            }
            text = forLog(redactor.redact(text, extraSecrets));
            log.responseBody(text, extraSecrets);
            return ErrorResponses.toException(
                    request.endpoint(), request.logPath(), status, response.header("Content-Type"), text, headers);
        }

        /**
         * The content coding an answer's body still has, or null for none (nearly always): OkHttp decodes the gzip
         * it asks for and then drops the header, so a coding left is gzip that the caller's own
         * {@code Accept-Encoding} header kept OkHttp from decoding (decoded here instead), or one the client does not
         * decode (a proxy's {@code br}), whose bytes are not JSON whatever they hold: the failure says why rather
         * than report them as malformed. Costs one header look-up per answer.
         */
        private static String undecodedEncoding(Response response) {
            String encoding = response.header("Content-Encoding");
            return encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity")
                    ? null
                    : encoding.trim();
        }

        private static String encodedAs(String encoding) {
            return "encoded as '" + encoding + "', which the client does not decode";
        }

        /** Whether the coding is gzip, which HTTP also names {@code x-gzip}. */
        private static boolean isGzip(String encoding) {
            return encoding.equalsIgnoreCase("gzip") || encoding.equalsIgnoreCase("x-gzip");
        }

        /** The body decompressed as it is read; the response size limit applies to what it decompresses to. */
        private static ResponseBody gunzipped(ResponseBody body) {
            return ResponseBody.create(okio.Okio.buffer(new okio.GzipSource(body.source())), body.contentType(), -1L);
        }

        /**
         * How long to wait before trying a 429's host again, with {@code maxRateLimitWait}: until the reset its
         * rate-limit headers name, or else for as long as its {@code Retry-After} asks (a proxy's or gateway's 429
         * names no reset); null when it names neither, or the wait is past the bound or the call's deadline.
         */
        private Duration rateLimitWait(RateLimitException limited, Headers headers) {
            if (rateLimitRetried || config.maxRateLimitWait().isEmpty()) {
                return null;
            }
            Instant now = config.clock().instant();
            Duration wait;
            if (limited.rateLimit().isPresent()) {
                wait = Duration.between(now, limited.rateLimit().get().reset());
                if (wait.isNegative()) {
                    wait = Duration.ZERO;
                }
            } else {
                wait = RetryAfter.wait(headers, now);
                if (wait == null) {
                    return null;
                }
            }
            boolean withinDeadline = wait.compareTo(Duration.ofNanos(remainingNanos())) < 0;
            return withinDeadline && wait.compareTo(config.maxRateLimitWait().get()) <= 0 ? wait : null;
        }
    }

    /** Drives a {@link CallRun} through OkHttp callbacks. */
    private final class AsyncRun<T> {
        private final CallRun<T> run;
        private final CallFuture<ApiResponse<T>> future;

        AsyncRun(CallRun<T> run, CallFuture<ApiResponse<T>> future) {
            this.run = run;
            this.future = future;
            run.asyncFuture = future;
        }

        @SuppressWarnings("try") // the scope only makes a context current
        void next() {
            if (future.isDone()) {
                return;
            }
            if (run.cancelledAsClosed()) {
                future.completeExceptionally(run.closedError());
                return;
            }
            Host host = run.nextHost();
            if (host == null) {
                long wait = run.nextRoundWait();
                if (wait == OutageRounds.NO_ROUND) {
                    future.completeExceptionally(run.exhausted());
                } else {
                    // no thread waits: the next round is scheduled
                    later(wait, this::startRound);
                }
                return;
            }
            Call call;
            try {
                call = run.newCall(host);
            } catch (RuntimeException e) {
                future.completeExceptionally(e);
                return;
            }
            future.current.set(call);
            if (future.isDone()) {
                call.cancel();
                run.tryDone(call);
                return;
            }
            sender.send(() -> exchange(call, host));
        }

        /**
         * Runs the step after the wait, or as soon as the client closes (the step then fails the call as closed),
         * once either way.
         */
        private void later(long nanos, Runnable step) {
            AtomicBoolean ran = new AtomicBoolean();
            Runnable once = new Runnable() {
                @Override
                public void run() {
                    if (ran.compareAndSet(false, true)) {
                        waiting.remove(this);
                        run.wakeWait = null;
                        step.run();
                    }
                }
            };
            waiting.add(once);
            if (run.waitCheck != null) {
                // the end of the wait whose check this is runs it too, on the pool rather than the ending thread
                run.wakeWait = () -> TimedSteps.now().execute(once);
            }
            TimedSteps.after(nanos, TimeUnit.NANOSECONDS).execute(once);
            if (run.cancelledAsClosed()) {
                // close() may have looked at the waiting steps, or the wait ended, before this one was set
                once.run();
            }
        }

        private void startRound() {
            if (!future.isDone() && !closed) {
                run.startRound();
            }
            next();
        }

        /** One try, on a sender thread: the exchange, then what follows from its outcome. */
        @SuppressWarnings("try") // the scope only makes a context current
        private void exchange(Call call, Host host) {
            long start = System.nanoTime();
            TryResult<T> result;
            // an observed call's context is current while OkHttp sends, so its instrumentation nests in the call
            try (ContextScope inCall = run.observation == null ? null : run.observation.openCallContext();
                    Response response = call.execute()) {
                result = run.onResponse(host, response, start);
            } catch (IOException e) {
                if (future.isDone()) {
                    return; // cancelled
                }
                result = run.onFailure(host, e, start);
            } catch (RuntimeException | Error e) {
                fail(e);
                return;
            } catch (Exception e) {
                IOException failure = undeclared(e);
                if (future.isDone()) {
                    return; // cancelled
                }
                result = run.onFailure(host, failure, start);
            } finally {
                run.tryDone(call);
            }
            try {
                handle(host, result);
            } catch (RuntimeException | Error e) {
                fail(e);
            }
        }

        /** Fails the call with an unexpected throwable; an Error is thrown on, ending the sender thread as it would. */
        private void fail(Throwable e) {
            future.completeExceptionally(e);
            if (e instanceof Error error) {
                throw error;
            }
        }

        private void handle(Host host, TryResult<T> result) {
            run.tryEnded(host, result);
            if (result instanceof TryResult.Done<T> done) {
                future.complete(done.response());
            } else if (result instanceof TryResult.Failed<T> failed) {
                future.completeExceptionally(failed.error());
            } else if (result instanceof TryResult.WaitThenRetry<T> wait) {
                run.retryLast();
                later(Nanos.of(wait.delay()), this::next);
            } else if (result instanceof TryResult.Again<T>) {
                run.retryLast();
                next();
            } else {
                next();
            }
        }
    }

    private static long saturatedTimesThree(Duration d) {
        long nanos = Nanos.of(d);
        return nanos > Long.MAX_VALUE / 3 ? Long.MAX_VALUE : nanos * 3;
    }
}
