package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.testing.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Errors thrown by a handler are answered as JSON and the front keeps serving; a full queue is a 503. */
@Timeout(60)
class HttpFrontErrorsTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private Workers workers;
    private FrontOnLoopback front;
    private String url;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        Router router = new Router()
                .add(new Route("GET", "/stack", Access.PUBLIC, null, Operation.NOT_COUNTED, Work.READ, request -> {
                    throw new StackOverflowError();
                }))
                .add(new Route("GET", "/memory", Access.PUBLIC, null, Operation.NOT_COUNTED, Work.READ, request -> {
                    throw new OutOfMemoryError("Java heap space");
                }))
                .add(new Route("GET", "/assert", Access.PUBLIC, null, Operation.NOT_COUNTED, Work.READ, request -> {
                    throw new AssertionError("boom");
                }))
                .add(new Route(
                        "GET",
                        "/immutable",
                        Access.PUBLIC,
                        null,
                        Operation.NOT_COUNTED,
                        Work.READ,
                        request ->
                                Response.ok(Json.object().put("added", List.of().add("x")))))
                .add(new Route("GET", "/block", Access.PUBLIC, null, Operation.NOT_COUNTED, Work.READ, request -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Response.ok(Json.object());
                }))
                .add(new Route(
                        "GET",
                        "/unwritable",
                        Access.PUBLIC,
                        null,
                        Operation.NOT_COUNTED,
                        Work.READ,
                        request -> Response.ok(Json.object().putPOJO("value", new Unwritable()))))
                .add(FrontOnLoopback.answeringEmpty("GET", "/ok"));
        workers = new Workers(1, 1);
        front = new FrontOnLoopback(router, (request, route) -> request, workers, BodyLimits.defaults());
        url = front.url();
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        front.stop();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url + path))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void errorsAreAnsweredAndTheServerKeepsServing() throws Exception {
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> stack = get("/stack");
            assertThat(stack.statusCode()).isEqualTo(500);
            assertThat(Json.parse(stack.body()).get("message").stringValue()).contains("StackOverflowError");
            HttpResponse<String> memory = get("/memory");
            assertThat(memory.statusCode()).isEqualTo(503);
            assertThat(get("/assert").statusCode()).isEqualTo(500);
            // a bug of the mock server, not the caller's: it was a 400 "Not supported by the mock server: null"
            HttpResponse<String> immutable = get("/immutable");
            assertThat(immutable.statusCode()).isEqualTo(500);
            assertThat(Json.parse(immutable.body()).get("message").stringValue())
                    .isEqualTo("Mock server error: UnsupportedOperationException");
        }
        assertThat(get("/ok").statusCode()).isEqualTo(200);
    }

    @Test
    void anAnswerThatCannotBeWrittenIsA500NotAClosedConnection() throws Exception {
        HttpResponse<String> unwritable = get("/unwritable");
        assertThat(unwritable.statusCode()).isEqualTo(500);
        assertThat(Json.parse(unwritable.body()).get("message").stringValue()).startsWith("Mock server error");
        assertThat(get("/ok").statusCode()).isEqualTo(200);
    }

    /** A value the JSON writer fails on, as it asks for its one property. */
    public static final class Unwritable {

        /** {@return nothing: it fails} */
        public String getValue() {
            throw new IllegalStateException("cannot be written");
        }
    }

    @Test
    void aFullQueueIsA503AtOnce() throws Exception {
        var first = http.sendAsync(
                HttpRequest.newBuilder(URI.create(url + "/block")).build(), HttpResponse.BodyHandlers.ofString());
        Eventually.waitUntil("the first request to hold the one worker", () -> workers.busy() == 1);
        var second = http.sendAsync(
                HttpRequest.newBuilder(URI.create(url + "/block")).build(), HttpResponse.BodyHandlers.ofString());
        Eventually.waitUntil("the second request to wait in the queue", () -> workers.queued() == 1);
        HttpResponse<String> third = get("/ok");
        assertThat(third.statusCode()).isEqualTo(503);
        assertThat(Json.parse(third.body()).get("message").stringValue()).contains("overloaded");
        // at once: answered while the one worker and the queue's one place are still held, not after a turn came
        assertThat(first).isNotDone();
        assertThat(second).isNotDone();
        assertThat(workers.queued()).isEqualTo(1);
        release.countDown();
        assertThat(first.get().statusCode()).isEqualTo(200);
        assertThat(second.get().statusCode()).isEqualTo(200);
        assertThat(get("/ok").statusCode()).isEqualTo(200);
    }
}
