package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.BadRequestException;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.testing.CapturingLogProvider.Event;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LogCapture;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.event.Level;

/**
 * The ingester's listener against the mock server: a listener held on one chunk stops neither the producers nor
 * the next batch calls, close waits for it, a listener that throws on a failed chunk leaves the chunk's error in
 * the log (and no key), and a listener cannot make the ingester wait for itself.
 */
@Timeout(30)
// Alone: the log capture sees what every class running beside it logs.
@Isolated
class IngesterListenerContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String BATCH = "/1/indexes/*/batch";

    /** Counts the batch calls that ended. */
    private final AtomicInteger batchesEnded = new AtomicInteger();

    private final CallObserver batchCounter = call -> call.operation().equals("batch")
            ? new ObservedCall() {
                @Override
                public void callEnded(CallEnd end) {
                    batchesEnded.incrementAndGet();
                }

                @Override
                public boolean readsBodySizes() {
                    return false;
                }
            }
            : ObservedCall.NONE;

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                    .callObserver(batchCounter)
                    .build());

    private final SearchIndex index = client.index("listened");

    /** Another producer's thread, off the common pool. */
    @RegisterExtension
    final TestThreads producers = new TestThreads();

    private final CountDownLatch releaseListener = new CountDownLatch(1);

    @AfterEach
    void letGo() {
        releaseListener.countDown();
    }

    @Test
    void aListenerHeldOnAChunkStopsNeitherProducersNorBatchCallsAndCloseWaitsForIt() throws Exception {
        CountDownLatch listenerHeld = new CountDownLatch(1);
        List<Long> acknowledged = new CopyOnWriteArrayList<>();
        ChunkListener holdingOnTheFirst = chunk -> {
            acknowledged.add(chunk.index());
            if (chunk.index() == 0) {
                listenerHeld.countDown();
                awaitQuietly(releaseListener);
            }
        };
        Ingester ingester = index.ingester(IngesterOptions.of()
                .chunkSize(10)
                .chunksInFlight(2)
                .flushInterval(Duration.ofMinutes(1))
                .listener(holdingOnTheFirst));
        for (int i = 0; i < 10; i++) {
            ingester.add(Map.of("objectID", "r" + i, "n", i));
        }
        assertThat(listenerHeld.await(10, TimeUnit.SECONDS)).isTrue();

        // while the listener is held: another thread's 40 records are taken and their four chunks answered (four
        // chunks' events stay within the listener's backlog, 8 per call in flight, past which producers would wait)
        producers
                .submit(() -> {
                    for (int i = 10; i < 50; i++) {
                        ingester.add(Map.of("objectID", "r" + i, "n", i));
                    }
                })
                .get(20, TimeUnit.SECONDS);
        Eventually.waitUntil("the five batch calls to end", () -> batchesEnded.get() == 5);
        assertThat(acknowledged).containsExactly(0L);

        releaseListener.countDown();
        ingester.close();

        assertThat(acknowledged).hasSize(5);
        assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(50);
    }

    @Test
    void aListenerThrowingOnAFailedChunkLeavesTheChunksErrorInTheLog() throws Exception {
        MOCK.faults().next(1, "POST", BATCH, Fault.status(400));
        ChunkListener throwing = new ChunkListener() {
            @Override
            public void acknowledged(ChunkAcknowledged chunk) {}

            @Override
            public void failed(ChunkFailed chunk) {
                throw new IllegalStateException("the listener's sink is down");
            }
        };
        try (LogCapture logs = LogCapture.start();
                Ingester ingester = index.ingester(IngesterOptions.of().listener(throwing))) {
            ingester.add(Map.of("objectID", "refused", "n", 1));
            assertThat(ingester.flush().recordsFailed()).isEqualTo(1);

            List<String> warnings = logs.events().stream()
                    .filter(e -> e.level() == Level.WARN && e.logger().startsWith("io.quarry.search"))
                    .map(Event::message)
                    .toList();
            assertThat(warnings).hasSize(2);
            assertThat(warnings.get(0))
                    .contains("ingester of index listened: chunk 0", "[refused]", BadRequestException.class.getName());
            assertThat(warnings.get(1)).contains("the listener's sink is down");
            assertThat(logs.events())
                    .extracting(Event::message)
                    .noneMatch(message -> message.contains(MOCK.server().adminKey()));
        }
    }

    @Test
    void aListenerCannotMakeTheIngesterWaitForItself() throws Exception {
        AtomicReference<Ingester> self = new AtomicReference<>();
        List<Throwable> refusals = new CopyOnWriteArrayList<>();
        CountDownLatch heard = new CountDownLatch(1);
        ChunkListener closingItself = chunk -> {
            try {
                self.get().flush();
            } catch (IllegalStateException e) {
                refusals.add(e);
            }
            try {
                self.get().close();
            } catch (IllegalStateException e) {
                refusals.add(e);
            }
            heard.countDown();
        };
        try (Ingester ingester = index.ingester(IngesterOptions.of().listener(closingItself))) {
            self.set(ingester);
            ingester.add(Map.of("objectID", "r0", "n", 0));
            ingester.flushAsync();
            assertThat(heard.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(refusals)
                .hasSize(2)
                .allSatisfy(e -> assertThat(e).hasMessageContaining("called by its own listener"));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
