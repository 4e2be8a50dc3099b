package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import io.quarry.mockserver.internal.http.wire.ConnectionThreads;
import io.quarry.mockserver.internal.http.wire.Listener;
import io.quarry.mockserver.internal.http.wire.WireDeadlines;
import io.quarry.mockserver.internal.json.Json;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * An {@link HttpFront} over a router of the test's own, served on a free loopback port with no products
 * behind it: for tests of the HTTP front itself (errors, body budgets, bursts).
 */
final class FrontOnLoopback {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Workers workers;
    private final ConnectionThreads connections = new ConnectionThreads(4_096);
    private final Listener listener;
    private final String url;

    /**
     * Starts the front.
     *
     * @param router  the routes
     * @param guard   what every request passes before it is offered to the workers
     * @param workers the workers, closed with the front
     * @param limits  the body limits
     * @throws Exception if the port cannot be bound
     */
    FrontOnLoopback(Router router, Guard guard, Workers workers, BodyLimits limits) throws Exception {
        this(router, guard, workers, limits, AnswerObserver.NONE);
    }

    /**
     * Starts the front, its answers watched.
     *
     * @param router   the routes
     * @param guard    what every request passes before it is offered to the workers
     * @param workers  the workers, closed with the front
     * @param limits   the body limits
     * @param observer told of every answer as it is written
     * @throws Exception if the port cannot be bound
     */
    FrontOnLoopback(Router router, Guard guard, Workers workers, BodyLimits limits, AnswerObserver observer)
            throws Exception {
        this.workers = workers;
        HttpFront front = new HttpFront(
                router,
                guard,
                "test",
                false,
                (request, route, response, nanos) -> {},
                workers,
                limits,
                new FaultScript(),
                new ServedHosts(Clock.systemUTC(), timer),
                timer,
                observer,
                new ResetGate());
        listener = new Listener(
                new InetSocketAddress("127.0.0.1", 0), null, front, connections, timer, WireDeadlines.defaults());
        listener.open();
        url = "http://127.0.0.1:" + listener.port();
    }

    /**
     * {@return a public read route answering an empty object}
     *
     * @param method the route's method
     * @param path   the route's path
     */
    static Route answeringEmpty(String method, String path) {
        return new Route(
                method,
                path,
                Access.PUBLIC,
                null,
                Operation.NOT_COUNTED,
                Work.READ,
                request -> Response.ok(Json.object()));
    }

    /** {@return the front's base URL} */
    String url() {
        return url;
    }

    /**
     * Stops listening, the workers and the timer.
     */
    void stop() {
        connections.close();
        listener.close();
        workers.close();
        timer.shutdownNow();
    }
}
