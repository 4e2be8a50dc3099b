package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The chunked writes reading a lazy source (an iterator, a stream) against the mock server: the source is read
 * once and only as chunks are sent, so few records exist at once; a source that throws ends the write cleanly;
 * faults during the write neither lose nor duplicate a record.
 */
@Timeout(60)
class LazyWritesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String BATCH = "/1/indexes/*/batch";

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("lazy");

    /**
     * Makes numbered records only when asked, and counts them: {@code made - acknowledged} is how many records
     * the write may hold at a time (every record not yet acknowledged is in a chunk in flight, or in the one
     * being read).
     */
    private static final class CountingSource implements Iterable<Map<String, Object>> {
        final int size;
        final AtomicInteger iterators = new AtomicInteger();
        final AtomicLong made = new AtomicLong();
        final AtomicLong acknowledged = new AtomicLong();
        final AtomicLong mostHeld = new AtomicLong();
        /** Throws instead of making this record; -1 never. */
        final int failAt;

        CountingSource(int size, int failAt) {
            this.size = size;
            this.failAt = failAt;
        }

        @Override
        public Iterator<Map<String, Object>> iterator() {
            iterators.incrementAndGet();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return made.get() < size;
                }

                @Override
                public Map<String, Object> next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    if (made.get() == failAt) {
                        throw new IllegalStateException("the database went away at record " + failAt);
                    }
                    long n = made.getAndIncrement();
                    mostHeld.accumulateAndGet(n + 1 - acknowledged.get(), Math::max);
                    return Map.of("objectID", "r" + n, "n", n);
                }
            };
        }

        ChunkListener counting() {
            return chunk -> acknowledged.addAndGet(chunk.response().objectIDs().size());
        }
    }

    @Test
    void aLazySourceIsReadOnceAndOnlyAFewChunksAtATime() {
        CountingSource source = new CountingSource(6_000, -1);
        int chunkSize = 100;
        int inFlight = 4;

        WriteSummary summary = index.saveObjects(
                source,
                BatchOptions.of()
                        .chunkSize(chunkSize)
                        .chunksInFlight(inFlight)
                        .waitingForTasks()
                        .waitPolicy(FAST)
                        .listener(source.counting()));

        assertThat(source.iterators).hasValue(1);
        assertThat(source.made).hasValue(6_000);
        // the records in the chunks in flight and those of the chunk being read, never more
        assertThat(source.mostHeld.get()).isLessThanOrEqualTo((long) (inFlight + 1) * chunkSize);
        assertThat(summary.records()).isEqualTo(6_000);
        assertThat(summary.chunks()).isEqualTo(60);
        assertThat(storedNumbers(index))
                .hasSize(6_000)
                .allSatisfy((n, count) -> assertThat(count).isEqualTo(1));
    }

    @Test
    void aStreamIsPassedAsItsIteratorAndReadOnce() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        AtomicInteger read = new AtomicInteger();
        try (Stream<Product> products = IntStream.range(0, 250)
                .peek(i -> read.incrementAndGet())
                .mapToObj(i -> new Product("p" + i, "item " + i, "Acme", i))
                .onClose(() -> closed.set(true))) {
            WriteSummary summary = index.saveObjectsAsync(
                            products::iterator,
                            BatchOptions.of()
                                    .chunkSize(40)
                                    .chunksInFlight(3)
                                    .waitingForTasks()
                                    .waitPolicy(FAST))
                    .get(30, TimeUnit.SECONDS);

            assertThat(summary.records()).isEqualTo(250);
            assertThat(summary.chunks()).isEqualTo(7);
            assertThat(closed).isFalse(); // closing the stream is the caller's
        }
        assertThat(closed).isTrue();
        assertThat(read).hasValue(250);
        assertThat(index.browseObjects(Product.class).stream().count()).isEqualTo(250);
        // deletes read a stream of objectIDs the same way
        index.deleteObjects(
                IntStream.range(0, 100).mapToObj(i -> "p" + i)::iterator,
                BatchOptions.of().waitingForTasks());
        assertThat(index.browseObjects(Product.class).stream().count()).isEqualTo(150);
    }

    @Test
    void aSourceThrowingMidwayEndsTheWriteWithWhatWasWritten() {
        // the source fails when asked for record 260: chunk 5 (records 250-299) is never sent, the chunks in
        // flight before it finish, and the report says records from 250 on were not sent
        CountingSource source = new CountingSource(1_000, 260);
        List<ChunkAcknowledged> acknowledged = Collections.synchronizedList(new ArrayList<>());

        PartialWriteException report = catchThrowableOfType(
                PartialWriteException.class,
                () -> index.saveObjects(
                        source,
                        BatchOptions.of()
                                .chunkSize(50)
                                .chunksInFlight(3)
                                .waitingForTasks()
                                .waitPolicy(FAST)
                                .listener(acknowledged::add)));

        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(report.getCause())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the database went away at record 260");
        assertThat(report.acknowledgedRecords()).isEqualTo(250);
        assertThat(report.firstUnsentRecord()).isEqualTo(250);
        assertThat(report.totalRecords()).isEmpty();
        assertThat(report.notAcknowledged()).isEmpty();
        assertThat(report.getMessage())
                .contains("stopped because reading its records failed: 250 records acknowledged (chunks 0-4)")
                .contains("never sent: records from 250 on");
        assertThat(acknowledged).hasSize(5);
        // waited for: exactly the records before the failure are stored
        assertThat(storedNumbers(index).keySet())
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, 250).boxed().toList());
    }

    @Test
    void aRecordNoOperationCanBeMadeOfFailsTheInputAndSendsNothingOfItsChunk() {
        // chunk 1 holds a null objectID: it is never sent, and the report says so (before, it read as a chunk that
        // failed after being sent, "may or may not be applied", though nothing of it left the client)
        List<String> ids = new ArrayList<>(List.of("a", "b", "c", "d"));
        ids.set(2, null);
        List<String> told = Collections.synchronizedList(new ArrayList<>());

        PartialWriteException report = catchThrowableOfType(
                PartialWriteException.class,
                () -> index.deleteObjects(ids, BatchOptions.of().chunkSize(2).listener(new ChunkListener() {
                    @Override
                    public void sent(ChunkSent chunk) {
                        told.add("sent " + chunk.index());
                    }

                    @Override
                    public void acknowledged(ChunkAcknowledged chunk) {
                        told.add("acknowledged " + chunk.index());
                    }
                })));

        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(report.getCause()).isInstanceOf(NullPointerException.class);
        assertThat(report.notAcknowledged()).isEmpty();
        assertThat(report.acknowledgedRecords()).isEqualTo(2);
        assertThat(report.firstUnsentRecord()).isEqualTo(2);
        assertThat(told).containsExactly("sent 0", "acknowledged 0");
    }

    @Test
    void aSourceThrowingMidwayFailsTheAsyncWriteTheSameWay() {
        CountingSource source = new CountingSource(500, 120);

        ExecutionException failure = catchThrowableOfType(
                ExecutionException.class,
                () -> index.saveObjectsAsync(
                                source, BatchOptions.of().chunkSize(50).chunksInFlight(2))
                        .get(30, TimeUnit.SECONDS));

        PartialWriteException report = (PartialWriteException) failure.getCause();
        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(report.getCause()).hasMessage("the database went away at record 120");
        assertThat(report.acknowledgedRecords()).isEqualTo(100);
        assertThat(report.firstUnsentRecord()).isEqualTo(100);
    }

    @Test
    void faultsDuringALazyWriteNeitherLoseNorDuplicateARecord() throws Exception {
        // two hosts, both the mock server: a chunk failing on one is retried on the other. Records without an
        // objectID get one client-side, so a chunk applied and then answered 503 is replaced when sent again.
        // Each fault is scripted once the chunk before is acknowledged, so it hits the next chunk's first try
        // and never a retry: every chunk gets at most one fault and succeeds on the other host
        Map<Long, Fault> faultAfterChunk = Map.of(
                2L, Fault.failAfterWrite(503),
                6L, Fault.status(503),
                // answered after the client gave up waiting: it may or may not be applied; sent again either way
                10L, Fault.delay(Duration.ofSeconds(2)),
                14L, Fault.resetAfterWrite());
        try (SearchClient twoHosts = SearchClient.create(TwoHostClients.config(MOCK.server())
                .writeTimeout(Duration.ofMillis(500))
                .build())) {
            SearchIndex faulted = twoHosts.index("faulted");
            Iterator<Map<String, Object>> records = IntStream.range(0, 400)
                    .mapToObj(i -> Map.<String, Object>of("n", i))
                    .iterator();
            RecordingChunkListener listener =
                    RecordingChunkListener.scriptingFaults(MOCK.faults(), BATCH, faultAfterChunk);
            List<ChunkFailed> failed = listener.failed();

            WriteSummary summary = faulted.saveObjects(
                    () -> records,
                    BatchOptions.of()
                            .chunkSize(20)
                            .waitingForTasks()
                            .waitPolicy(FAST)
                            .listener(listener));

            assertThat(summary.records()).isEqualTo(400);
            assertThat(failed).isEmpty();
            assertThat(MOCK.faults().active()).isZero();
            // read back through the test's own client: the two-host client's 500 ms write timeout was for the
            // delayed chunk, and would fail the check's own write on a busy machine
            SearchIndex written = client.index("faulted");
            waitForEveryWrite(written);
            Map<Integer, Integer> stored = storedNumbers(written);
            assertThat(stored)
                    .hasSize(400)
                    .allSatisfy((n, count) ->
                            assertThat(count).as("copies of record %d", n).isEqualTo(1));
        }
    }

    @Test
    void aChunkThatFinallyFailsIsToldToTheListenerWithItsObjectIDs() {
        // the first chunk is refused: it fails for good, the listener hears of it, and the stored records are
        // exactly those of the acknowledged chunks
        MOCK.faults().next(1, "POST", BATCH, Fault.status(400));
        RecordingChunkListener listener = new RecordingChunkListener();
        Set<String> acknowledgedIDs = listener.acknowledgedIDs();
        List<ChunkFailed> failed = listener.failed();
        CountingSource source = new CountingSource(300, -1);

        PartialWriteException report = catchThrowableOfType(
                PartialWriteException.class,
                () -> index.saveObjects(
                        source,
                        BatchOptions.of()
                                .chunkSize(30)
                                .chunksInFlight(2)
                                .waitingForTasks()
                                .waitPolicy(FAST)
                                .listener(listener)));

        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
        assertThat(report.getCause()).isInstanceOf(BadRequestException.class);
        assertThat(failed).hasSize(1);
        ChunkFailed chunk = failed.get(0);
        assertThat(chunk.objectIDs()).hasSize(30).containsExactlyElementsOf(LongStreamIDs.of(chunk.firstRecord(), 30));
        assertThat(chunk.operations()).hasSize(30);
        assertThat(chunk.error()).isSameAs(report.getCause());
        assertThat(chunk.progress().chunksFailed()).isEqualTo(1);
        assertThat(report.acknowledgedRecords()).isEqualTo(acknowledgedIDs.size());
        Set<String> stored = new HashSet<>();
        try {
            index.browseObjects(FreeFormRecord.class)
                    .forEach(r -> stored.add(r.getString("objectID").orElseThrow()));
        } catch (NotFoundException noIndex) {
            // the other chunk in flight was stopped before the service took it: no write made the index
        }
        assertThat(stored).isEqualTo(acknowledgedIDs).doesNotContainAnyElementsOf(chunk.objectIDs());
    }

    /** The objectIDs {@code r<first>...} of consecutive records. */
    private static final class LongStreamIDs {
        static List<String> of(long first, int count) {
            List<String> ids = new ArrayList<>(count);
            for (long n = first; n < first + count; n++) {
                ids.add("r" + n);
            }
            return ids;
        }
    }

    /** Waits until every write that reached the index so far is applied: a later write's task is published. */
    private static void waitForEveryWrite(SearchIndex index) {
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
    }

    /** How many stored records carry each number {@code n}. */
    private static Map<Integer, Integer> storedNumbers(SearchIndex index) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            counts.merge(((Number) record.get("n")).intValue(), 1, Integer::sum);
        }
        return counts;
    }
}
