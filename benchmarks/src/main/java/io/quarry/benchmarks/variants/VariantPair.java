package io.quarry.benchmarks.variants;

import io.quarry.benchmarks.canned.CannedServerHandle;
import io.quarry.benchmarks.client.RoundFigures;
import io.quarry.benchmarks.coldstart.ChildJvm;
import io.quarry.benchmarks.coldstart.QuarryFirstSearch;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * Two builds of the SDK, measured against each other in one JVM on the figures a user sees, taking turns in every
 * round (order reversed every other round). This is how each place where the client replaces a library's own
 * mechanism is judged: build A with the replacement, build B with the library's mechanism, and keep the
 * replacement only if it wins at least 3% on one figure and loses on none.
 *
 * <p>{@code java -cp benchmarks.jar io.quarry.benchmarks.variants.VariantPair A=CLASSPATH B=CLASSPATH [key=value...]}
 * with keys {@code server} ({@code nginx}, the default, or {@code jvm}), {@code rounds} (30), {@code calls}
 * (searches per turn, 4000), {@code writes} (1000-record writes per turn, 60), {@code observer} ({@code none} or
 * {@code micrometer}), {@code kindA} and {@code kindB} (the client each variant runs: {@code quarry}, the default,
 * {@code quarryLean}, {@code quarryWithGeneratedMembers}, {@code raw}, {@code rawLargePool}, {@code rawJackson2}; see
 * {@link VariantWorkload#open}) and
 * {@code figures} (a comma-separated choice of {@code sync1,sync8,async8,write,cold}, all by default). Each class
 * path lists the variant's own jars first and then {@code benchmarks.jar}, which supplies the rest; each variant has
 * a class loader of its own ({@link VariantLoader}). Three warm-up rounds are not reported. Printed per figure: each variant's median (min-max) and the median of the rounds' B / A ratios.
 *
 * <p>The figures: {@code sync1}, one thread's blocking searches (time per call, that thread's CPU and allocation
 * per call); {@code sync8}, eight threads sharing the client (calls per second, the process's CPU per call);
 * {@code async8}, one caller keeping eight async searches in flight (the same two); {@code write}, one thread's
 * 1000-record {@code saveObjects} (time and calling-thread allocation per call); {@code cold}, a fresh JVM per
 * variant from JVM start to its first decoded search.
 */
public final class VariantPair {

    private static final int WARMUP_ROUNDS = 3;

    private VariantPair() {}

    /**
     * Runs the comparison.
     *
     * @param args {@code A=CLASSPATH B=CLASSPATH} and options
     * @throws Exception if the server cannot start or a call fails
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        List<VariantLoader> variants = new ArrayList<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("expected NAME=CLASSPATH or key=value: " + arg);
            }
            String key = arg.substring(0, eq);
            if (key.equals("A") || key.equals("B") || key.startsWith("A:") || key.startsWith("B:")) {
                String name = key.length() > 2 ? key.substring(2) : key;
                variants.add(new VariantLoader(key.substring(0, 1), name, arg.substring(eq + 1)));
            } else {
                options.put(key, arg.substring(eq + 1));
            }
        }
        if (variants.size() != 2) {
            throw new IllegalArgumentException(
                    "give two variants: A=CLASSPATH B=CLASSPATH (or A:name=..., B:name=...)");
        }
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "30"));
        int calls = Integer.parseInt(options.getOrDefault("calls", "4000"));
        int writes = Integer.parseInt(options.getOrDefault("writes", "60"));
        String observer = options.getOrDefault("observer", "none");
        List<String> figures = List.of(
                options.getOrDefault("figures", "sync1,sync8,async8,write,cold").split(","));
        ExecutorService eight = Executors.newFixedThreadPool(8);
        try (CannedServerHandle server = CannedServerHandle.start(options.getOrDefault("server", "nginx"))) {
            List<Map<String, Object>> workloads = new ArrayList<>();
            for (VariantLoader variant : variants) {
                workloads.add(variant.openWorkload(
                        server.url(), observer, options.getOrDefault("kind" + variant.slot(), "quarry")));
            }
            Figures results =
                    new Figures(variants.get(0).name(), variants.get(1).name(), rounds);
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                int measured = round - WARMUP_ROUNDS;
                for (String figure : figures) {
                    for (int k = 0; k < 2; k++) {
                        int v = RoundFigures.turn(round, k, 2);
                        Map<String, Object> calls0 = workloads.get(v);
                        Map<String, Double> values = switch (figure) {
                            case "sync1" -> Turns.oneThread((IntSupplier) calls0.get("search"), calls);
                            case "sync8" -> Turns.eightThreads((IntSupplier) calls0.get("search"), calls, eight);
                            case "async8" -> Turns.inFlight(searchAsync(calls0), calls, 8);
                            case "write" -> Turns.writes((IntSupplier) calls0.get("write"), writes);
                            case "cold" -> Turns.cold(variants.get(v).classPath(), server.url());
                            default -> throw new IllegalArgumentException("unknown figure: " + figure);
                        };
                        if (measured >= 0) {
                            values.forEach((name, value) -> results.add(figure + " " + name, v, measured, value));
                        }
                    }
                }
            }
            for (Map<String, Object> workload : workloads) {
                ((Runnable) workload.get("close")).run();
            }
            System.out.printf(
                    Locale.ROOT,
                    "A = %s, B = %s; %d rounds after %d warm-up; server %s, observer %s%n",
                    variants.get(0).name(),
                    variants.get(1).name(),
                    rounds,
                    WARMUP_ROUNDS,
                    options.getOrDefault("server", "nginx"),
                    observer);
            results.print();
        } finally {
            eight.shutdownNow();
            for (VariantLoader variant : variants) {
                variant.close();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Supplier<CompletableFuture<?>> searchAsync(Map<String, Object> workload) {
        return (Supplier<CompletableFuture<?>>) workload.get("searchAsync");
    }

    /** One turn of each figure: runs the calls and returns the turn's values by name. */
    static final class Turns {

        private static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        private static final com.sun.management.OperatingSystemMXBean OS =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

        private Turns() {}

        static Map<String, Double> oneThread(IntSupplier search, int calls) {
            long cpu = THREADS.getCurrentThreadCpuTime();
            long bytes = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                check(search.getAsInt());
            }
            long wall = System.nanoTime() - start;
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("us/call", wall / 1e3 / calls);
            values.put("thread CPU us/call", (THREADS.getCurrentThreadCpuTime() - cpu) / 1e3 / calls);
            values.put("thread KB/call", (THREADS.getCurrentThreadAllocatedBytes() - bytes) / 1024.0 / calls);
            return values;
        }

        static Map<String, Double> eightThreads(IntSupplier search, int calls, ExecutorService eight) throws Exception {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(eight.submit(() -> {
                    go.await();
                    for (int i = 0; i < calls / 8; i++) {
                        check(search.getAsInt());
                    }
                    return null;
                }));
            }
            long cpu = OS.getProcessCpuTime();
            long start = System.nanoTime();
            go.countDown();
            for (Future<?> each : done) {
                each.get();
            }
            return rateAndCpu(calls / 8 * 8, System.nanoTime() - start, OS.getProcessCpuTime() - cpu);
        }

        static Map<String, Double> inFlight(Supplier<CompletableFuture<?>> search, int calls, int inFlight)
                throws InterruptedException {
            Semaphore free = new Semaphore(inFlight);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long cpu = OS.getProcessCpuTime();
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                free.acquire();
                search.get().whenComplete((result, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                    free.release();
                });
            }
            if (!free.tryAcquire(inFlight, 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("async calls still in flight after 60 s");
            }
            long wall = System.nanoTime() - start;
            if (failure.get() != null) {
                throw new IllegalStateException("an async search failed", failure.get());
            }
            return rateAndCpu(calls, wall, OS.getProcessCpuTime() - cpu);
        }

        static Map<String, Double> writes(IntSupplier write, int writes) {
            long bytes = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            for (int i = 0; i < writes; i++) {
                if (write.getAsInt() != 1000) {
                    throw new IllegalStateException("a write did not report 1000 records");
                }
            }
            long wall = System.nanoTime() - start;
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("ms/call", wall / 1e6 / writes);
            values.put("thread KB/call", (THREADS.getCurrentThreadAllocatedBytes() - bytes) / 1024.0 / writes);
            return values;
        }

        static Map<String, Double> cold(String classPath, String url) {
            ChildJvm.Timings timings = ChildJvm.run(List.of(), classPath, QuarryFirstSearch.class, List.of(url))
                    .timings();
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("ms to first answer", timings.total());
            values.put("process CPU ms", timings.cpu());
            return values;
        }

        private static Map<String, Double> rateAndCpu(int calls, long wallNanos, long cpuNanos) {
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("calls/s", calls / (wallNanos / 1e9));
            values.put("process CPU us/call", cpuNanos / 1e3 / calls);
            return values;
        }

        /** Hits per answer: 20, or the count an answer shape's index names ({@code shape-1000-plain}). */
        private static final int EXPECTED_HITS = expectedHits(System.getProperty("quarry.variants.index", ""));

        private static int expectedHits(String index) {
            String[] parts = index.split("-");
            return parts.length > 1 && parts[0].equals("shape") ? Integer.parseInt(parts[1]) : 20;
        }

        private static void check(int hits) {
            if (hits != EXPECTED_HITS) {
                throw new IllegalStateException("a search decoded " + hits + " hits, not " + EXPECTED_HITS);
            }
        }
    }

    /** Every measured value, by figure, variant and round, and how they print. */
    private static final class Figures {
        private final String a;
        private final String b;
        private final int rounds;
        private final Map<String, double[][]> values = new LinkedHashMap<>();

        Figures(String a, String b, int rounds) {
            this.a = a;
            this.b = b;
            this.rounds = rounds;
        }

        void add(String figure, int variant, int round, double value) {
            values.computeIfAbsent(figure, f -> new double[2][rounds])[variant][round] = value;
        }

        void print() {
            for (Map.Entry<String, double[][]> figure : values.entrySet()) {
                double[] first = figure.getValue()[0];
                double[] second = figure.getValue()[1];
                double[] ratios = RoundFigures.ratios(second, first);
                System.out.printf(
                        Locale.ROOT,
                        "%-28s %s %10.2f (%s)  %s %10.2f (%s)  %s / %s %.3fx (%s)%n",
                        figure.getKey(),
                        a,
                        RoundFigures.median(first),
                        RoundFigures.range(first, "%.1f"),
                        b,
                        RoundFigures.median(second),
                        RoundFigures.range(second, "%.1f"),
                        b,
                        a,
                        RoundFigures.median(ratios),
                        RoundFigures.range(ratios, "%.2f"));
            }
        }
    }
}
