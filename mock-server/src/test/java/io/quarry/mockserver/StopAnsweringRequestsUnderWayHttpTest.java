package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The standalone server's stop (SIGTERM, Ctrl-C, {@code docker stop}): the requests that have arrived are answered,
 * no new connection is taken, and neither an idle connection nor a held request keeps it waiting.
 */
@Timeout(120)
class StopAnsweringRequestsUnderWayHttpTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private HttpRequest listIndices(MockServer server) {
        return HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", server.adminKey())
                .build();
    }

    @Test
    void aRequestUnderWayIsAnsweredAndNoNewConnectionIsTaken() throws Exception {
        MockServer server = MockServer.builder().start();
        try {
            // the answer is held past its delay, as a slow handler's would be, until the stop has begun
            CountDownLatch release = server.holdDelayedAnswers();
            server.faults().next(1, "GET", "/1/indexes", Fault.delay(Duration.ofMillis(1)));
            CompletableFuture<HttpResponse<String>> answer =
                    http.sendAsync(listIndices(server), HttpResponse.BodyHandlers.ofString());
            Eventually.waitUntil(
                    "the request reaches the server",
                    () -> server.hosts().get(0).requestCount() == 1);

            CompletableFuture<Void> stopped =
                    CompletableFuture.runAsync(() -> server.closeAfterAnswering(Duration.ofSeconds(60)), threads);
            Eventually.waitUntil("the stop to take no new connection", () -> refusesConnections(server));
            assertThat(answer).as("held until released").isNotDone();
            release.countDown();

            HttpResponse<String> response = answer.get(30, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"items\"");
            assertThat(response.headers().firstValue("Connection")).hasValue("close");
            stopped.get(30, TimeUnit.SECONDS);
            assertThatThrownBy(() -> HttpClient.newHttpClient()
                            .send(listIndices(server), HttpResponse.BodyHandlers.discarding()))
                    .isInstanceOf(ConnectException.class);
            assertThat(server.threadsStopped()).isTrue();
        } finally {
            server.close();
        }
    }

    private static boolean refusesConnections(MockServer server) {
        try (Socket socket = new Socket(server.host(), server.port())) {
            return !socket.isConnected();
        } catch (ConnectException refused) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void idleConnectionsAndHeldRequestsDoNotHoldTheStop() throws Exception {
        MockServer server = MockServer.builder().hosts(2).start();
        try {
            // a kept-alive connection, idle once answered
            assertThat(http.send(listIndices(server), HttpResponse.BodyHandlers.discarding())
                            .statusCode())
                    .isEqualTo(200);
            server.hosts().get(0).faults().hold(Duration.ofHours(1));
            CompletableFuture<HttpResponse<Void>> held =
                    http.sendAsync(listIndices(server), HttpResponse.BodyHandlers.discarding());
            Eventually.waitUntil(
                    "the held request reaches the server",
                    () -> server.hosts().get(0).requestCount() == 2);

            long started = System.nanoTime();
            // a grace far longer than the test's timeout: waiting for either would fail it
            server.closeAfterAnswering(Duration.ofMinutes(10));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
            // the client sends the GET again, once, on a new connection when its reused one closes before any
            // answer: that request came after the stop began, so it is refused, never answered as one under way
            assertThatThrownBy(() -> held.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(IOException.class);
            assertThat(server.threadsStopped()).isTrue();
        } finally {
            server.close();
        }
    }
}
