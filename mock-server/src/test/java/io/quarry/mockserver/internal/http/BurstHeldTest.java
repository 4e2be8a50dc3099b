package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.testing.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
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
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(120))
                .build();
        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            answers.add(http.sendAsync(
                            HttpRequest.newBuilder(URI.create(url + "/held"))
                                    .timeout(Duration.ofSeconds(240))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .handle((response, failure) -> failure == null ? response.statusCode() : -1));
        }
        assertThat(arrived.await(240, TimeUnit.SECONDS))
                .as("requests through the front: %d left", arrived.getCount())
                .isTrue();
        // every request arrived while none could finish: each holds a turn or waits for one (the last few may
        // still be between the credential check and the queue)
        Eventually.waitUntil(
                "every request to hold a turn or wait for one", () -> workers.busy() + workers.queued() == REQUESTS);
        assertThat(workers.busy()).isEqualTo(workers.threads());
        release.countDown();
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (CompletableFuture<Integer> answer : answers) {
            statuses.merge(answer.get(240, TimeUnit.SECONDS), 1, Integer::sum);
        }
        assertThat(statuses).isEqualTo(Map.of(200, REQUESTS));
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
