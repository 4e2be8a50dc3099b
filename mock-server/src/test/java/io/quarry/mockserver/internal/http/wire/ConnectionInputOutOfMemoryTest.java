package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The heap running out on a new connection's thread before the first byte of its request is read (making the
 * connection's input) still answers that request, with the ready-made 503, rather than closing the connection as a
 * failed thread: a client opens a connection to send a request, and it must learn that request was not taken.
 */
@Timeout(30)
class ConnectionInputOutOfMemoryTest {

    private static final byte[] READY = "{\"message\":\"no memory\",\"status\":503}".getBytes(StandardCharsets.UTF_8);

    private final AtomicInteger inputsFailing = new AtomicInteger();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(4);
    private final Listener listener = new Listener(
            new InetSocketAddress("127.0.0.1", 0),
            NoInputSocket.context(inputsFailing),
            new ExchangeHandler() {
                @Override
                public void serve(WireExchange exchange) {
                    exchange.respond(WireResponse.of(200, Map.of(), "{}".getBytes(StandardCharsets.UTF_8)));
                }

                @Override
                public WireResponse refusal(int status, String message) {
                    return WireResponse.of(status, Map.of(), message.getBytes(StandardCharsets.UTF_8));
                }

                @Override
                public WireResponse outOfMemory() {
                    return WireResponse.of(503, Map.of("Content-Type", "application/json"), READY);
                }
            },
            threads,
            timer,
            WireDeadlines.defaults());

    @AfterEach
    void stop() {
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    @Test
    void aRequestWhoseConnectionsInputRanOutOfMemoryIsAnsweredTheReadyMade503() throws Exception {
        listener.open();
        inputsFailing.set(1);
        byte[] body = new byte[1024 * 1024];
        try (RawConnection client = new RawConnection("127.0.0.1", listener.port())) {
            WireAnswer answer = client.send("POST /1/indexes/a/batch HTTP/1.1\r\nHost: localhost\r\nContent-Length: "
                            + body.length + "\r\n\r\n")
                    .send(body)
                    .readTimeout(10_000)
                    .readAnswer(false);
            assertThat(answer.status())
                    .as("answered, its whole body sent first, rather than closed")
                    .isEqualTo(503);
            assertThat(answer.body()).isEqualTo(new String(READY, StandardCharsets.UTF_8));
            assertThat(answer.closes()).isTrue();
        }
        assertThat(listener.unanswered(CloseReason.FAILED))
                .as("no connection's thread counted as failed")
                .isZero();
    }
}
