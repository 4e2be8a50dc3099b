package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ingester against the mock server: many producers, chunks cut by count, bytes and time, backpressure under
 * slow batch calls, faults, failures told to the listener, and closing (its own and the client's).
 */
@Timeout(60)
class IngesterContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String BATCH = "/1/indexes/*/batch";

    /** Counts batch calls under way, and the most at once. */
    private static final class InFlightCounter implements CallObserver {
        final AtomicInteger now = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final AtomicInteger ingestCalls = new AtomicInteger();

        @Override
        public ObservedCall callStarted(CallDescription call) {
            if (call.operation().equals("ingest")) {
                ingestCalls.incrementAndGet();
            }
            if (!call.operation().equals("batch")) {
                return ObservedCall.NONE;
            }
            most.accumulateAndGet(now.incrementAndGet(), Math::max);
            return new ObservedCall() {
                @Override
                public void callEnded(CallEnd end) {
                    now.decrementAndGet();
                }

                @Override
                public boolean readsBodySizes() {
                    return false;
                }
            };
        }
    }

    private final InFlightCounter inFlight = new InFlightCounter();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                    .callObserver(inFlight)
                    .build());

    private final SearchIndex index = client.index("ingested");

    /** Chunks cut by count only: no interval sends one while the test looks. */
    private static IngesterOptions byCount(int chunkSize, int chunksInFlight) {
        return IngesterOptions.of()
                .chunkSize(chunkSize)
                .chunksInFlight(chunksInFlight)
                .flushInterval(Duration.ofMinutes(1));
    }

    /** A client counted like the test's own, whose answers wait until the test releases them. */
    private SearchClient slowClient(HeldAnswers slow) {
        return SearchClient.create(
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                        .callObserver(inFlight)
                        .httpClient(slow.httpClient())
                        .build());
    }

    /** The producers' threads, off the common pool. */
    @RegisterExtension
    final TestThreads producers = new TestThreads();

    @Test
    void manyProducersStoreEveryRecordOnce() throws Exception {
        List<ChunkSent> sent = Collections.synchronizedList(new ArrayList<>());
        try (Ingester ingester = index.ingester(
                IngesterOptions.of().chunkSize(100).chunksInFlight(3).listener(new ChunkListener() {
                    @Override
                    public void acknowledged(ChunkAcknowledged chunk) {}

                    @Override
                    public void sent(ChunkSent chunk) {
                        sent.add(chunk);
                    }
                }))) {
            List<Future<?>> done = new ArrayList<>();
            for (int p = 0; p < 8; p++) {
                int producer = p;
                done.add(producers.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        ingester.add(Map.of("objectID", producer + "-" + i, "n", producer * 500 + i));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
            WriteProgress progress = ingester.flush();

            assertThat(progress.recordsAcknowledged()).isEqualTo(4_000);
            assertThat(progress.recordsFailed()).isZero();
        }
        assertThat(sent)
                .extracting(ChunkSent::recordCount)
                .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(100));
        assertThat(inFlight.most.get()).isLessThanOrEqualTo(3);
        assertThat(inFlight.ingestCalls.get()).isEqualTo(sent.size());
        waitForEveryWrite(index);
        assertThat(storedNumbers(index))
                .hasSize(4_000)
                .allSatisfy((n, count) -> assertThat(count).isEqualTo(1));
    }

    @Test
    void chunksAreCutByBytesAndByTime() throws Exception {
        List<ChunkSent> sent = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger acknowledged = new AtomicInteger();
        ChunkListener listener = new ChunkListener() {
            @Override
            public void acknowledged(ChunkAcknowledged chunk) {
                acknowledged.addAndGet(chunk.response().objectIDs().size());
            }

            @Override
            public void sent(ChunkSent chunk) {
                sent.add(chunk);
            }
        };
        String filler = "x".repeat(400);
        // an interval no stall of the adding thread reaches: only the bytes cut these chunks (the last, the close)
        try (Ingester ingester = index.ingester(IngesterOptions.of()
                .chunkSize(1_000)
                .chunkBytes(2_000)
                .flushInterval(Duration.ofMinutes(10))
                .listener(listener))) {
            for (int i = 0; i < 20; i++) {
                ingester.add(Map.of("objectID", "big" + i, "n", i, "text", filler));
            }
        }
        // about 450 bytes each: four to a chunk, the fifth would go over
        Eventually.waitUntil("the 20 records to be acknowledged", () -> acknowledged.get() == 20);
        assertThat(sent).extracting(ChunkSent::recordCount).containsOnly(4);

        try (Ingester ingester = index.ingester(IngesterOptions.of()
                .chunkSize(1_000)
                .chunkBytes(2_000)
                .flushInterval(Duration.ofMillis(100))
                .listener(listener))) {
            // two records, far from any limit: sent once they have waited the interval, before a flush or a close
            ingester.add(Map.of("objectID", "small1", "n", 100));
            ingester.add(Map.of("objectID", "small2", "n", 101));
            Eventually.waitUntil("the interval to send the two records", () -> acknowledged.get() == 22);
        }
    }

    @Test
    void producersWaitWhileTheCallsInFlightAreSlow() throws Exception {
        // every batch answer is held in the client: two calls in flight and a full chunk, then add waits. The state
        // lasts until the test lets the answers through; then the rest go at once
        AtomicInteger taken = new AtomicInteger();
        try (HeldAnswers slow = new HeldAnswers();
                SearchClient slowClient = slowClient(slow);
                Ingester ingester = slowClient.index("ingested").ingester(byCount(10, 2))) {
            try {
                Future<?> producer = producers.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        ingester.add(Map.of("objectID", "r" + i, "n", i));
                        taken.incrementAndGet();
                    }
                });
                // 20 records in the two calls, 10 in the full chunk: the 31st waits
                Eventually.waitUntil("the producer to wait for room", () -> taken.get() == 30 && slow.held() == 2);
                assertThat(inFlight.now.get()).isEqualTo(2);
                assertThat(ingester.toString()).contains("2 chunks in flight", "10 records waiting");
                slow.release();

                producer.get(30, TimeUnit.SECONDS);
                ingester.flush();
            } finally {
                slow.release(); // before the ingester's close sends what is left, also when the test fails
            }
        }
        assertThat(inFlight.most.get()).isEqualTo(2);
        waitForEveryWrite(index);
        assertThat(storedNumbers(index)).hasSize(50);
    }

    @Test
    void aProducerWaitingTooLongIsRefusedAndTheRecordNotTaken() throws Exception {
        // the first chunk's answer is held in the client until the test lets it through: the 50 ms add timeout
        // passes before there is room; the second chunk, sent once the answer is let through, is answered at once
        try (HeldAnswers slow = new HeldAnswers();
                SearchClient slowClient = slowClient(slow);
                Ingester ingester =
                        slowClient.index("ingested").ingester(byCount(10, 1).addTimeout(Duration.ofMillis(50)))) {
            try {
                for (int i = 0; i < 20; i++) {
                    ingester.add(Map.of("objectID", "r" + i, "n", i));
                }
                assertThatThrownBy(() -> ingester.add(Map.of("objectID", "r20", "n", 20)))
                        .isInstanceOfSatisfying(
                                WriteRefusedException.class,
                                e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.TIMED_OUT))
                        .hasMessageContaining("ingester of index ingested did not take the record")
                        .hasMessageContaining("add timeout");
            } finally {
                slow.release(); // before the ingester's close sends what is left, also when the test fails
            }
        }
        waitForEveryWrite(index);
        assertThat(storedNumbers(index).keySet())
                .containsExactlyInAnyOrderElementsOf(
                        java.util.stream.IntStream.range(0, 20).boxed().toList());
    }

    @Test
    void aProducerInterruptedWhileWaitingIsRefused() throws Exception {
        AtomicReference<Throwable> refusal = new AtomicReference<>();
        AtomicReference<Boolean> flagAfter = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        // the first chunk's answer is held in the client: the producer waits for room until it is interrupted
        try (HeldAnswers slow = new HeldAnswers();
                SearchClient slowClient = slowClient(slow);
                Ingester ingester = slowClient.index("ingested").ingester(byCount(5, 1))) {
            try {
                Thread producer = new Thread(() -> {
                    try {
                        for (int i = 0; i < 100; i++) {
                            ingester.add(Map.of("objectID", "r" + i, "n", i));
                        }
                    } catch (WriteRefusedException e) {
                        refusal.set(e);
                        flagAfter.set(Thread.currentThread().isInterrupted());
                    } finally {
                        ended.countDown();
                    }
                });
                producer.start();
                Eventually.waitUntil(
                        "the producer to wait for room", () -> producer.getState() == Thread.State.WAITING);
                producer.interrupt();
                assertThat(ended.await(10, TimeUnit.SECONDS)).isTrue();
            } finally {
                slow.release(); // before the ingester's close sends what is left, also when the test fails
            }
        }
        assertThat(refusal.get())
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.INTERRUPTED));
        assertThat(flagAfter.get()).isTrue();
    }

    @Test
    void closeSendsWhatIsPendingAndRefusesMore() throws Exception {
        Ingester ingester = index.ingester(IngesterOptions.of().flushInterval(Duration.ofMinutes(1)));
        for (int i = 0; i < 25; i++) {
            ingester.add(Map.of("objectID", "r" + i, "n", i));
        }
        ingester.delete("r3");
        ingester.partialUpdate(Map.of("objectID", "r4", "n", 1_004));
        assertThat(ingester.toString()).contains("27 records waiting");

        ingester.close();

        assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(27);
        assertThatThrownBy(() -> ingester.add(Map.of("objectID", "late", "n", -1)))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        assertThatThrownBy(() -> ingester.partialUpdate(Map.of("n", 1)))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("objectID");
        waitForEveryWrite(index);
        Map<Integer, Integer> stored = storedNumbers(index);
        assertThat(stored).hasSize(24).containsKey(1_004).doesNotContainKey(3);
    }

    @Test
    void closingTheClientClosesItsIngesters() throws Exception {
        SearchClient own = SearchClient.create(MockServerClients.config(MOCK.server()));
        Ingester ingester = own.index("ingested").ingester(IngesterOptions.of().flushInterval(Duration.ofMinutes(1)));
        for (int i = 0; i < 7; i++) {
            ingester.add(Map.of("objectID", "r" + i, "n", i));
        }

        own.close();

        assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(7);
        assertThatThrownBy(() -> ingester.add(Map.of("objectID", "late", "n", -1)))
                .isInstanceOf(WriteRefusedException.class);
        waitForEveryWrite(index);
        assertThat(storedNumbers(index)).hasSize(7);
    }

    @Test
    void anIngesterMadeOnAClosedClientRefusesRecordsAtOnce() {
        SearchClient own = SearchClient.create(MockServerClients.config(MOCK.server()));
        own.close();

        // before, it took the records and every chunk then failed as the client was closed
        Ingester ingester = own.index("ingested").ingester();

        assertThatThrownBy(() -> ingester.add(Map.of("objectID", "late", "n", -1)))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        assertThat(ingester.progress().recordsAcknowledged()).isZero();
    }

    @Test
    void faultsDuringAnIngesterRunNeitherLoseNorDuplicateARecord() throws Exception {
        // two hosts, both the mock server; one call in flight, and each fault scripted once the chunk before is
        // acknowledged, so it hits a chunk's first try and the retry on the other host succeeds
        Map<Long, Fault> faultAfterChunk = Map.of(
                1L, Fault.failAfterWrite(503),
                3L, Fault.status(503),
                5L, Fault.delay(Duration.ofSeconds(2)),
                7L, Fault.resetAfterWrite());
        RecordingChunkListener listener = RecordingChunkListener.scriptingFaults(MOCK.faults(), BATCH, faultAfterChunk);
        List<ChunkFailed> failed = listener.failed();
        try (SearchClient twoHosts = SearchClient.create(TwoHostClients.config(MOCK.server())
                        .writeTimeout(Duration.ofMillis(500))
                        .build());
                Ingester ingester = twoHosts.index("ingested")
                        .ingester(IngesterOptions.of()
                                .chunkSize(25)
                                .chunksInFlight(1)
                                .listener(listener))) {
            List<Future<?>> done = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                int producer = p;
                // no objectID: the ingester gives each one, so a chunk sent twice replaces itself
                done.add(producers.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        ingester.add(Map.of("n", producer * 100 + i));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertThat(ingester.flush().recordsAcknowledged()).isEqualTo(400);
        }
        assertThat(failed).isEmpty();
        assertThat(MOCK.faults().active()).isZero();
        waitForEveryWrite(index);
        assertThat(storedNumbers(index))
                .hasSize(400)
                .allSatisfy((n, count) ->
                        assertThat(count).as("copies of record %d", n).isEqualTo(1));
    }

    @Test
    void aChunkThatFinallyFailsIsToldToTheListenerAndTheIngesterGoesOn() throws Exception {
        RecordingChunkListener listener = new RecordingChunkListener();
        List<ChunkFailed> failed = listener.failed();
        Set<String> acknowledged = listener.acknowledgedIDs();
        WriteProgress progress;
        try (Ingester ingester = index.ingester(
                IngesterOptions.of().chunkSize(10).chunksInFlight(1).listener(listener))) {
            for (int i = 0; i < 10; i++) {
                ingester.add(Map.of("objectID", "r" + i, "n", i));
            }
            // chunk 0 answered before the fault is scripted: the listener runs on the ingester's own thread, so a
            // fault scripted from it could land on any later chunk
            ingester.flush();
            MOCK.faults().next(1, "POST", BATCH, Fault.status(400));
            for (int i = 10; i < 50; i++) {
                ingester.add(Map.of("objectID", "r" + i, "n", i));
            }
            progress = ingester.flush();
        }

        assertThat(progress.recordsFailed()).isEqualTo(10);
        assertThat(progress.recordsAcknowledged()).isEqualTo(40);
        assertThat(failed).hasSize(1);
        ChunkFailed chunk = failed.get(0);
        assertThat(chunk.index()).isEqualTo(1);
        assertThat(chunk.firstRecord()).isEqualTo(10);
        assertThat(chunk.error()).isInstanceOf(BadRequestException.class);
        assertThat(chunk.objectIDs())
                .containsExactlyElementsOf(java.util.stream.IntStream.range(10, 20)
                        .mapToObj(i -> "r" + i)
                        .toList());
        waitForEveryWrite(index);
        Set<String> stored = new HashSet<>();
        index.browseObjects(FreeFormRecord.class)
                .forEach(r -> stored.add(r.getString("objectID").orElseThrow()));
        assertThat(stored).isEqualTo(acknowledged).doesNotContainAnyElementsOf(chunk.objectIDs());

        // the failed operations can be sent again as they are
        index.waitForTask(index.batch(chunk.operations()).taskID(), FAST);
        assertThat(storedNumbers(index)).hasSize(50);
    }

    @Test
    void observersSeeEachChunkAsAnIngestCallHoldingItsBatch() throws Exception {
        RecordingObserver observer = new RecordingObserver();
        try (SearchClient observed = SearchClient.create(
                        MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                                .callObserver(observer)
                                .build());
                Ingester ingester =
                        observed.index("ingested").ingester(IngesterOptions.of().chunkSize(5))) {
            for (int i = 0; i < 12; i++) {
                ingester.add(Map.of("objectID", "r" + i, "n", i));
            }
            ingester.flush();
        }
        List<RecordingObserver.Call> ingests = observer.calls("ingest");
        assertThat(ingests).hasSize(3);
        for (RecordingObserver.Call ingest : ingests) {
            assertThat(ingest.description().isComposite()).isTrue();
            assertThat(ingest.description().indexName()).isEqualTo("ingested");
            assertThat(observer.operationsInside(ingest)).containsExactly("batch");
        }
    }

    /** Waits until every write that reached the index so far is applied: a later write's task is published. */
    private static void waitForEveryWrite(SearchIndex index) {
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
    }

    /** How many stored records carry each number {@code n}. */
    private static Map<Integer, Integer> storedNumbers(SearchIndex index) {
        Map<Integer, Integer> counts = new HashMap<>();
        if (!index.exists()) {
            return counts;
        }
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            counts.merge(((Number) record.get("n")).intValue(), 1, Integer::sum);
        }
        return counts;
    }
}
