package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.hosts.HostState;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.http.wire.ExchangeHandler;
import io.quarry.mockserver.internal.http.wire.Listener;
import io.quarry.mockserver.internal.http.wire.RequestHead;
import io.quarry.mockserver.internal.http.wire.WireExchange;
import io.quarry.mockserver.internal.http.wire.WireResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one HTTP entry point. For each request, in order: CORS preflights are answered; the route is found; the
 * credentials are checked (before any body byte is read, so unauthenticated callers cost no memory); index names
 * are checked; the body is read on the connection's thread, within {@link BodyLimits} (gunzipped as it comes);
 * then the handler runs within the {@link Workers} limit (503 when their queue is full). Every failure, errors
 * included, becomes {@code {"message": ..., "status": N}} and the server keeps serving. Scripted faults change
 * what a matching request gets: those of the host (the port) it came to first ({@link ServedHosts}), then the
 * server-wide ones ({@link FaultScript}). A request that has arrived is always answered: an answer that cannot be
 * made becomes a 500; the connections closed without an answer are told to the {@link AnswerObserver} by reason.
 */
public final class HttpFront implements ExchangeHandler {

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
    /** The answer when the heap has no room left even for an error's JSON: made once, so giving it allocates none. */
    private final WireResponse outOfMemory;

    private final FaultScript faults;
    private final ServedHosts hosts;
    private final ScheduledExecutorService timer;
    private final ResponseWriter writer;
    private final AnswerObserver observer;
    private final ResetGate gate;

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
     * @param timer runs delayed answers
     * @param observer told of every answer as it is written
     * @param gate what handlers pass, apart from a reset
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
            ScheduledExecutorService timer,
            AnswerObserver observer,
            ResetGate gate) {
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
        this.writer = new ResponseWriter(version, observer, router.methods());
        WireResponse made = writer.refusal(503, Failures.OUT_OF_MEMORY);
        this.outOfMemory = WireResponse.of(503, Map.copyOf(made.headers()), made.body());
        this.observer = observer;
        this.gate = gate;
    }

    @Override
    public void serve(WireExchange wire) {
        Exchange exchange = new Exchange(wire, budget);
        try {
            begin(exchange);
        } catch (UncheckedIOException clientGone) {
            // the body could not be read: the client went away, or its connection was closed for a reason given
            exchange.abort(CloseReason.CLIENT_GONE);
        } catch (Throwable failure) {
            try {
                answer(exchange, failed(exchange, inItsApisTerms(exchange, failure)));
            } catch (Throwable again) {
                // making the error's answer failed too (out of memory, most likely): the client still gets one
                lastResort(exchange, again);
            }
        }
    }

    /**
     * {@return the front's refusal as the request's API documents it: a 400 (a malformed escape, an unknown parameter
     *     of a strict server, a body that does not decode) with the status the API gives an invalid request, such as
     *     usage's 422, and the same message}
     */
    private Throwable inItsApisTerms(Exchange exchange, Throwable failure) {
        if (!(failure instanceof ApiException refused) || refused.status() != 400) {
            return failure;
        }
        int status = router.invalidRequestStatusOf(exchange.head().rawPath());
        return status == 400 ? failure : new ApiException(status, refused.getMessage(), refused.headers());
    }

    @Override
    public WireResponse refusal(int status, String message) {
        return writer.refusal(status, message);
    }

    @Override
    public WireResponse outOfMemory() {
        return outOfMemory;
    }

    /**
     * {@inheritDoc} Twice the largest body on the wire: a whole body with room for its chunks' framing. The bytes are
     * dropped as they come, so the bound costs time on the connection's thread, never memory.
     */
    @Override
    public long lingerBytes() {
        return 2 * limits.maxWireBytes();
    }

    @Override
    public void closedUnanswered(Listener listener, CloseReason reason) {
        if (reason == CloseReason.FAULT) {
            // the fault's close was observed as its answer already
            return;
        }
        HostState host = hosts.of(listener);
        observer.closedUnanswered(reason, host == null ? 0 : host.index());
    }

    private void begin(Exchange exchange) {
        RequestHead head = exchange.head();
        String method = head.method();
        if (method.equals("OPTIONS")) {
            writer.preflight(exchange);
            return;
        }
        if (!router.hasMethod(method) && !method.equals("HEAD")) {
            // methods are case-sensitive (RFC 9110, section 9.1): "get" is no GET; HEAD, which no endpoint has, is
            // known, and a 405 as the service answers it
            throw new ApiException(501, "The method " + Sanitize.shortText(method) + " is not implemented");
        }
        Request request = new Request(
                method,
                head.rawPath(),
                head.rawQuery(),
                head.headers(),
                NO_BODY,
                exchange.wire().remoteAddress());
        exchange.request = request;
        HostState host = hosts.of(exchange.wire().listener());
        exchange.host = host == null ? 0 : host.index();
        if (host != null && ControlPaths.isControl(request.rawPath())) {
            // the control endpoints are not the host's traffic; they only need to know which host they came to
            request = request.with(HostState.class, host);
            exchange.request = request;
            host = null;
        }
        if (host != null) {
            if (host.received(() -> exchange.abort(CloseReason.HELD))) {
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
        if (head.contentLength() > limits.maxWireBytes()) {
            // refused before the body is awaited: it could never be taken
            throw new ApiException(
                    413, "The request body is larger than the limit of " + limits.maxWireBytes() + " bytes");
        }
        boolean gzipped = BodyReader.gzipped(head.header("Content-Encoding"));
        if (head.hasBody()) {
            byte[] body;
            try {
                body = BodyReader.read(
                        exchange,
                        exchange.wire().body(limits.readTimeoutMillis()),
                        gzipped,
                        limits,
                        head.chunked() ? -1 : head.contentLength());
            } catch (IOException gone) {
                throw new UncheckedIOException(gone);
            }
            exchange.request = exchange.request.withBody(body);
        }
        if (!workers.offer(() -> run(exchange))) {
            answer(
                    exchange,
                    Response.error(
                            503,
                            "The mock server is overloaded: " + workers.queueCapacity()
                                    + " requests are already waiting; retry later"));
        }
    }

    /**
     * Runs the handler on a worker thread and writes its answer. The handler and the log of its answer pass the
     * reset gate, the writing does not (a client slow to read must not hold a reset up). Control routes stay
     * outside: a reset runs in one, and takes the gate alone. So do crawler routes, whose handler may fetch a page
     * from this very server and would wait on its own request.
     */
    private void run(Exchange exchange) {
        try {
            Access access = exchange.route.access();
            if (access == Access.CONTROL || access == Access.CRAWLER) {
                answer(exchange, handle(exchange));
                return;
            }
            Response response = gate.request(() -> {
                Response handled = handle(exchange);
                log(exchange, handled);
                return handled;
            });
            deliver(exchange, response);
        } catch (Throwable failure) {
            // the connection's thread waits for this answer: it must come, whatever failed
            answerFailed(exchange, failure);
        }
    }

    private Response handle(Exchange exchange) {
        Response answer;
        try {
            answer = exchange.route.handler().handle(exchange.request);
        } catch (Throwable failure) {
            return failed(exchange, failure);
        }
        return answer.status() >= 400 ? masked(exchange, answer) : answer;
    }

    private Response failed(Exchange exchange, Throwable failure) {
        return masked(exchange, Failures.answer(failure));
    }

    /** {@return the error answer, its message quoting no key: a message may quote what the request carried} */
    private Response masked(Exchange exchange, Response answer) {
        JsonNode message = answer.body().get("message");
        if (message == null || !message.isString()) {
            return answer;
        }
        String masked = guard.masked(message.asString(), exchange.request);
        if (masked.equals(message.asString())) {
            return answer;
        }
        ObjectNode body = ((ObjectNode) answer.body()).deepCopy();
        body.put("message", masked);
        return new Response(answer.status(), body, answer.format(), answer.headers());
    }

    /** Logs the answer, then writes it. */
    private void answer(Exchange exchange, Response response) {
        log(exchange, response);
        deliver(exchange, response);
    }

    private void log(Exchange exchange, Response response) {
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
    }

    /**
     * Writes the answer, after a scripted fault's delay, changed by the fault; an answer on the console's paths with
     * the console's headers, whatever made it (the console's own routes add them too), and one on a path whose API
     * puts headers on every answer ({@link Router#headersOf}) with those its handler did not set.
     */
    private void deliver(Exchange exchange, Response response) {
        FaultAction fault = exchange.fault;
        long delay = fault == null ? 0 : fault.delayMillis();
        String rawPath = exchange.head().rawPath();
        Response sent = ConsolePaths.isConsole(rawPath) ? response.withHeaders(ConsolePaths.HEADERS) : response;
        Map<String, String> pathHeaders = router.headersOf(rawPath);
        if (!pathHeaders.isEmpty() && !sent.headers().keySet().containsAll(pathHeaders.keySet())) {
            // a refusal made before the API's handler ran: the handler's own values are the ones counted
            sent = sent.withHeaders(pathHeaders);
        }
        Response written = sent;
        later(exchange, delay, () -> writer.write(exchange, written, fault));
    }

    private void later(Exchange exchange, long delayMillis, Runnable write) {
        Runnable guarded = () -> {
            try {
                if (!exchange.isCompleted()) {
                    write.run();
                }
            } catch (Throwable failure) {
                answerFailed(exchange, failure);
            }
        };
        if (delayMillis <= 0) {
            guarded.run();
        } else {
            timer.schedule(guarded, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Answers a request whose answer could not be made (a body the JSON writer fails on, say) with the 500 of that
     * failure, so the client learns its request failed rather than meeting a closed connection; closes the
     * connection only when that cannot be made either.
     */
    private void answerFailed(Exchange exchange, Throwable failure) {
        if (exchange.isCompleted()) {
            return;
        }
        if (failure instanceof OutOfMemoryError) {
            exchange.respond(outOfMemory);
            return;
        }
        try {
            // a 500 whatever the failure: a JSON writer's error here is the server's, not the request's
            String type = failure.getClass().getSimpleName();
            writer.write(exchange, Response.error(500, "Mock server error: the answer failed (" + type + ")"), null);
        } catch (Throwable again) {
            lastResort(exchange, again);
        }
    }

    /**
     * Answers with the ready-made 503 when the heap ran out as an answer was made; closes the connection when the
     * failure was another, which no answer made in advance describes.
     */
    private void lastResort(Exchange exchange, Throwable failure) {
        if (exchange.isCompleted()) {
            return;
        }
        if (failure instanceof OutOfMemoryError) {
            exchange.respond(outOfMemory);
        } else {
            exchange.abort(CloseReason.ANSWER_FAILED);
        }
    }
}
