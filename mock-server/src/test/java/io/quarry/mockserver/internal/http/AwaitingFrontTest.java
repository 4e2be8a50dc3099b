package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Jetty starts before the front exists: a request that comes first waits for the hand-over. */
@Timeout(60)
class AwaitingFrontTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private FrontOnLoopback loopback;

    @BeforeEach
    void start() throws Exception {
        loopback = FrontOnLoopback.awaitingHandOver(
                new Router().add(FrontOnLoopback.answeringEmpty("GET", "/ok")), new Workers(2, 10));
    }

    @AfterEach
    void stop() throws Exception {
        loopback.stop();
    }

    private CompletableFuture<HttpResponse<String>> getOk() {
        return http.sendAsync(
                HttpRequest.newBuilder(URI.create(loopback.url() + "/ok")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRequestBeforeTheHandOverWaitsAndIsServed() throws Exception {
        CompletableFuture<HttpResponse<String>> early = getOk();
        Eventually.waitUntil("the request's connection is open", () -> loopback.openConnections() == 1);
        assertThat(early).isNotDone();

        loopback.handOver();

        assertThat(early.get().statusCode()).isEqualTo(200);
        assertThat(getOk().get().statusCode()).isEqualTo(200);
    }

    @Test
    void anAbandonedStartLetsWaitingRequestsGo() throws Exception {
        CompletableFuture<HttpResponse<String>> early = getOk();
        Eventually.waitUntil("the request's connection is open", () -> loopback.openConnections() == 1);

        loopback.abandon();

        // no front: Jetty's own answer, which the server being stopped gives every request
        assertThat(early.get().statusCode()).isEqualTo(404);
    }
}
