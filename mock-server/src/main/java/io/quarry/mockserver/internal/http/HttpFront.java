package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.hosts.HostState;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.util.Callback;

/**
 * The one HTTP entry point. For each request, in order: CORS preflights are answered; the route is found; the
 * credentials are checked (before any body byte is read, so unauthenticated callers cost no memory); index names
 * are checked; the body is read without holding a thread, within {@link BodyLimits} (gunzipped incrementally);
 * then the handler runs within the {@link Workers} limit (503 when their queue is full). Every failure, errors
 * included, becomes {@code {"message": ..., "status": N}} and the server keeps serving. Scripted faults change
 * what a matching request gets: those of the host (the port) it came to first ({@link ServedHosts}), then the
 * server-wide ones ({@link FaultScript}).
 */
public final class HttpFront extends Handler.Abstract {

    /** Response header carrying the mock server's version on every response. */
    public static final String VERSION_HEADER = "X-Mock-Server-Version";

    /** URL parameters that carry credentials; never handed to a handler's strict check. */
    private static final Set<String> CREDENTIAL_PARAMS = Set.of("x-service-application-id", "x-service-api-key");

    private static final byte[] NO_BODY = new byte[0];

    private final Router router;
    private final Guard guard;
    private final boolean strict;
    private final RequestListener listener;
    private final Workers workers;
    private final BodyLimits limits;
    private final BodyBudget budget;
    private final FaultScript faults;
    private final ServedHosts hosts;
    private final ScheduledExecutorService timer;
    private final ResponseWriter writer;

    /**
     * @param router the route table
     * @param guard the credential check
     * @param version the mock server version, sent as a header
     * @param strict whether unknown URL parameters are a 400
     * @param listener told about every answered request (the request log)
     * @param workers the threads that run handlers
     * @param limits the body limits
     * @param faults the server-wide scripted faults
     * @param hosts the server's hosts, with their own faults and request counts
     * @param timer runs delayed answers and body read deadlines
     */
    public HttpFront(
            Router router,
            Guard guard,
            String version,
            boolean strict,
            RequestListener listener,
            Workers workers,
            BodyLimits limits,
            FaultScript faults,
            ServedHosts hosts,
            ScheduledExecutorService timer) {
        super(InvocationType.BLOCKING);
        this.router = router;
        this.guard = guard;
        this.strict = strict;
        this.listener = listener;
        this.workers = workers;
        this.limits = limits;
        this.budget = new BodyBudget(limits.maxBufferedBytes());
        this.faults = faults;
        this.hosts = hosts;
        this.timer = timer;
        this.writer = new ResponseWriter(version);
    }

    @Override
    public boolean handle(
            org.eclipse.jetty.server.Request jettyRequest,
            org.eclipse.jetty.server.Response jettyResponse,
            Callback callback) {
        Exchange exchange = new Exchange(jettyRequest, jettyResponse, callback, budget);
        try {
            begin(exchange);
        } catch (Throwable failure) {
            answer(exchange, Failures.answer(failure));
        }
        return true;
    }

    private void begin(Exchange exchange) {
        org.eclipse.jetty.server.Request jetty = exchange.jettyRequest();
        String method = jetty.getMethod().toUpperCase(Locale.ROOT);
        if (method.equals("OPTIONS")) {
            writer.preflight(exchange);
            return;
        }
        String rawPath = jetty.getHttpURI().getPath();
        Request request = new Request(
                method,
                rawPath == null || rawPath.isEmpty() ? "/" : rawPath,
                jetty.getHttpURI().getQuery(),
                firstValues(jetty),
                NO_BODY,
                org.eclipse.jetty.server.Request.getRemoteAddr(jetty));
        exchange.request = request;
        HostState host = hosts.of(jetty.getConnectionMetaData().getConnector());
        if (host != null && request.rawPath().startsWith("/_mock/")) {
            // the control endpoints are not the host's traffic; they only need to know which host they came to
            request = request.with(HostState.class, host);
            exchange.request = request;
            host = null;
        }
        if (host != null) {
            if (host.received(exchange::abort)) {
                return;
            }
            exchange.fault = host.faults().next(method, request.rawPath());
        }
        if (exchange.fault == null) {
            exchange.fault = faults.next(method, request.rawPath());
        }
        if (exchange.fault != null && !exchange.fault.kind().runsHandler()) {
            later(exchange, exchange.fault.delayMillis(), () -> writer.write(exchange, null, exchange.fault));
            return;
        }
        Router.Match match = router.match(method, request.rawPath());
        request = request.withPathParams(match.pathParams());
        exchange.request = request;
        exchange.route = match.route();
        if (strict && match.route().queryParameters() != null) {
            for (String name : request.query().keySet()) {
                if (!match.route().queryParameters().contains(name)
                        && !CREDENTIAL_PARAMS.contains(name.toLowerCase(Locale.ROOT))) {
                    throw ApiException.badRequest("Unknown parameter: " + Sanitize.shortText(name));
                }
            }
        }
        Request checked = guard.check(request, match.route());
        exchange.request = checked;
        String indexName = checked.pathParams().get("indexName");
        if (indexName != null) {
            IndexNames.requireValid(indexName);
        }
        AtomicReference<ScheduledFuture<?>> deadline = new AtomicReference<>();
        BodyReader reader = BodyReader.create(
                jetty,
                jetty.getHeaders().get(HttpHeader.CONTENT_ENCODING),
                limits,
                budget,
                body -> {
                    cancel(deadline);
                    exchange.request = exchange.request.withBody(body);
                    if (!workers.offer(() -> run(exchange))) {
                        answer(
                                exchange,
                                Response.error(
                                        503,
                                        "The mock server is overloaded: " + workers.queueCapacity()
                                                + " requests are already waiting; retry later"));
                    }
                },
                failure -> {
                    cancel(deadline);
                    answer(exchange, Failures.answer(failure));
                });
        // registered before reading: a body that came with the headers is handled, answered and released
        // within begin(), and the exchange must know the reader by then to give its bytes back to the budget
        exchange.reading(reader);
        reader.begin();
        if (!reader.isDone()) {
            // most bodies arrive with the headers; only a body still arriving gets a deadline
            deadline.set(timer.schedule(
                    () -> {
                        if (!reader.isDone()) {
                            answer(exchange, Response.error(408, "The request body took too long to arrive"));
                        }
                    },
                    limits.readTimeoutMillis(),
                    TimeUnit.MILLISECONDS));
            if (reader.isDone()) {
                cancel(deadline);
            }
        }
    }

    private static void cancel(AtomicReference<ScheduledFuture<?>> deadline) {
        ScheduledFuture<?> scheduled = deadline.getAndSet(null);
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    /** Runs the handler on a worker thread and writes its answer. */
    private void run(Exchange exchange) {
        Response response;
        try {
            response = exchange.route.handler().handle(exchange.request);
        } catch (Throwable failure) {
            response = Failures.answer(failure);
        }
        answer(exchange, response);
    }

    /** Logs the answer, then writes it (after a scripted fault's delay, changed by the fault). */
    private void answer(Exchange exchange, Response response) {
        if (exchange.isCompleted()) {
            return;
        }
        if (exchange.request != null) {
            try {
                // before the write, so the caller's next request already sees this one in the log
                listener.answered(exchange.request, exchange.route, response, exchange.elapsedNanos());
            } catch (Throwable ignored) {
                // the log must never stop an answer
            }
        }
        FaultAction fault = exchange.fault;
        long delay = fault == null ? 0 : fault.delayMillis();
        later(exchange, delay, () -> writer.write(exchange, response, fault));
    }

    private void later(Exchange exchange, long delayMillis, Runnable write) {
        Runnable guarded = () -> {
            try {
                if (!exchange.isCompleted()) {
                    write.run();
                }
            } catch (Throwable failure) {
                exchange.callback().failed(failure);
            }
        };
        if (delayMillis <= 0) {
            guarded.run();
        } else {
            timer.schedule(guarded, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private static Map<String, String> firstValues(org.eclipse.jetty.server.Request jetty) {
        Map<String, String> headers = new HashMap<>();
        for (HttpField field : jetty.getHeaders()) {
            headers.putIfAbsent(field.getName(), field.getValue());
        }
        return headers;
    }
}
