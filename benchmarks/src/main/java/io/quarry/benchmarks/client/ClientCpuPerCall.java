package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Diagnosis for {@link SearchBenchmark}: the CPU time the calling thread spends per search, Quarry (default and
 * without generated members) against the raw client, in one JVM and alternating between them. Throughput on a
 * 2-core machine also measures the canned server's share of the cores; this measures the client's own work (its
 * thread's CPU time, system calls included; OkHttp runs a blocking call on the caller's thread).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.ClientCpuPerCall [rounds]
 * [calls]} prints, per client, the median and min-max of the rounds' CPU microseconds per call (defaults: 12
 * measured rounds after 3 warm-up rounds, 20 000 calls).
 */
public final class ClientCpuPerCall {

    private static final int WARMUP_ROUNDS = 3;
    private static final String[] CLIENTS = {"quarry", "quarryWithoutGeneratedMembers", "raw"};

    private ClientCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args rounds and calls per round (optional)
     * @throws IOException if the canned server cannot start
     */
    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CannedClients clients = new CannedClients();
        clients.start();
        try {
            List<List<Double>> micros = new ArrayList<>();
            for (int c = 0; c < CLIENTS.length; c++) {
                micros.add(new ArrayList<>());
            }
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int c = 0; c < CLIENTS.length; c++) {
                    long before = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < calls; i++) {
                        if (call(clients, c) == null) {
                            throw new IllegalStateException("no response");
                        }
                    }
                    if (round >= WARMUP_ROUNDS) {
                        micros.get(c).add((threads.getCurrentThreadCpuTime() - before) / 1000.0 / calls);
                    }
                }
            }
            for (int c = 0; c < CLIENTS.length; c++) {
                List<Double> sorted = new ArrayList<>(micros.get(c));
                Collections.sort(sorted);
                System.out.printf(
                        Locale.ROOT,
                        "%s: %.1f us CPU per call (%.1f-%.1f), %d rounds of %d calls%n",
                        CLIENTS[c],
                        sorted.get(sorted.size() / 2),
                        sorted.get(0),
                        sorted.get(sorted.size() - 1),
                        rounds,
                        calls);
            }
        } finally {
            clients.stop();
        }
    }

    private static Object call(CannedClients clients, int client) {
        return switch (client) {
            case 0 -> clients.quarryIndex.search(clients.quarryQuery, Product.class);
            case 1 -> clients.quarryLeanIndex.search(clients.quarryQuery, Product.class);
            default -> clients.raw.search(CannedClients.INDEX, clients.rawQuery);
        };
    }
}
