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
 * A system with no room for one more thread (its thread or memory limits reached, as a loaded build machine may be
 * for a moment) costs the connection that came then, never the accepting thread: the connections after it are served.
 */
@Timeout(30)
class NoRoomForAThreadTest {

    /** Whether making a thread fails, as {@link Thread#start()} does when the system has no room for a thread. */
    private final AtomicBoolean noRoom = new AtomicBoolean();

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(ConnectionLimit.of(16), task -> {
        // the factory fails, not Thread.start(): from JDK 21 on, a pool starts its threads without calling an
        // overridden start(), and the failure would not be simulated there
        if (noRoom.get()) {
            throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
        }
        return new Thread(task);
    });
    private final Listener listener = new Listener(
            new InetSocketAddress("127.0.0.1", 0), null, answering(), threads, timer, WireDeadlines.defaults());

    private static ExchangeHandler answering() {
        return new ExchangeHandler() {
            @Override
            public void serve(WireExchange exchange) {
                exchange.respond(WireResponse.of(200, Map.of(), "{}".getBytes(StandardCharsets.UTF_8)));
            }

            @Override
            public WireResponse refusal(int status, String message) {
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
    void aConnectionThatGotNoThreadIsClosedAndTheNextOneIsServed() throws Exception {
        listener.open();
        noRoom.set(true);
        try (RawConnection unlucky = new RawConnection("127.0.0.1", listener.port())) {
            // neither its own thread nor a refusal's: closed, and counted
            Eventually.waitUntil(
                    "the connection closed for want of a thread", () -> listener.unanswered(CloseReason.NO_ROOM) == 1);
            assertThat(unlucky.readTimeout(5000).closedByServer()).isTrue();
        }
        noRoom.set(false);
        try (RawConnection next = new RawConnection("127.0.0.1", listener.port())) {
            String answer = next.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .readTimeout(10_000)
                    .readAvailable();
            assertThat(answer)
                    .as("the accepting thread still takes connections")
                    .startsWith("HTTP/1.1 200 OK");
        }
        assertThat(threads.running()).isLessThanOrEqualTo(1);
    }
}
