package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Diagnosis for {@link AsyncInFlightBenchmark}: the whole process's CPU time per asynchronous search (dispatcher
 * threads, GC and JIT included) and the calls per second, Quarry against the raw client, alternating between them
 * in one JVM with {@code inFlight} calls kept running. Against nginx the server costs almost nothing, so CPU per
 * call is the client's own cost, and other load on the machine moves it far less than it moves throughput.
 *
 * <p>{@code java -Xms1g -Xmx1g -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.AsyncCpuPerCall
 * [inFlight] [rounds] [calls] [server]} (defaults: 8, 10 measured rounds after 3 warm-up rounds, 20 000 calls,
 * nginx).
 */
public final class AsyncCpuPerCall {

    private static final int WARMUP_ROUNDS = 3;
    private static final String[] CLIENTS = {
        "quarry", "raw", "quarryBeanHits", "rawBeanHits", "quarryWithoutGeneratedMembers", "rawOkHttpDefaults"
    };

    private AsyncCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args in flight, rounds, calls per round, server (all optional)
     * @throws Exception if the server cannot start or a call fails
     */
    public static void main(String[] args) throws Exception {
        int inFlight = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        CannedClients clients = new CannedClients();
        clients.server = args.length > 3 ? args[3] : "nginx";
        clients.start();
        try {
            List<List<Double>> cpu = new ArrayList<>();
            List<List<Double>> rate = new ArrayList<>();
            for (int c = 0; c < CLIENTS.length; c++) {
                cpu.add(new ArrayList<>());
                rate.add(new ArrayList<>());
            }
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int c = 0; c < CLIENTS.length; c++) {
                    long cpuBefore = os.getProcessCpuTime();
                    long wallBefore = System.nanoTime();
                    run(clients, c, inFlight, calls);
                    long wall = System.nanoTime() - wallBefore;
                    if (round >= WARMUP_ROUNDS) {
                        cpu.get(c).add((os.getProcessCpuTime() - cpuBefore) / 1000.0 / calls);
                        rate.get(c).add(calls * 1e9 / wall);
                    }
                }
            }
            for (int c = 0; c < CLIENTS.length; c++) {
                System.out.printf(
                        Locale.ROOT,
                        "%s, %d in flight: %.1f us process CPU per call (%s), %.0f calls/s (%s), %d rounds of %d%n",
                        CLIENTS[c],
                        inFlight,
                        median(cpu.get(c)),
                        range(cpu.get(c)),
                        median(rate.get(c)),
                        range(rate.get(c)),
                        rounds,
                        calls);
            }
            int[][] pairs = {{0, 1}, {2, 3}, {4, 1}, {0, 5}};
            for (int[] pair : pairs) {
                System.out.printf(
                        Locale.ROOT,
                        "%s/%s: CPU per call %.2fx, calls/s %.2fx%n",
                        CLIENTS[pair[0]],
                        CLIENTS[pair[1]],
                        median(cpu.get(pair[0])) / median(cpu.get(pair[1])),
                        median(rate.get(pair[0])) / median(rate.get(pair[1])));
            }
        } finally {
            clients.stop();
        }
    }

    private static void run(CannedClients clients, int client, int inFlight, int calls) throws InterruptedException {
        Semaphore free = new Semaphore(inFlight);
        Supplier<CompletableFuture<?>> call = switch (client) {
            case 0 -> () -> clients.quarryIndex.searchAsync(clients.quarryQuery, Product.class);
            case 1 -> () -> clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery);
            default -> () -> clients.rawOkHttpDefaults.searchAsync(CannedClients.INDEX, clients.rawQuery);
        };
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

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String range(List<Double> values) {
        return String.format(Locale.ROOT, "%.1f-%.1f", Collections.min(values), Collections.max(values));
    }
}
