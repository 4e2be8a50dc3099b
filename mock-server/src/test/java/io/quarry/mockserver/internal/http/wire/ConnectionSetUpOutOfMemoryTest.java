package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The heap running out while the accepting thread sets up one connection costs that connection, never the accepting
 * thread: it ended with the {@link OutOfMemoryError}, and no connection of the port was answered any more. The
 * connection's request is answered the ready-made 503 off the accepting thread; only when not even a thread can be
 * had for that is it closed unanswered.
 */
@Timeout(30)
class ConnectionSetUpOutOfMemoryTest {

    /** Whether making a thread fails, so that the connection is refused 503 (its answer made on the accepting thread). */
    private final AtomicBoolean noThread = new AtomicBoolean();

    /** Whether making the 503 fails, as allocating it does when the heap is exhausted. */
    private final AtomicBoolean noMemory = new AtomicBoolean();

    /** How many of the next threads fail to start, as when the system's memory is short for a moment. */
    private final AtomicInteger threadsFailing = new AtomicInteger();

    private static final byte[] READY = "{\"message\":\"no memory\",\"status\":503}".getBytes(StandardCharsets.UTF_8);

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(ConnectionLimit.of(16), task -> {
        if (noThread.get() || threadsFailing.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
        }
        return new Thread(task);
    });
    private final Listener listener = new Listener(
            new InetSocketAddress("127.0.0.1", 0), null, answering(), threads, timer, WireDeadlines.defaults());

    private ExchangeHandler answering() {
        return new ExchangeHandler() {
            @Override
            public void serve(WireExchange exchange) {
                exchange.respond(WireResponse.of(200, Map.of(), "{}".getBytes(StandardCharsets.UTF_8)));
            }

            @Override
            public WireResponse refusal(int status, String message) {
                if (noMemory.get()) {
                    throw new OutOfMemoryError("Java heap space");
                }
                return WireResponse.of(status, Map.of(), message.getBytes(StandardCharsets.UTF_8));
            }

            @Override
            public WireResponse outOfMemory() {
                // made in advance, as the server's is
                return WireResponse.of(503, Map.of("Content-Type", "application/json"), READY);
            }
        };
    }

    @AfterEach
    void stop() {
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    @Test
    void aConnectionWhoseSetUpRanOutOfMemoryIsClosedAndTheNextOneIsServed() throws Exception {
        listener.open();
        noThread.set(true);
        noMemory.set(true);
        try (RawConnection unlucky = new RawConnection("127.0.0.1", listener.port())) {
            assertThat(unlucky.readTimeout(10_000).closedByServer())
                    .as("the connection closed for want of memory")
                    .isTrue();
            Eventually.waitUntil("the closed connection counted", () -> listener.unanswered(CloseReason.NO_ROOM) == 1);
        }
        noThread.set(false);
        noMemory.set(false);
        try (RawConnection next = new RawConnection("127.0.0.1", listener.port())) {
            String answer = next.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .readTimeout(10_000)
                    .readAvailable();
            assertThat(answer)
                    .as("the accepting thread still takes connections")
                    .startsWith("HTTP/1.1 200 OK");
        }
    }

    @Test
    void aRequestWhoseConnectionsSetUpRanOutOfMemoryIsAnsweredTheReadyMade503() throws Exception {
        listener.open();
        // the connection's own thread, the 503 of a connection past the limit and the first refusal threads find no
        // memory, a moment later a refusal thread does
        threadsFailing.set(3);
        noMemory.set(true);
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
        assertThat(listener.unanswered(CloseReason.NO_ROOM))
                .as("no connection closed unanswered")
                .isZero();
    }
}
