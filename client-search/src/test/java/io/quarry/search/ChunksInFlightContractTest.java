package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.core.BadRequestException;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link BatchOptions#chunksInFlight(int)} against the mock server: order of the acknowledgements, every record
 * stored, never more requests at once than allowed, and the report of a write that stopped on a failed chunk.
 */
@Timeout(60)
class ChunksInFlightContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String BATCH = "/1/indexes/*/batch";

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    /** The blocking write's own thread, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** A test that failed before its fault rules were used up leaves none to the next. */
    @AfterEach
    void clearFaults() {
        MOCK.faults().clear();
    }

    @Test
    void rejectsOutOfRangeValuesWhenTheOptionIsBuilt() {
        assertThatThrownBy(() -> BatchOptions.of().chunksInFlight(0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("from 1 to 128");
        assertThatThrownBy(() -> BatchOptions.of().chunksInFlight(BatchOptions.MAX_CHUNKS_IN_FLIGHT + 1))
                .isInstanceOf(InvalidRequestException.class);
        assertThat(BatchOptions.of().chunksInFlight()).isEqualTo(1);
        assertThat(BatchOptions.of().chunksInFlight(128).chunkSize(5).chunksInFlight())
                .isEqualTo(128);
    }

    @Test
    void tellsTheListenerOfEachChunkWhenTheFirstAnswerComesLast() throws Exception {
        List<Product> products = products(0, 200);
        List<ChunkAcknowledged> chunks = Collections.synchronizedList(new ArrayList<>());
        // the first answer is held in the client until every other chunk is acknowledged: the listener hears of it
        // last, with its own records
        try (HeldAnswers slow = HeldAnswers.first(1);
                SearchClient slowClient = slowClient(slow)) {
            CompletableFuture<WriteSummary> write = CompletableFuture.supplyAsync(
                    () -> slowClient
                            .index("products")
                            .saveObjects(products, options(4).listener(chunks::add)),
                    threads);
            Eventually.waitUntil("every chunk but the held one to be heard", () -> chunks.size() == 19);
            assertThat(slow.held()).isEqualTo(1);
            assertThat(write).isNotDone();

            slow.release();

            WriteSummary summary = write.get(30, TimeUnit.SECONDS);
            assertThat(summary.chunks()).isEqualTo(20);
            assertThat(summary.records()).isEqualTo(200);
        }
        assertThat(chunks)
                .extracting(ChunkAcknowledged::index)
                .containsExactlyInAnyOrderElementsOf(
                        java.util.stream.LongStream.range(0, 20).boxed().toList());
        for (ChunkAcknowledged chunk : chunks) {
            assertThat(chunk.response().objectIDs())
                    .containsExactlyElementsOf(
                            ids(products.subList((int) chunk.firstRecord(), (int) chunk.firstRecord() + 10)));
        }
        assertThat(storedIDs()).containsExactlyInAnyOrderElementsOf(ids(products));
    }

    @Test
    void writesEveryRecordAsync() throws Exception {
        List<Product> products = products(0, 150);
        RecordingObserver observer = new RecordingObserver();
        // the first answer is held in the client until every other chunk is acknowledged
        try (HeldAnswers slow = HeldAnswers.first(1);
                SearchClient slowClient = SearchClient.create(
                        MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                                .callObserver(observer)
                                .httpClient(slow.httpClient())
                                .build())) {
            CompletableFuture<WriteSummary> write = slowClient.index("products").saveObjectsAsync(products, options(3));
            Eventually.waitUntil(
                    "every chunk but the held one to be acknowledged",
                    () -> observer.calls("batch").stream()
                                    .filter(batch -> batch.endCount() > 0)
                                    .count()
                            == 14);
            assertThat(slow.held()).isEqualTo(1);
            assertThat(write).isNotDone();

            slow.release();

            assertThat(write.get(30, TimeUnit.SECONDS).records()).isEqualTo(150);
        }
        assertThat(storedIDs()).containsExactlyInAnyOrderElementsOf(ids(products));
    }

    @Test
    void everyChunkedHelperWritesEveryRecord() throws Exception {
        index.saveObjects(products(0, 95), options(8));
        index.partialUpdateObjects(
                IntStream.range(0, 95)
                        .mapToObj(i -> Map.of("objectID", "p" + i, "price", 1))
                        .toList(),
                options(8));
        index.deleteObjectsAsync(ids(products(0, 50)), options(8)).get(30, TimeUnit.SECONDS);
        index.partialUpdateExistingObjectsAsync(
                        List.of(Map.of("objectID", "p90", "price", 2), Map.of("objectID", "p1", "price", 2)),
                        options(8).chunkSize(1))
                .get(30, TimeUnit.SECONDS);

        assertThat(storedIDs()).containsExactlyInAnyOrderElementsOf(ids(products(50, 45)));
        assertThat(index.getObject("p60", Product.class).price()).isEqualTo(1);
        assertThat(index.getObject("p90", Product.class).price()).isEqualTo(2);
    }

    @Test
    void reportsProgressInOrderUpToTheTotal() {
        List<Long> sent = Collections.synchronizedList(new ArrayList<>());

        index.saveObjects(
                products(0, 105),
                options(4).listener(chunk -> sent.add(chunk.progress().recordsAcknowledged())));

        assertThat(sent).hasSize(11).isSorted().endsWith(105L);
    }

    @Test
    void neverHasMoreRequestsInFlightThanAllowed() throws Exception {
        // every batch answers late, so the client always has as many waiting as it may
        MOCK.faults().share(1.0, 1, "POST", BATCH, Fault.delay(Duration.ofMillis(60)));
        try (FaultInjectingProxy proxy = new FaultInjectingProxy(MOCK.server().url(), (n, m, p) -> Action.FORWARD);
                SearchClient proxied = throughProxy(proxy)) {
            SearchIndex viaProxy = proxied.index("products");

            viaProxy.saveObjects(
                    products(0, 240), BatchOptions.of().chunkSize(10).chunksInFlight(4));
            assertThat(proxy.mostAtOnce()).isEqualTo(4);

            viaProxy.saveObjectsAsync(
                            products(0, 120), BatchOptions.of().chunkSize(10).chunksInFlight(2))
                    .get(30, TimeUnit.SECONDS);
            assertThat(proxy.mostAtOnce()).isEqualTo(4);
        }
        try (FaultInjectingProxy proxy = new FaultInjectingProxy(MOCK.server().url(), (n, m, p) -> Action.FORWARD);
                SearchClient proxied = throughProxy(proxy)) {
            proxied.index("products")
                    .saveObjects(products(0, 60), BatchOptions.of().chunkSize(10));
            assertThat(proxy.mostAtOnce()).isEqualTo(1);
        }
    }

    @Test
    void aFailedChunkStopsTheWriteAndTheReportNamesWhatWasAcknowledged() {
        // the service refuses chunk 4 (records 40-49)
        List<Object> records = new ArrayList<>(products(0, 100));

        PartialWriteException report = catchThrowableOfType(
                PartialWriteException.class, () -> index.saveObjects(records, refusingChunk(options(3), 4)));

        assertThat(report.getCause()).isInstanceOf(BadRequestException.class);
        assertThat(report.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
        assertThat(report.totalRecords()).hasValue(100);
        assertThat(report.notAcknowledged())
                .extracting(PartialWriteException.Chunk::index)
                .containsExactly(4);
        assertThat(report.getMessage())
                .contains("saveObjects on index products")
                .contains("chunk 4 (records 40-49)")
                .contains("of 100 records acknowledged");
        // chunks after it were sent only while its failure was not yet known (one in flight answers before
        // another), so how many depends on timing; the one-in-flight test pins the exact stop
        assertThat(report.firstUnsentRecord()).isBetween(50L, 100L);
        assertThat(report.chunks()).hasSize((int) report.firstUnsentRecord() / 10);
        // every acknowledged chunk's task was waited for: its records are all there, nothing else is
        assertThat(storedIDs()).containsExactlyInAnyOrderElementsOf(acknowledgedIDs(report, records));
        assertThat(report.acknowledgedRecords()).isEqualTo(report.firstUnsentRecord() - 10);
    }

    @Test
    void oneChunkInFlightReportsTheSameWay() throws Exception {
        // the service refuses chunk 2 (records 20-29)
        List<Object> records = new ArrayList<>(products(0, 60));

        CompletableFuture<WriteSummary> write = index.saveObjectsAsync(records, refusingChunk(options(1), 2));

        ExecutionException failure =
                catchThrowableOfType(ExecutionException.class, () -> write.get(30, TimeUnit.SECONDS));
        PartialWriteException report = (PartialWriteException) failure.getCause();
        assertThat(report.acknowledged())
                .extracting(PartialWriteException.Chunk::index)
                .containsExactly(0, 1);
        assertThat(report.acknowledged()).allSatisfy(c -> assertThat(c.taskID()).isPresent());
        assertThat(report.notAcknowledged())
                .extracting(PartialWriteException.Chunk::index)
                .containsExactly(2);
        assertThat(report.firstUnsentRecord()).isEqualTo(30);
        assertThat(report.getMessage()).contains("never sent: records 30-59");
        assertThat(storedIDs()).containsExactlyInAnyOrderElementsOf(acknowledgedIDs(report, records));
    }

    @Test
    void aChunkWhoseOutcomeIsUnknownIsReportedNotAcknowledged() {
        // records without objectID, sent as they are: a chunk answered with a reset after it was applied must
        // not be resent, and the report must say it was not acknowledged
        List<Map<String, Object>> records = IntStream.range(0, 80)
                .mapToObj(i -> Map.<String, Object>of("name", "item " + i))
                .toList();
        BatchOptions options = options(2).serviceAssignedObjectIDs().listener(chunk -> {
            if (chunk.progress().recordsAcknowledged() == 30) {
                MOCK.faults().next(1, "POST", BATCH, Fault.resetAfterWrite());
            }
        });

        PartialWriteException report =
                catchThrowableOfType(PartialWriteException.class, () -> index.saveObjects(records, options));

        assertThat(report.getCause()).isInstanceOf(WriteOutcomeUnknownException.class);
        assertThat(report.notAcknowledged()).hasSize(1);
        assertThat(report.acknowledgedRecords()).isGreaterThanOrEqualTo(30);
        assertThat(report.acknowledgedRecords()
                        + 10
                        + (report.totalRecords().orElseThrow() - report.firstUnsentRecord()))
                .isEqualTo(80);
    }

    @Test
    void cancellingTheAsyncWriteSendsNoMoreChunks() throws Exception {
        // the server applies each chunk as it arrives and holds its answer: no chunk is acknowledged, so the two
        // first stay in flight and the write cannot send a third before it is cancelled
        MOCK.faults().share(1.0, 1, "POST", BATCH, Fault.delay(Duration.ofSeconds(30)));
        RecordingObserver observer = new RecordingObserver();
        SearchIndex cancelled = client.index("cancelled");
        try (SearchClient observed = SearchClient.create(
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                        .callObserver(observer)
                        .build())) {
            CompletableFuture<WriteSummary> write = observed.index("cancelled")
                    .saveObjectsAsync(
                            products(0, 200), BatchOptions.of().chunkSize(10).chunksInFlight(2));
            Eventually.waitUntil("the two chunks in flight to reach the server", () -> storedIn(cancelled) >= 20);
            List<RecordingObserver.Call> batches = observer.calls("batch");
            assertThat(batches).hasSize(2);

            assertThat(write.cancel(true)).isTrue();

            // the calls in flight end cancelled, unacknowledged: nothing is left that could send another chunk
            for (RecordingObserver.Call batch : batches) {
                assertThat(batch.awaitEnd(Duration.ofSeconds(10)).outcome()).isEqualTo(CallEnd.Outcome.CANCELLED);
            }
            assertThat(observer.calls("batch")).hasSize(2);
        }
        MOCK.faults().clear();

        // only the two chunks under way when the write was cancelled reached the server
        assertThat(cancelled.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrderElementsOf(ids(products(0, 20)));
    }

    /** The records stored in an index, 0 while it does not exist. */
    private static long storedIn(SearchIndex index) {
        return index.exists() ? index.browseObjects(Product.class).stream().count() : 0;
    }

    /** A client whose answers wait until the test releases them ({@link HeldAnswers}). */
    private static SearchClient slowClient(HeldAnswers slow) {
        return SearchClient.create(
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                        .httpClient(slow.httpClient())
                        .build());
    }

    private SearchClient throughProxy(FaultInjectingProxy proxy) {
        return SearchClient.create(
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                        .hosts(Host.of("http://127.0.0.1:" + proxy.port()))
                        .allowInsecureHttp()
                        .build());
    }

    /** Chunks of 10, waiting for every task (so reads see every acknowledged write). */
    private static BatchOptions options(int inFlight) {
        return BatchOptions.of()
                .chunkSize(10)
                .chunksInFlight(inFlight)
                .waitingForTasks()
                .waitPolicy(FAST);
    }

    /**
     * The options with a listener that has the service refuse one chunk with a 400, as it refuses a batch holding an
     * operation it cannot apply. The chunks in flight must not swap: a rule answering normally counts the calls of
     * the chunks before it; once they all reached the server, the refusal is set, just before the chunk's call, and
     * the next chunk's call waits until the chunk's call took it.
     */
    private static BatchOptions refusingChunk(BatchOptions options, int refused) {
        int rulesBefore = MOCK.faults().active();
        MOCK.faults().next(refused, "POST", BATCH, Fault.delay(Duration.ZERO));
        return options.listener(new ChunkListener() {
            @Override
            public void sent(ChunkSent chunk) {
                if (chunk.index() == refused) {
                    rulesUsedUp("the calls of the chunks before " + refused + " to reach the server");
                    MOCK.faults().next(1, "POST", BATCH, Fault.status(400));
                } else if (chunk.index() == refused + 1) {
                    rulesUsedUp("chunk " + refused + "'s call to be refused");
                }
            }

            private void rulesUsedUp(String what) {
                try {
                    Eventually.waitUntil(what, () -> MOCK.faults().active() == rulesBefore);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public void acknowledged(ChunkAcknowledged chunk) {}

            @Override
            public void failed(ChunkFailed chunk) {}
        });
    }

    /** The objectIDs of the records of the acknowledged chunks. */
    private static Set<String> acknowledgedIDs(PartialWriteException report, List<Object> records) {
        Set<String> ids = new LinkedHashSet<>();
        for (PartialWriteException.Chunk chunk : report.acknowledged()) {
            for (long i = chunk.firstRecord(); i < chunk.firstRecord() + chunk.recordCount(); i++) {
                ids.add(((Product) records.get((int) i)).objectID());
            }
        }
        return ids;
    }

    private List<String> storedIDs() {
        return index.browseObjects(Product.class).stream()
                .map(Product::objectID)
                .toList();
    }

    private static List<String> ids(List<Product> products) {
        return products.stream().map(Product::objectID).toList();
    }

    private static List<Product> products(int from, int count) {
        return IntStream.range(from, from + count)
                .mapToObj(i -> new Product("p" + i, "item " + i, "Acme", 10 * i))
                .toList();
    }
}
