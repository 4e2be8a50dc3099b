package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An answer given before the request's body has come (a 503 for want of room, say): the connection is closed after
 * it, but only once the client has sent its body, which a client such as the JDK's does before reading any answer.
 * Closing on unread bytes resets the connection, and the client then sees the reset instead of the answer.
 */
@Timeout(60)
class UnreadBodyDrainTest {

    private static final long LINGER_MILLIS = 1_500;

    /** A slow client's pace: far inside the linger, yet its whole body takes twice as long as the linger. */
    private static final long PACE_MILLIS = 100;

    private static final int PIECES = 30;

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
            new WireDeadlines(30_000, 30_000, 30_000, 30_000, LINGER_MILLIS, 5_000));

    @AfterEach
    void stop() {
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    @Test
    void aBodyStillComingAfterAnEarlyAnswerIsReadToItsEndSoTheClientGetsTheAnswer() throws Exception {
        listener.open();
        byte[] piece = new byte[1024];
        try (RawConnection client = new RawConnection("127.0.0.1", listener.port())) {
            client.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + PIECES * piece.length + "\r\n\r\n");
            for (int i = 0; i < PIECES; i++) {
                Thread.sleep(PACE_MILLIS);
                // a write failing here is the reset of a connection closed on the unread body
                client.send(piece);
            }

            WireAnswer answer = client.readTimeout(5_000).readAnswer(false);

            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.header("Connection")).isEqualTo("close");
            assertThat(client.closedByServer()).isTrue();
        }
    }
}
