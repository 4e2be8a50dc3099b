package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.data.ProductBean;
import io.quarry.benchmarks.raw.RawBeanSearchResponse;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Diagnosis for {@link AsyncInFlightBenchmark}, built to be read on a machine that is not idle: the clients take
 * turns in short rounds in one JVM ({@code inFlight} asynchronous searches kept running), the order reversed every
 * other round, and each round's figures are compared with the reference client's in the same round (paired), so a
 * slow second of the machine weighs on both sides of a ratio. Per client: calls per second, and the whole process's
 * CPU time per call (dispatcher threads, GC and JIT included; against nginx the server's CPU is not in it).
 *
 * <p>{@code java -Xms1g -Xmx1g -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.AsyncCpuPerCall
 * [inFlight] [rounds] [calls] [clients] [server]}; defaults: 8, 40 measured rounds after 5 warm-up rounds, 5 000
 * calls a round, {@code quarry,raw}, nginx. The first client is the one compared; clients: {@code quarry},
 * {@code raw}, {@code quarryBeanHits}, {@code rawBeanHits}, {@code quarryWithGeneratedMembers},
 * {@code rawOkHttpDefaults}, {@code rawLargePool}.
 */
public final class AsyncCpuPerCall {

    private static final int WARMUP_ROUNDS = 5;

    private AsyncCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args in flight, rounds, calls per round, clients, server (all optional)
     * @throws Exception if the server cannot start or a call fails
     */
    public static void main(String[] args) throws Exception {
        int inFlight = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 5_000;
        List<String> names = Arrays.asList((args.length > 3 ? args[3] : "quarry,raw").split(","));
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        CannedClients clients = new CannedClients();
        clients.server = args.length > 4 ? args[4] : "nginx";
        clients.start();
        try {
            Map<String, Supplier<CompletableFuture<?>>> calls0 = callsOf(clients);
            int n = names.size();
            double[][] cpu = new double[n][rounds];
            double[][] rate = new double[n][rounds];
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int k = 0; k < n; k++) {
                    int c = RoundFigures.turn(round, k, n);
                    Supplier<CompletableFuture<?>> call = calls0.get(names.get(c));
                    if (call == null) {
                        throw new IllegalArgumentException("unknown client " + names.get(c) + ": " + calls0.keySet());
                    }
                    long cpuBefore = os.getProcessCpuTime();
                    long wallBefore = System.nanoTime();
                    run(call, inFlight, calls);
                    long wall = System.nanoTime() - wallBefore;
                    if (round >= WARMUP_ROUNDS) {
                        cpu[c][round - WARMUP_ROUNDS] = (os.getProcessCpuTime() - cpuBefore) / 1000.0 / calls;
                        rate[c][round - WARMUP_ROUNDS] = calls * 1e9 / wall;
                    }
                }
            }
            for (int c = 0; c < n; c++) {
                System.out.printf(
                        Locale.ROOT,
                        "%s, %d in flight: %.0f calls/s (%s), %.1f us process CPU per call (%s); %d rounds of %d%n",
                        names.get(c),
                        inFlight,
                        RoundFigures.median(rate[c]),
                        RoundFigures.range(rate[c], "%.2f"),
                        RoundFigures.median(cpu[c]),
                        RoundFigures.range(cpu[c], "%.2f"),
                        rounds,
                        calls);
            }
            for (int c = 1; c < n; c++) {
                System.out.printf(
                        Locale.ROOT,
                        "%s / %s, median of the %d rounds' ratios: calls/s %.3fx (%s), CPU per call %.3fx (%s)%n",
                        names.get(0),
                        names.get(c),
                        rounds,
                        RoundFigures.median(RoundFigures.ratios(rate[0], rate[c])),
                        RoundFigures.range(RoundFigures.ratios(rate[0], rate[c]), "%.2f"),
                        RoundFigures.median(RoundFigures.ratios(cpu[0], cpu[c])),
                        RoundFigures.range(RoundFigures.ratios(cpu[0], cpu[c]), "%.2f"));
            }
        } finally {
            clients.stop();
        }
    }

    private static Map<String, Supplier<CompletableFuture<?>>> callsOf(CannedClients clients) {
        Map<String, Supplier<CompletableFuture<?>>> calls = new LinkedHashMap<>();
        calls.put("quarry", () -> clients.quarryIndex.searchAsync(clients.quarryQuery, Product.class));
        calls.put("raw", () -> clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery));
        calls.put("quarryBeanHits", () -> clients.quarryIndex.searchAsync(clients.quarryQuery, ProductBean.class));
        calls.put(
                "rawBeanHits",
                () -> clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery, RawBeanSearchResponse.class));
        calls.put(
                "quarryWithGeneratedMembers",
                () -> clients.quarryKeepingIndex.searchAsync(clients.quarryQuery, Product.class));
        calls.put(
                "rawOkHttpDefaults",
                () -> clients.rawOkHttpDefaults.searchAsync(CannedClients.INDEX, clients.rawQuery));
        calls.put("rawLargePool", () -> clients.rawLargePool.searchAsync(CannedClients.INDEX, clients.rawQuery));
        return calls;
    }

    private static void run(Supplier<CompletableFuture<?>> call, int inFlight, int calls) throws InterruptedException {
        Semaphore free = new Semaphore(inFlight);
        for (int i = 0; i < calls; i++) {
            free.acquire();
            call.get().whenComplete((result, error) -> {
                if (error != null) {
                    error.printStackTrace();
                    System.exit(1);
                }
                free.release();
            });
        }
        if (!free.tryAcquire(inFlight, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("calls still in flight after 60 s");
        }
    }
}
