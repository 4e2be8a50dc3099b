package io.quarry.benchmarks.client;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Diagnosis for {@link SaveObjectsBenchmark}: the CPU time the calling thread spends per 1000-record write, for
 * every variant of that benchmark, in one JVM and alternating between them, so that a busy machine slows them all
 * alike (OkHttp runs a blocking call on the caller's thread: serialising, sending and decoding are all counted).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.BatchCpuPerCall [shape] [rounds]
 * [calls]} prints, per variant, the median and min-max of the rounds' CPU microseconds per call and its ratio to
 * {@code raw}'s (defaults: shape {@code class}, 10 measured rounds after 3 warm-up rounds, 300 calls).
 */
public final class BatchCpuPerCall {

    private static final int WARMUP_ROUNDS = 3;
    private static final String[] VARIANTS = {"quarrySaveObjects", "quarryBatch", "raw", "rawStreamed"};

    private BatchCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args shape, rounds and calls per round (optional)
     * @throws IOException if the canned server cannot start
     */
    public static void main(String[] args) throws IOException {
        ShapedRecords records = new ShapedRecords();
        records.shape = args.length > 0 ? args[0] : "class";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        records.build();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SaveObjectsBenchmark benchmark = new SaveObjectsBenchmark();
        CannedClients clients = new CannedClients();
        clients.start();
        try {
            List<List<Double>> micros = new ArrayList<>();
            for (int v = 0; v < VARIANTS.length; v++) {
                micros.add(new ArrayList<>());
            }
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int v = 0; v < VARIANTS.length; v++) {
                    long before = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < calls; i++) {
                        if (call(benchmark, clients, records, v) == null) {
                            throw new IllegalStateException("no response");
                        }
                    }
                    if (round >= WARMUP_ROUNDS) {
                        micros.get(v).add((threads.getCurrentThreadCpuTime() - before) / 1000.0 / calls);
                    }
                }
            }
            double raw = median(micros.get(2));
            for (int v = 0; v < VARIANTS.length; v++) {
                List<Double> sorted = new ArrayList<>(micros.get(v));
                Collections.sort(sorted);
                System.out.printf(
                        Locale.ROOT,
                        "shape=%s %s: %.0f us CPU per call (%.0f-%.0f), %.2fx raw; %d rounds of %d calls%n",
                        records.shape,
                        VARIANTS[v],
                        median(sorted),
                        sorted.get(0),
                        sorted.get(sorted.size() - 1),
                        median(sorted) / raw,
                        rounds,
                        calls);
            }
        } finally {
            clients.stop();
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static Object call(SaveObjectsBenchmark benchmark, CannedClients clients, ShapedRecords records, int v) {
        return switch (v) {
            case 0 -> benchmark.quarrySaveObjects(clients, records);
            case 1 -> benchmark.quarryBatch(clients, records);
            case 2 -> benchmark.raw(clients, records);
            default -> benchmark.rawStreamed(clients, records);
        };
    }
}
