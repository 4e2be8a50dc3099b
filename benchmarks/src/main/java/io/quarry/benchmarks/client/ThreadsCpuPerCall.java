package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawClient;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import tools.jackson.core.util.JsonRecyclerPools;

/**
 * Blocking searches from many threads at once, paired: for {@link ConcurrentSearchBenchmark}'s eight threads on a
 * busy machine, and for thousands of callers on virtual threads against the same on platform threads. Each turn
 * starts {@code threads} callers of one kind on one client, each making {@code calls} searches one after another;
 * the turns of a round take place one after the other, the order reversed every other round. Per turn: searches
 * per second, the process's CPU per search (every thread: carriers, OkHttp's, GC, JIT; nginx is another process),
 * the share of it the calling threads spent themselves (platform threads only; the rest is GC, JIT and OkHttp's
 * own threads) and the bytes allocated per search (every live thread's counter; a virtual thread allocates on its carrier's).
 * The callers of a turn stay alive until the counters are read, so none takes its allocation with it. A search
 * that fails (thousands of callers on two cores can outwait the read timeout) is printed and left out of the
 * figures; more than 1% failed stops the run.
 *
 * <p>{@code java -Xms1g -Xmx1g -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.ThreadsCpuPerCall
 * [threads] [rounds] [calls] [clients] [kinds] [server]}; defaults: 8 threads, 30 measured rounds after 5 warm-up
 * rounds, 500 searches per thread, {@code quarry,raw,rawJackson2}, {@code platform}, nginx. {@code kinds} is
 * {@code platform}, {@code virtual} (Java 21 and later) or both; each client runs on each kind, and the first
 * pair is the one every other is compared with (the median of the rounds' ratios). Clients: {@code quarry},
 * {@code quarryWithGeneratedMembers}, {@code raw} (Jackson 3's default recycler pool, a concurrent deque per
 * factory), {@code rawJackson2}, and the raw Jackson 3 loop with another of Jackson's pools:
 * {@code rawThreadLocalPool}, {@code rawBoundedPool}, {@code rawNonRecyclingPool}, or with its property names interned
 * ({@code rawInternedNames}) or not canonicalized ({@code rawUncanonicalizedNames}); {@code rawLargePool} is the
 * raw Jackson 3 loop with a connection pool as large as Quarry's, against OkHttp's default 5 of the other raw loops.
 */
public final class ThreadsCpuPerCall {

    private static final int WARMUP_ROUNDS = 5;

    /**
     * A thread's user time is read from a clock that ticks every 10 ms on Linux: below two ticks per caller the
     * kernel's share says nothing (2,000 callers of 5 searches each read no user time at all).
     */
    private static final long MIN_THREAD_CPU_FOR_SPLIT = TimeUnit.MILLISECONDS.toNanos(20);

    private ThreadsCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args threads, rounds, searches per thread, clients, kinds, server (all optional)
     * @throws Exception if the server cannot start, a search fails or virtual threads are asked for before Java 21
     */
    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        String[] names = (args.length > 3 ? args[3] : "quarry,raw,rawJackson2").split(",");
        String[] kinds = (args.length > 4 ? args[4] : "platform").split(",");
        CannedClients clients = new CannedClients();
        clients.server = args.length > 5 ? args[5] : "nginx";
        clients.start();
        List<AutoCloseable> extra = new ArrayList<>();
        try {
            Map<String, Supplier<Object>> searches = searchesOf(clients, extra);
            List<String> labels = new ArrayList<>();
            List<Supplier<Object>> turns = new ArrayList<>();
            List<ThreadStarter> starters = new ArrayList<>();
            for (String name : names) {
                Supplier<Object> search = searches.get(name);
                if (search == null) {
                    throw new IllegalArgumentException("unknown client " + name + ": " + searches.keySet());
                }
                for (String kind : kinds) {
                    labels.add(name + "@" + kind);
                    turns.add(search);
                    starters.add(ThreadStarter.of(kind));
                }
            }
            int n = labels.size();
            double[][] rate = new double[n][rounds];
            double[][] cpu = new double[n][rounds];
            double[][] bytes = new double[n][rounds];
            double[][] callers = new double[n][rounds];
            double[][] kernel = new double[n][rounds];
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int k = 0; k < n; k++) {
                    int c = RoundFigures.turn(round, k, n);
                    double[] figures = turn(starters.get(c), turns.get(c), threads, calls);
                    if (round >= WARMUP_ROUNDS) {
                        rate[c][round - WARMUP_ROUNDS] = figures[0];
                        cpu[c][round - WARMUP_ROUNDS] = figures[1];
                        bytes[c][round - WARMUP_ROUNDS] = figures[2];
                        callers[c][round - WARMUP_ROUNDS] = figures[3];
                        kernel[c][round - WARMUP_ROUNDS] = figures[4];
                    }
                }
            }
            print(labels, threads, calls, rate, cpu, bytes, callers, kernel);
        } finally {
            for (AutoCloseable client : extra) {
                client.close();
            }
            clients.stop();
        }
    }

    private static Map<String, Supplier<Object>> searchesOf(CannedClients clients, List<AutoCloseable> extra) {
        RawClient bounded = clients.rawWithRecyclerPool(JsonRecyclerPools.newBoundedPool(100));
        RawClient nonRecycling = clients.rawWithRecyclerPool(JsonRecyclerPools.nonRecyclingPool());
        RawClient internedNames = clients.rawWithJsonFactory(tools.jackson.core.json.JsonFactory.builder()
                .enable(tools.jackson.core.TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES)
                .build());
        // every name decoded afresh, with no symbol table to look it up in (name look-up is where a profile shows
        // Jackson 3 spending more than Jackson 2)
        RawClient uncanonicalizedNames = clients.rawWithJsonFactory(tools.jackson.core.json.JsonFactory.builder()
                .disable(tools.jackson.core.TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES)
                .build());
        extra.add(bounded);
        extra.add(nonRecycling);
        extra.add(internedNames);
        extra.add(uncanonicalizedNames);
        Map<String, Supplier<Object>> searches = new LinkedHashMap<>();
        searches.put("quarry", () -> clients.quarryIndex.search(clients.quarryQuery, Product.class));
        searches.put(
                "quarryWithGeneratedMembers",
                () -> clients.quarryKeepingIndex.search(clients.quarryQuery, Product.class));
        searches.put("raw", () -> clients.raw.search(CannedClients.INDEX, clients.rawQuery));
        searches.put("rawJackson2", () -> clients.rawJackson2.search(CannedClients.INDEX, clients.rawQuery));
        searches.put(
                "rawThreadLocalPool", () -> clients.rawThreadLocalPool.search(CannedClients.INDEX, clients.rawQuery));
        searches.put("rawBoundedPool", () -> bounded.search(CannedClients.INDEX, clients.rawQuery));
        searches.put("rawNonRecyclingPool", () -> nonRecycling.search(CannedClients.INDEX, clients.rawQuery));
        searches.put("rawInternedNames", () -> internedNames.search(CannedClients.INDEX, clients.rawQuery));
        searches.put(
                "rawUncanonicalizedNames", () -> uncanonicalizedNames.search(CannedClients.INDEX, clients.rawQuery));
        searches.put("rawLargePool", () -> clients.rawLargePool.search(CannedClients.INDEX, clients.rawQuery));
        return searches;
    }

    /**
     * One turn; {@return searches per second, process CPU microseconds per search, bytes per search, the calling
     * threads' own CPU microseconds per search and the part of it in the kernel (NaN where a thread's CPU time
     * cannot be read, as on virtual threads, and the kernel's part too when each caller spent under 20 ms)}
     */
    private static double[] turn(ThreadStarter starter, Supplier<Object> search, int threads, int calls)
            throws InterruptedException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        CountDownLatch read = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong failed = new AtomicLong();
        ThreadMXBean threadCpu = ManagementFactory.getThreadMXBean();
        AtomicLong callerNanos = new AtomicLong();
        AtomicLong unreadable = new AtomicLong();
        AtomicLong callerUserNanos = new AtomicLong();
        List<Thread> callers = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            callers.add(starter.start(() -> {
                ready.countDown();
                try {
                    go.await();
                    long ownBefore = threadCpu.getCurrentThreadCpuTime();
                    long userBefore = threadCpu.getCurrentThreadUserTime();
                    for (int i = 0; i < calls; i++) {
                        try {
                            search.get();
                        } catch (RuntimeException e) {
                            // thousands of callers on two cores can outwait a read timeout: counted, not fatal
                            failed.incrementAndGet();
                            failure.compareAndSet(null, e);
                        }
                    }
                    long ownAfter = threadCpu.getCurrentThreadCpuTime();
                    long userAfter = threadCpu.getCurrentThreadUserTime();
                    // -1 where the JVM cannot tell (a virtual thread's time)
                    if (Math.min(Math.min(ownBefore, ownAfter), Math.min(userBefore, userAfter)) < 0) {
                        unreadable.incrementAndGet();
                    } else {
                        callerNanos.addAndGet(ownAfter - ownBefore);
                        callerUserNanos.addAndGet(userAfter - userBefore);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
                awaitQuietly(read); // alive until its allocation counter is read
            }));
        }
        ready.await();
        AllocatedBytes allocated = AllocatedBytes.snapshot();
        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        go.countDown();
        if (!done.await(300, TimeUnit.SECONDS)) {
            throw new IllegalStateException("searches still running after 300 s");
        }
        long wall = System.nanoTime() - wallBefore;
        long cpu = os.getProcessCpuTime() - cpuBefore;
        long bytes = allocated.since();
        read.countDown();
        for (Thread caller : callers) {
            caller.join();
        }
        if (failed.get() * 100 > (long) threads * calls) {
            throw new IllegalStateException("over 1% of the searches failed", failure.get());
        }
        if (failure.get() != null) {
            System.out.println("failed searches in a turn: " + failed.get() + ", the first: " + failure.get());
        }
        double total = (double) threads * calls - failed.get();
        double callerCpu = unreadable.get() > 0 ? Double.NaN : callerNanos.get() / 1000.0 / total;
        double callerKernel = unreadable.get() > 0 || callerNanos.get() / threads < MIN_THREAD_CPU_FOR_SPLIT
                ? Double.NaN
                : (callerNanos.get() - callerUserNanos.get()) / 1000.0 / total;
        return new double[] {total * 1e9 / wall, cpu / 1000.0 / total, bytes / total, callerCpu, callerKernel};
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void print(
            List<String> labels,
            int threads,
            int calls,
            double[][] rate,
            double[][] cpu,
            double[][] bytes,
            double[][] callers,
            double[][] kernel) {
        int rounds = rate[0].length;
        for (int c = 0; c < labels.size(); c++) {
            System.out.printf(
                    Locale.ROOT,
                    "%s, %d threads: %.0f searches/s (%s), %.1f us process CPU per search (%s), of which the callers"
                            + " %.1f us (%s; %.1f us in the kernel), %.1f KB per search (%s); %d rounds of %d searches"
                            + " per thread%n",
                    labels.get(c),
                    threads,
                    RoundFigures.median(rate[c]),
                    RoundFigures.range(rate[c], "%.0f"),
                    RoundFigures.median(cpu[c]),
                    RoundFigures.range(cpu[c], "%.1f"),
                    RoundFigures.median(callers[c]),
                    RoundFigures.range(callers[c], "%.1f"),
                    RoundFigures.median(kernel[c]),
                    RoundFigures.median(bytes[c]) / 1024,
                    RoundFigures.range(scaled(bytes[c], 1.0 / 1024), "%.1f"),
                    rounds,
                    calls);
        }
        for (int c = 1; c < labels.size(); c++) {
            System.out.printf(
                    Locale.ROOT,
                    "%s / %s, median of the rounds' ratios: searches/s %.3fx (%s), CPU per search %.3fx (%s),"
                            + " callers' CPU %.3fx (%s), bytes per search %.3fx (%s)%n",
                    labels.get(0),
                    labels.get(c),
                    RoundFigures.median(RoundFigures.ratios(rate[0], rate[c])),
                    RoundFigures.range(RoundFigures.ratios(rate[0], rate[c]), "%.2f"),
                    RoundFigures.median(RoundFigures.ratios(cpu[0], cpu[c])),
                    RoundFigures.range(RoundFigures.ratios(cpu[0], cpu[c]), "%.2f"),
                    RoundFigures.median(RoundFigures.ratios(callers[0], callers[c])),
                    RoundFigures.range(RoundFigures.ratios(callers[0], callers[c]), "%.2f"),
                    RoundFigures.median(RoundFigures.ratios(bytes[0], bytes[c])),
                    RoundFigures.range(RoundFigures.ratios(bytes[0], bytes[c]), "%.2f"));
        }
    }

    private static double[] scaled(double[] values, double factor) {
        double[] scaled = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            scaled[i] = values[i] * factor;
        }
        return scaled;
    }

    /** Starts a caller thread of one kind. */
    private interface ThreadStarter {

        Thread start(Runnable task);

        /** {@return a starter of {@code platform} or {@code virtual} threads} */
        static ThreadStarter of(String kind) throws ReflectiveOperationException {
            switch (kind) {
                case "platform":
                    return task -> {
                        Thread thread = new Thread(task);
                        thread.start();
                        return thread;
                    };
                case "virtual":
                    // Thread.ofVirtual() is Java 21 API; the module compiles for 17
                    Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
                    Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
                    return task -> {
                        try {
                            return (Thread) start.invoke(builder, task);
                        } catch (ReflectiveOperationException e) {
                            throw new IllegalStateException("cannot start a virtual thread", e);
                        }
                    };
                default:
                    throw new IllegalArgumentException("thread kind: platform or virtual, not " + kind);
            }
        }
    }
}
