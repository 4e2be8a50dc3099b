package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that stops sending after an early answer but keeps its connection open holds the connection's thread no
 * longer than the linger's pause: the thread ends while the client's socket is still open, and the close, after an
 * answer, is not counted as one without.
 */
@Timeout(60)
class LingerPauseTest {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(4);
    private final Listener listener = new Listener(
            new InetSocketAddress("127.0.0.1", 0),
            null,
            new ExchangeHandler() {
                @Override
                public void serve(WireExchange exchange) {
                    // answered at once, the body left unread
                    exchange.respond(WireResponse.of(503, Map.of(), "no room".getBytes(StandardCharsets.UTF_8)));
                }

                @Override
                public WireResponse refusal(int status, String message) {
                    return WireResponse.of(status, Map.of(), message.getBytes(StandardCharsets.UTF_8));
                }
            },
            threads,
            timer,
            // every deadline 30 s but the linger's pause: only the pause can end the connection within the wait
            new WireDeadlines(30_000, 30_000, 30_000, 30_000, 300, 5_000));

    @AfterEach
    void stop() {
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    @Test
    void aClientThatStopsSendingIsLetGoAfterThePause() throws Exception {
        listener.open();
        try (RawConnection client = new RawConnection("127.0.0.1", listener.port())) {
            client.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1048576\r\n\r\n");
            client.send(new byte[1024]);

            assertThat(client.readTimeout(30_000).readAnswer(false).status()).isEqualTo(503);
            assertThat(client.closedByServer())
                    .as("the server's sending side shut")
                    .isTrue();

            Eventually.waitUntil("the connection's thread to end", () -> threads.running() == 0);
        }
        for (CloseReason reason : CloseReason.values()) {
            assertThat(listener.unanswered(reason)).as(reason.name()).isZero();
        }
    }
}
