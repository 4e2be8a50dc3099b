package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The heap running out while the accepting thread sets up one connection costs that connection, never the accepting
 * thread: it ended with the {@link OutOfMemoryError}, and no connection of the port was answered any more.
 */
@Timeout(30)
class ConnectionSetUpOutOfMemoryTest {

    /** Whether making a thread fails, so that the connection is refused 503 (its answer made on the accepting thread). */
    private final AtomicBoolean noThread = new AtomicBoolean();

    /** Whether making the 503 fails, as allocating it does when the heap is exhausted. */
    private final AtomicBoolean noMemory = new AtomicBoolean();

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(ConnectionLimit.of(16), task -> {
        if (noThread.get()) {
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
}
