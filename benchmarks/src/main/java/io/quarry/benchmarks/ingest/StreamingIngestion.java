package io.quarry.benchmarks.ingest;

import io.quarry.benchmarks.raw.RawBatchResponse;
import io.quarry.benchmarks.raw.RawClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.mockserver.MockServer;
import io.quarry.search.BatchOptions;
import io.quarry.search.Ingester;
import io.quarry.search.IngesterOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.WriteProgress;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.WriteSummary;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Paired harness: a million generated records of about 1 KB each, written from a lazy source into a mock server in
 * its own JVM, three ways taking turns in one client JVM (run it with a small heap, {@code -Xmx64m}):
 *
 * <ul>
 *   <li>{@code raw}: a hand-written OkHttp + Jackson loop reading the same iterator into chunks of 1000, each body
 *       streamed into the connection, at most {@code inFlight} calls at once (a semaphore; the next chunk is read
 *       once a call may start, as the SDK does), responses decoded into objectIDs;</li>
 *   <li>{@code lazy}: {@code index.saveObjects(() -> iterator, chunkSize 1000, chunksInFlight)};</li>
 *   <li>{@code ingester}: an {@code Ingester} (chunks of 1000, the same calls in flight) fed by 8 producer threads,
 *       each its own range of the records.</li>
 * </ul>
 *
 * After a warm-up round (each variant once with a tenth of the records, at most 100k, not reported), each round
 * runs the three in turn (order reversed every other round) into an emptied index that searches only the
 * records' short name (so the server's tokenising does not drown the clients' costs), and checks that every record
 * is stored. It reports per run: seconds and records per second (until every chunk is acknowledged), bytes
 * allocated per record by the client JVM (every thread's allocation counter), the old generation after its last
 * collection at the end and at most during the run (the heap after GC), and the most batch calls at once; then
 * the medians and the medians of the rounds' ratios: lazy / raw throughput and bytes per record, ingester / lazy
 * throughput.
 *
 * <p>Arguments, all optional: records (1000000), rounds (3), calls in flight (4), producers (8), the server's heap
 * (6g).
 */
public final class StreamingIngestion {

    private static final String INDEX = "ingest";
    private static final int CHUNK = 1000;

    private StreamingIngestion() {}

    /** One run's figures. */
    private record Run(
            String variant,
            long records,
            double seconds,
            double bytesPerRecord,
            long oldGenEnd,
            long oldGenMost,
            int mostInFlight) {
        double perSecond() {
            return records / seconds;
        }
    }

    /** Counts batch calls at once; reads no body size, so it costs two atomic operations per call. */
    private static final class InFlight implements CallObserver {
        final AtomicInteger now = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();

        void started() {
            most.accumulateAndGet(now.incrementAndGet(), Math::max);
        }

        void ended() {
            now.decrementAndGet();
        }

        @Override
        public ObservedCall callStarted(CallDescription call) {
            if (!call.operation().equals("batch")) {
                return ObservedCall.NONE;
            }
            started();
            return new ObservedCall() {
                @Override
                public void callEnded(CallEnd end) {
                    ended();
                }

                @Override
                public boolean readsBodySizes() {
                    return false;
                }
            };
        }
    }

    /**
     * Runs the rounds and prints the figures.
     *
     * @param args records, rounds, calls in flight, producers, server heap
     * @throws Exception on any failure
     */
    public static void main(String[] args) throws Exception {
        long records = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        int producers = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        String serverHeap = args.length > 4 ? args[4] : "6g";
        System.out.printf(
                Locale.ROOT,
                "%,d records, %d rounds, %d calls in flight, %d producers; client -Xmx%d MB, JDK %s%n",
                records,
                rounds,
                inFlight,
                producers,
                Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"));
        List<Run> runs = new ArrayList<>();
        InFlight observed = new InFlight();
        // kept for every run, so that the producers' allocation is still counted when a run ends
        ExecutorService producerThreads = Executors.newFixedThreadPool(producers);
        try (MockServerProcess server = MockServerProcess.start(serverHeap);
                SearchClient client = SearchClient.create(
                        ClientConfig.builder(MockServer.DEFAULT_APPLICATION_ID, MockServer.DEFAULT_ADMIN_KEY)
                                .hosts(Host.of(server.url()))
                                .logLevel(LogLevel.NONE)
                                .callObserver(observed)
                                .build());
                RawClient raw = RawClient.withLargePool(server.url(), rawHeaders())) {
            Runner runner = new Runner(raw, client.index(INDEX), inFlight, producerThreads, producers, observed);
            List<String> order = List.of("raw", "lazy", "ingester");
            // a warm-up round, not reported: each variant once with a tenth of the records (at most 100k)
            long warmUp = Math.min(records / 10 + 1, 100_000);
            for (String variant : order) {
                runner.run(variant, warmUp);
            }
            for (int round = 0; round < rounds; round++) {
                List<String> turn = new ArrayList<>(order);
                if (round % 2 == 1) {
                    java.util.Collections.reverse(turn);
                }
                for (String variant : turn) {
                    Run run = runner.run(variant, records);
                    runs.add(run);
                    System.out.printf(
                            Locale.ROOT,
                            "round %d %-8s %7.2f s %,9.0f records/s %,8.0f B/record  old gen after GC: %,d KB at the"
                                    + " end, %,d KB at most  calls at once: %d%n",
                            round + 1,
                            variant,
                            run.seconds(),
                            run.perSecond(),
                            run.bytesPerRecord(),
                            run.oldGenEnd() >> 10,
                            run.oldGenMost() >> 10,
                            run.mostInFlight());
                }
            }
            emptyIndex(client.index(INDEX));
        } finally {
            producerThreads.shutdown();
        }
        summarise(runs, rounds);
    }

    /** Runs one variant into an emptied index, and checks every record is stored. */
    private record Runner(
            RawClient raw,
            SearchIndex index,
            int inFlight,
            ExecutorService producerThreads,
            int producers,
            InFlight observed) {

        Run run(String variant, long records) throws Exception {
            emptyIndex(index);
            Run run = measure(
                    variant,
                    records,
                    () -> switch (variant) {
                        case "raw" -> rawWrite(raw, records, inFlight, observed);
                        case "lazy" -> lazyWrite(index, records, inFlight);
                        default -> ingesterWrite(index, records, inFlight, producerThreads, producers);
                    },
                    observed);
            long stored =
                    index.search(SearchQuery.of().hitsPerPage(0), Object.class).nbHits();
            if (stored != records) {
                throw new IllegalStateException(variant + " stored " + stored + " of " + records);
            }
            return run;
        }
    }

    /** A write that returns how many records it acknowledged. */
    @FunctionalInterface
    private interface Write {
        long run() throws Exception;
    }

    private static Run measure(String variant, long records, Write write, InFlight observed) throws Exception {
        List<MemoryPoolMXBean> oldGen = oldGenerations();
        System.gc();
        observed.most.set(0);
        AtomicLong mostOld = new AtomicLong();
        AtomicReference<Boolean> sampling = new AtomicReference<>(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                mostOld.accumulateAndGet(afterGc(oldGen), Math::max);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        long allocatedBefore = allocatedBytes();
        long start = System.nanoTime();
        sampler.start();
        long written = write.run();
        long nanos = System.nanoTime() - start;
        long allocated = allocatedBytes() - allocatedBefore;
        sampling.set(false);
        sampler.join();
        if (written != records) {
            throw new IllegalStateException(variant + " acknowledged " + written + " of " + records);
        }
        System.gc();
        return new Run(
                variant,
                records,
                nanos / 1e9,
                (double) allocated / records,
                afterGc(oldGen),
                Math.max(mostOld.get(), afterGc(oldGen)),
                observed.most.get());
    }

    private static long lazyWrite(SearchIndex index, long records, int inFlight) {
        Iterator<IngestRecord> source = IngestRecord.range(0, records);
        WriteSummary written = index.saveObjects(
                () -> source, BatchOptions.of().chunkSize(CHUNK).chunksInFlight(inFlight));
        return written.records();
    }

    private static long ingesterWrite(
            SearchIndex index, long records, int inFlight, ExecutorService threads, int producers) throws Exception {
        WriteProgress progress;
        try (Ingester ingester =
                index.ingester(IngesterOptions.of().chunkSize(CHUNK).chunksInFlight(inFlight))) {
            List<Future<?>> done = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                long from = records * p / producers;
                long to = records * (p + 1) / producers;
                done.add(threads.submit(() -> IngestRecord.range(from, to).forEachRemaining(ingester::add)));
            }
            for (Future<?> f : done) {
                f.get();
            }
            progress = ingester.flush();
        }
        if (progress.recordsFailed() != 0) {
            throw new IllegalStateException(progress.recordsFailed() + " records failed");
        }
        return progress.recordsAcknowledged();
    }

    /** The hand-written loop: the same chunks, the same calls at once, each body streamed. */
    private static long rawWrite(RawClient raw, long records, int inFlight, InFlight observed) throws Exception {
        Semaphore slots = new Semaphore(inFlight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong acknowledged = new AtomicLong();
        Iterator<IngestRecord> source = IngestRecord.range(0, records);
        while (source.hasNext()) {
            slots.acquire();
            if (failure.get() != null) {
                break;
            }
            List<IngestRecord> chunk = new ArrayList<>(CHUNK);
            while (chunk.size() < CHUNK && source.hasNext()) {
                chunk.add(source.next());
            }
            observed.started();
            raw.addObjectsStreamedAsync(INDEX, chunk).whenComplete((RawBatchResponse response, Throwable error) -> {
                observed.ended();
                if (error != null) {
                    failure.compareAndSet(null, error);
                } else {
                    acknowledged.addAndGet(response.objectIDs().size());
                }
                slots.release();
            });
        }
        slots.acquire(inFlight);
        if (failure.get() != null) {
            throw new IllegalStateException("a raw chunk failed", failure.get());
        }
        return acknowledged.get();
    }

    private static void emptyIndex(SearchIndex index) {
        if (index.exists()) {
            index.waitForTask(index.delete().taskID());
        }
        index.waitForTask(index.setSettings(IndexSettings.of().searchableAttributes("name"))
                .taskID());
    }

    private static Map<String, String> rawHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "application/json");
        headers.put("User-Agent", "Quarry for Java (0.1.0-SNAPSHOT); Search (0.1.0-SNAPSHOT); JVM (17)");
        headers.put(Credentials.APPLICATION_ID_HEADER, MockServer.DEFAULT_APPLICATION_ID);
        headers.put(Credentials.API_KEY_HEADER, MockServer.DEFAULT_ADMIN_KEY);
        return headers;
    }

    private static void summarise(List<Run> runs, int rounds) {
        System.out.println();
        for (String variant : List.of("raw", "lazy", "ingester")) {
            List<Run> of =
                    runs.stream().filter(r -> r.variant().equals(variant)).toList();
            System.out.printf(
                    Locale.ROOT,
                    "%-8s median %,9.0f records/s, %,8.0f B/record, old gen after GC at most %,d KB, calls at once at"
                            + " most %d%n",
                    variant,
                    median(of.stream().mapToDouble(Run::perSecond).toArray()),
                    median(of.stream().mapToDouble(Run::bytesPerRecord).toArray()),
                    of.stream().mapToLong(Run::oldGenMost).max().orElse(0) >> 10,
                    of.stream().mapToInt(Run::mostInFlight).max().orElse(0));
        }
        double[] throughput = new double[rounds];
        double[] bytes = new double[rounds];
        double[] ingester = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            Run raw = runs.get(round * 3 + position(runs, round, "raw"));
            Run lazy = runs.get(round * 3 + position(runs, round, "lazy"));
            Run fed = runs.get(round * 3 + position(runs, round, "ingester"));
            throughput[round] = lazy.perSecond() / raw.perSecond();
            bytes[round] = lazy.bytesPerRecord() / raw.bytesPerRecord();
            ingester[round] = fed.perSecond() / lazy.perSecond();
        }
        System.out.printf(
                Locale.ROOT,
                "lazy / raw: throughput %.2fx %s, bytes per record %.2fx %s; ingester / lazy: throughput %.2fx %s%n",
                median(throughput),
                Arrays.toString(rounded(throughput)),
                median(bytes),
                Arrays.toString(rounded(bytes)),
                median(ingester),
                Arrays.toString(rounded(ingester)));
    }

    private static int position(List<Run> runs, int round, String variant) {
        for (int i = 0; i < 3; i++) {
            if (runs.get(round * 3 + i).variant().equals(variant)) {
                return i;
            }
        }
        throw new IllegalStateException(variant + " missing from round " + round);
    }

    private static double[] rounded(double[] values) {
        return Arrays.stream(values).map(v -> Math.round(v * 100) / 100.0).toArray();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Every thread's allocation so far (threads that ended are not counted: the clients' threads outlive a run). */
    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long total = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            if (bytes > 0) {
                total += bytes;
            }
        }
        return total;
    }

    private static List<MemoryPoolMXBean> oldGenerations() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null)
                .filter(pool -> pool.getName().contains("Old") || pool.getName().contains("Tenured"))
                .toList();
    }

    /** The old generation's use after its last collection. */
    private static long afterGc(List<MemoryPoolMXBean> oldGen) {
        return oldGen.stream()
                .mapToLong(pool -> pool.getCollectionUsage().getUsed())
                .sum();
    }
}
