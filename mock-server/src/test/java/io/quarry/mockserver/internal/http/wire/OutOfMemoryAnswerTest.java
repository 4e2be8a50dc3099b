package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A connection's thread that runs out of memory on a request still answers it, with the handler's ready-made 503,
 * instead of closing the connection unanswered. The errors are thrown, not provoked: the heap is the whole JVM's.
 */
@Timeout(30)
class OutOfMemoryAnswerTest {

    private static final byte[] READY = "{\"message\":\"no memory\",\"status\":503}".getBytes(StandardCharsets.UTF_8);

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(4);
    private Listener listener;

    @AfterEach
    void stop() {
        threads.close();
        if (listener != null) {
            listener.close();
        }
        timer.shutdownNow();
    }

    private RawConnection serving(Consumer<WireExchange> serve) throws Exception {
        listener = new Listener(
                new InetSocketAddress("127.0.0.1", 0),
                null,
                new ExchangeHandler() {
                    @Override
                    public void serve(WireExchange exchange) {
                        serve.accept(exchange);
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
        listener.open();
        return new RawConnection("127.0.0.1", listener.port());
    }

    @Test
    void aHandlerOutOfMemoryOnTheConnectionsThreadIsAnswered503() throws Exception {
        try (RawConnection client = serving(exchange -> {
            throw new OutOfMemoryError("Java heap space");
        })) {
            WireAnswer answer = client.send("POST /1/indexes/a/batch HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).isEqualTo(new String(READY, StandardCharsets.UTF_8));
            assertThat(answer.closes()).isTrue();
        }
    }

    @Test
    void noRoomForAnAnswersBytesIsAnswered503() throws Exception {
        Map<String, String> unwritable = new AbstractMap<>() {
            @Override
            public Set<Entry<String, String>> entrySet() {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        try (RawConnection client =
                serving(exchange -> exchange.respond(WireResponse.of(200, unwritable, new byte[16])))) {
            WireAnswer answer = client.send("GET /1/indexes HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).isEqualTo(new String(READY, StandardCharsets.UTF_8));
        }
    }
}
