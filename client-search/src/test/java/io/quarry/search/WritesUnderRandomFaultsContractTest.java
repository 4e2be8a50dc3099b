package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Chunked writes and ingesters through three hosts of one mock server, each host given a seeded schedule of
 * faults (5xx, connections closed before the answer, writes applied and their answer lost, slow answers, a held
 * connection, a host refusing connections for a while, a stretch of 503s), with timeouts of tens of milliseconds.
 * After each run the promises are checked, not the way they are kept: each chunk told to the listener once as
 * sent and once as ended; a write that succeeds stores every record once; one that stops says which chunks were
 * acknowledged (stored) and which records were never sent (absent); no record is stored twice, even one the
 * service gives its objectID; no message holds the key.
 *
 * <p>A failure names its seed. {@code -Dquarry.faults.seeds=N} runs N seeds of each kind instead of a few.
 */
@Timeout(60)
class WritesUnderRandomFaultsContractTest {

    /** A thread for each producer, off the common pool: the producers add at once. */
    @RegisterExtension
    final TestThreads producerThreads = new TestThreads();

    private static final MockServer SERVER = MockServer.builder().hosts(3).start();

    /** Each record carries its number, so a copy is found whatever objectID it was stored under. */
    private static final String KEY = "key";

    @AfterEach
    void clearFaults() {
        SERVER.hosts().forEach(host -> host.faults().clear());
    }

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, Long.getLong("quarry.faults.seeds", 3));
    }

    private static SearchClient client() {
        ClientConfig config = MockServerClients.builder(SERVER, SERVER.adminKey())
                .connectTimeout(Duration.ofMillis(100))
                .readTimeout(Duration.ofMillis(80))
                .writeTimeout(Duration.ofMillis(80))
                .hostDownTtl(Duration.ofMillis(20))
                .build();
        return SearchClient.create(config);
    }

    /** The index's view: short waits between rounds and a budget drawn per run, at times shorter than the faults. */
    private static SearchIndex index(SearchClient client, String name, Random random) {
        RetryRounds rounds = RetryRounds.forOutages()
                .waits(Duration.ofMillis(5), Duration.ofMillis(20))
                .budget(Duration.ofMillis(50 + random.nextInt(1000)));
        return client.index(name)
                .withOptions(RequestOptions.builder().retryRounds(rounds).build());
    }

    private static Fault fault(Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> Fault.status(503);
            case 1 -> Fault.status(500);
            case 2 -> Fault.closeBeforeResponse();
            case 3 -> Fault.resetAfterWrite();
            case 4 -> Fault.failAfterWrite(503);
            case 5 -> Fault.delay(Duration.ofMillis(random.nextInt(40)));
            default -> Fault.status(503).withDelay(Duration.ofMillis(random.nextInt(120)));
        };
    }

    private static void scriptFaults(Random random) {
        for (MockHost host : SERVER.hosts()) {
            for (int rule = random.nextInt(5); rule > 0; rule--) {
                host.faults().next(1 + random.nextInt(3), fault(random));
            }
            switch (random.nextInt(6)) {
                case 0 -> host.faults().during(Duration.ofMillis(1 + random.nextInt(300)), Fault.status(503));
                case 1 -> host.faults().hold(Duration.ofMillis(1 + random.nextInt(200)));
                case 2 -> host.faults().refuseConnections(Duration.ofMillis(1 + random.nextInt(200)));
                default -> {} // no stretch of faults for this host
            }
        }
    }

    private static Map<String, Object> record(int number, boolean ownObjectID) {
        return ownObjectID ? Map.of("objectID", "r" + number, KEY, number) : Map.of(KEY, number);
    }

    /**
     * What an index holds once the faults are gone and every write applied.
     *
     * @param copies    how many times each record number is stored
     * @param objectIDs the objectIDs stored
     */
    private record Stored(Map<Integer, Integer> copies, Set<String> objectIDs) {}

    /**
     * Reads the index through a client of its own with the default timeouts: the faults are over by then, and the
     * write's tens of milliseconds only made a browse of a few hundred records fail on a busy machine.
     */
    private static Stored stored(SearchIndex written) {
        SERVER.hosts().forEach(host -> host.faults().clear());
        try (SearchClient reader = SearchClient.create(
                MockServerClients.builder(SERVER, SERVER.adminKey()).build())) {
            SearchIndex index = reader.index(written.name());
            index.waitForTask(index.deleteObject("no-such-record").taskID(), TestWaits.FAST);
            Stored stored = new Stored(new HashMap<>(), new HashSet<>());
            try {
                for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
                    stored.copies().merge(((Number) record.get(KEY)).intValue(), 1, Integer::sum);
                    stored.objectIDs().add(record.objectID().orElseThrow());
                }
            } catch (NotFoundException nothingWritten) {
                // every chunk failed before the index was made
            }
            return stored;
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aChunkedWriteStoresEachRecordOnceOrSaysWhatItDidNot(long seed) throws Exception {
        Random random = new Random(seed);
        int records = 100 + random.nextInt(150);
        boolean ownObjectIDs = random.nextBoolean();
        List<Map<String, Object>> input = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            input.add(record(i, ownObjectIDs));
        }
        ChunkFates fates = new ChunkFates();
        BatchOptions options = BatchOptions.of()
                .chunkSize(5 + random.nextInt(30))
                .chunksInFlight(1 + random.nextInt(4))
                .listener(fates);
        boolean async = random.nextBoolean();
        String what = "seed " + seed + ": " + records + " records, " + options.chunkSize() + " a chunk, "
                + options.chunksInFlight() + " in flight, own objectIDs " + ownObjectIDs + ", async " + async;
        scriptFaults(random);

        try (SearchClient client = client()) {
            SearchIndex index = index(client, "chunked-" + seed, random);
            WriteSummary summary = null;
            PartialWriteException partial = null;
            try {
                summary = async ? index.saveObjectsAsync(input, options).get() : index.saveObjects(input, options);
            } catch (PartialWriteException e) {
                partial = e;
            } catch (ExecutionException e) {
                assertThat(e.getCause()).as(what).isInstanceOf(PartialWriteException.class);
                partial = (PartialWriteException) e.getCause();
            }
            Map<Integer, Integer> copies = stored(index).copies();

            fates.assertEachChunkToldOnce(what);
            assertThat(copies.values()).as(what + ": records stored twice").allMatch(count -> count == 1);
            if (partial == null) {
                assertThat(summary.records()).as(what).isEqualTo(records);
                assertThat(copies).as(what).hasSize(records);
                return;
            }
            assertThat(partial.reason()).as(what).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
            assertThat(partial.getMessage()).as(what).doesNotContain(SERVER.adminKey());
            for (PartialWriteException.Chunk chunk : partial.acknowledged()) {
                for (long i = chunk.firstRecord(); i < chunk.firstRecord() + chunk.recordCount(); i++) {
                    assertThat(copies).as(what + ": acknowledged record " + i).containsKey((int) i);
                }
            }
            for (long i = partial.firstUnsentRecord(); i < records; i++) {
                assertThat(copies).as(what + ": record never sent " + i).doesNotContainKey((int) i);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anIngesterTellsEachChunksFateAndStoresNoRecordTwice(long seed) throws Exception {
        Random random = new Random(seed);
        int records = 100 + random.nextInt(150);
        int threads = 1 + random.nextInt(3);
        int ids = random.nextInt(3); // own objectIDs, client-side ones, or the service's
        ChunkFates fates = new ChunkFates();
        IngesterOptions options = IngesterOptions.of()
                .chunkSize(5 + random.nextInt(30))
                .chunksInFlight(1 + random.nextInt(4))
                .flushInterval(Duration.ofMillis(1 + random.nextInt(30)))
                .listener(fates);
        if (ids == 2) {
            options = options.serviceAssignedObjectIDs();
        }
        String what = "seed " + seed + ": " + records + " records from " + threads + " threads, "
                + options.chunkSize() + " a chunk, " + options.chunksInFlight() + " in flight, objectIDs "
                + List.of("own", "client-side", "service's").get(ids);
        scriptFaults(random);

        try (SearchClient client = client()) {
            SearchIndex index = index(client, "ingested-" + seed, random);
            WriteProgress progress;
            try (Ingester ingester = index.ingester(options)) {
                List<CompletableFuture<Void>> producers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int first = t;
                    producers.add(CompletableFuture.runAsync(
                            () -> {
                                for (int i = first; i < records; i += threads) {
                                    ingester.add(record(i, ids == 0));
                                }
                            },
                            producerThreads));
                }
                CompletableFuture.allOf(producers.toArray(CompletableFuture[]::new))
                        .get();
                progress = ingester.flush();
            }
            Stored stored = stored(index);

            fates.assertEachChunkToldOnce(what);
            assertThat(fates.recordsSent()).as(what).isEqualTo(records);
            assertThat(progress.recordsAcknowledged() + progress.recordsFailed())
                    .as(what)
                    .isEqualTo(records);
            assertThat(stored.copies().values())
                    .as(what + ": records stored twice")
                    .allMatch(count -> count == 1);
            assertThat(stored.objectIDs()).as(what).containsAll(fates.acknowledgedObjectIDs());
            if (progress.recordsFailed() == 0) {
                assertThat(stored.copies()).as(what).hasSize(records);
            }
            assertThat(fates.errors())
                    .as(what)
                    .allSatisfy(error ->
                            assertThat(String.valueOf(error.getMessage())).doesNotContain(SERVER.adminKey()));
        }
    }

    /** Keeps what the listener is told of each chunk, from any thread. */
    private static final class ChunkFates implements ChunkListener {
        private final Map<Long, Integer> sent = new ConcurrentHashMap<>();
        private final Map<Long, Integer> ended = new ConcurrentHashMap<>();
        private final Set<String> acknowledgedObjectIDs = ConcurrentHashMap.newKeySet();
        private final List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void sent(ChunkSent chunk) {
            assertThat(sent.put(chunk.index(), chunk.recordCount()))
                    .as("chunk %d sent twice", chunk.index())
                    .isNull();
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            ended.merge(chunk.index(), 1, Integer::sum);
            acknowledgedObjectIDs.addAll(chunk.response().objectIDs());
        }

        @Override
        public void failed(ChunkFailed chunk) {
            ended.merge(chunk.index(), 1, Integer::sum);
            errors.add(chunk.error());
            assertThat(chunk.objectIDs()).hasSize(sent.get(chunk.index()));
        }

        void assertEachChunkToldOnce(String what) {
            assertThat(ended).as(what + ": the chunks ended").containsOnlyKeys(sent.keySet());
            assertThat(ended.values()).as(what + ": the ends of each chunk").allMatch(count -> count == 1);
        }

        int recordsSent() {
            return sent.values().stream().mapToInt(Integer::intValue).sum();
        }

        Set<String> acknowledgedObjectIDs() {
            return acknowledgedObjectIDs;
        }

        List<Throwable> errors() {
            return errors;
        }
    }
}
