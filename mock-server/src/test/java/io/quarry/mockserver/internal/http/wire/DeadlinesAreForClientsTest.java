package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The wire's deadlines end slow or stalled clients, never a request that has arrived, however long its handler
 * takes; and every connection closed without an answer is counted and logged once, with its reason.
 */
@Timeout(30)
// Alone: it counts what the wire logger logs, which other classes' servers log to too.
@Isolated
class DeadlinesAreForClientsTest {

    /** Every step's deadline: far shorter than the handler's hold. */
    private static final WireDeadlines SHORT = WireDeadlines.all(100);

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(8);
    private final CountDownLatch bodyRead = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<CloseReason> told = new CopyOnWriteArrayList<>();
    private final Listener listener =
            new Listener(new InetSocketAddress("127.0.0.1", 0), null, new HoldingHandler(), threads, timer, SHORT);

    /**
     * Reads the body, then holds the answer until released; aborts the requests to {@code /abort}, and answers those
     * to {@code /unsendable} with no headers at all.
     */
    private final class HoldingHandler implements ExchangeHandler {

        @Override
        public void serve(WireExchange exchange) {
            if (exchange.head().rawPath().equals("/abort")) {
                exchange.abort(CloseReason.FAULT);
                return;
            }
            if (exchange.head().rawPath().equals("/unsendable")) {
                exchange.respond(new WireResponse(200, null, new byte[0], -1));
                return;
            }
            try {
                byte[] body = exchange.body(SHORT.idleMillis()).readAllBytes();
                bodyRead.countDown();
                release.await();
                exchange.respond(WireResponse.of(200, Map.of(), body));
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public WireResponse refusal(int status, String message) {
            return WireResponse.of(status, Map.of(), message.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void closedUnanswered(Listener from, CloseReason reason) {
            told.add(reason);
        }
    }

    @AfterEach
    void stop() {
        release.countDown();
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    private RawConnection connect() {
        return new RawConnection("127.0.0.1", listener.port());
    }

    @Test
    void aRequestWhoseHandlerOutlastsEveryDeadlineIsAnswered() throws Exception {
        listener.open();
        try (RawConnection writer = connect();
                RawConnection idle = connect()) {
            writer.send("PUT /1/indexes/products/p224 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}");
            bodyRead.await();
            // the other connection's idle deadline passes while the handler holds: every deadline had its time
            Eventually.waitUntil("the idle connection closed", () -> listener.unanswered(CloseReason.IDLE) == 1);
            assertThat(idle.closedByServer()).isTrue();
            release.countDown();

            WireAnswer answer = writer.readTimeout(10_000).readAnswer(false);

            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("{}");
            assertThat(told).containsOnly(CloseReason.IDLE);
        }
    }

    @Test
    void anAnswerTheWireCannotSendIsA500() throws Exception {
        listener.open();
        try (RawConnection client = connect()) {
            WireAnswer answer = client.send("GET /unsendable HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .readTimeout(10_000)
                    .readAnswer(false);

            assertThat(answer.status()).isEqualTo(500);
            assertThat(answer.body()).contains("an answer it cannot send");
            assertThat(client.closedByServer()).isTrue();
        }
    }

    @Test
    void aConnectionClosedWithoutAnAnswerIsCountedAndLoggedOnceWithItsReasonAndNoPath() throws Exception {
        List<LogRecord> lines = new CopyOnWriteArrayList<>();
        Logger wire = Logger.getLogger("io.quarry.mockserver.wire");
        Handler collect = new Handler() {
            @Override
            public void publish(LogRecord line) {
                lines.add(line);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Level before = wire.getLevel();
        wire.setLevel(Level.FINE);
        wire.addHandler(collect);
        listener.open();
        try (RawConnection client = connect()) {
            client.send("GET /abort?x-service-api-key=secret HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(client.readTimeout(10_000).closedByServer()).isTrue();
            Eventually.waitUntil("the close to be counted", () -> listener.unanswered(CloseReason.FAULT) == 1);
        } finally {
            wire.removeHandler(collect);
            wire.setLevel(before);
        }
        assertThat(told).containsExactly(CloseReason.FAULT);
        // the logger is the whole wire's: a connection of an earlier test may still log its close meanwhile
        List<LogRecord> ours = lines.stream()
                .filter(line -> line.getMessage().contains("its GET"))
                .toList();
        assertThat(ours)
                .as(lines.stream().map(LogRecord::getMessage).toList().toString())
                .hasSize(1);
        assertThat(ours.get(0).getLevel()).isEqualTo(Level.FINE);
        assertThat(ours.get(0).getMessage())
                .contains("without an answer to its GET: a scripted fault closed the connection")
                .doesNotContain("abort")
                .doesNotContain("secret");
    }
}
