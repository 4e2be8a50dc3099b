package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.testing.Burst;
import io.quarry.mockserver.testing.Eventually;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * With the mock server's default bounds, 2,000 requests in flight at once, every one of them waiting for a turn or
 * holding one, are all answered 200 once the handlers may go on: a burst a load test sends is queued, not refused.
 * Every connection is open and its request written before the first answer is read ({@link Burst}).
 */
@Timeout(300) // a hang guard, as the waits below: on a loaded machine 2,000 connections take many seconds to arrive
class BurstHeldTest {

    private static final int REQUESTS = 2_000;

    private final CountDownLatch arrived = new CountDownLatch(REQUESTS);
    private final CountDownLatch release = new CountDownLatch(1);
    /** How many handlers ran on each kind of thread. */
    private final Map<String, Integer> handlerThreads = new ConcurrentHashMap<>();

    private Workers workers;
    private FrontOnLoopback front;
    private String url;

    @BeforeEach
    void start() throws Exception {
        Router router = new Router()
                .add(new Route("GET", "/held", Access.PUBLIC, null, Operation.NOT_COUNTED, Work.READ, request -> {
                    handlerThreads.merge(kindOfThread(), 1, Integer::sum);
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Response.ok(Json.object());
                }));
        // the defaults of MockServer.builder()
        workers = new Workers(
                Workers.virtualThreadsAvailable()
                        ? MockServer.DEFAULT_THREADS_VIRTUAL
                        : MockServer.DEFAULT_THREADS_PLATFORM,
                MockServer.DEFAULT_QUEUE_SIZE);
        front = new FrontOnLoopback(
                router,
                (request, route) -> {
                    // the request is about to be offered to the workers (it has no body to wait for)
                    arrived.countDown();
                    return request;
                },
                workers,
                BodyLimits.defaults());
        url = front.url();
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        front.stop();
    }

    @Test
    void twoThousandRequestsHeldAtOnceAreAllAnswered() throws Exception {
        URI at = URI.create(url);
        byte[] held = "GET /held HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        try (Burst burst = new Burst(at.getHost(), at.getPort(), held, REQUESTS, Duration.ofSeconds(240))) {
            assertThat(arrived.await(240, TimeUnit.SECONDS))
                    .as("requests through the front: %d left", arrived.getCount())
                    .isTrue();
            // every request arrived while none could finish: each holds a turn or waits for one (the last few may
            // still be between the credential check and the queue)
            Eventually.waitUntil(
                    "every request to hold a turn or wait for one",
                    () -> workers.busy() + workers.queued() == REQUESTS);
            assertThat(workers.busy()).isEqualTo(workers.threads());
            release.countDown();
            assertThat(burst.outcomes(answer -> String.valueOf(answer.status())))
                    .isEqualTo(Map.of("200", REQUESTS));
        }
        // every handler ran on a platform thread, time-sliced by the OS, also where connections have virtual ones
        assertThat(handlerThreads).isEqualTo(Map.of("platform", REQUESTS));
    }

    private static String kindOfThread() {
        try {
            return (boolean) Thread.class.getMethod("isVirtual").invoke(Thread.currentThread())
                    ? "virtual"
                    : "platform";
        } catch (NoSuchMethodException beforeJdk21) {
            return "platform";
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
