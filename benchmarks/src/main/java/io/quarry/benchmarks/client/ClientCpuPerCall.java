package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Diagnosis for {@link SearchBenchmark}: the CPU time the calling thread spends per search, Quarry (default, keeping
 * no generated member, and keeping them) against the raw client, in one JVM and alternating between them. Throughput on a
 * 2-core machine also measures the canned server's share of the cores; this measures the client's own work (its
 * thread's CPU time, system calls included; OkHttp runs a blocking call on the caller's thread).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.ClientCpuPerCall [rounds]
 * [calls] [clients] [server]}; defaults: 12 measured rounds after 3 warm-up rounds, 20 000 calls, the JVM canned
 * server ({@code nginx} for the other). The clients take turns, in an order reversed every other round. Printed per
 * client: the median and min-max of the rounds' CPU microseconds per call (and the user-mode part) and of their
 * elapsed microseconds per call (what a caller waits); then, for each client after the first, the median of the
 * rounds' ratios to the first one. Compare one observed client at a time with {@code quarry}: with several kinds of
 * observer in one JVM, the core's calls to them see several implementations, which an application with one does
 * not (a no-op observer then read 1-4% over none). {@code clients} is a comma-separated choice among
 * {@code quarry}, {@code quarryWithGeneratedMembers}, {@code raw} (the default three) and the observed clients
 * of {@link ObservationBenchmark}: {@code noOpObserver}, {@code micrometer}, {@code openTelemetry}; the CPU an
 * observer adds to a call is then measured on the calling thread, which other processes' load hardly moves.
 */
public final class ClientCpuPerCall {

    private static final int WARMUP_ROUNDS = 3;
    private static final String DEFAULT_CLIENTS = "quarry,quarryWithGeneratedMembers,raw";

    private ClientCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args rounds, calls per round, clients and server (all optional)
     * @throws IOException if the canned server cannot start
     */
    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        String[] names = (args.length > 2 ? args[2] : DEFAULT_CLIENTS).split(",");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CannedClients clients = new CannedClients();
        clients.server = args.length > 3 ? args[3] : "jvm";
        clients.start();
        ObservedClients observed = new ObservedClients();
        try {
            observed.start(clients);
            List<Supplier<Object>> searches = new ArrayList<>();
            for (String name : names) {
                searches.add(search(clients, observed, name));
            }
            int n = names.length;
            double[][] micros = new double[n][rounds];
            double[][] wall = new double[n][rounds];
            double[][] user = new double[n][rounds];
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                for (int k = 0; k < n; k++) {
                    int c = RoundFigures.turn(round, k, n);
                    Supplier<Object> search = searches.get(c);
                    long before = threads.getCurrentThreadCpuTime();
                    long userBefore = threads.getCurrentThreadUserTime();
                    long wallBefore = System.nanoTime();
                    for (int i = 0; i < calls; i++) {
                        if (search.get() == null) {
                            throw new IllegalStateException("no response");
                        }
                    }
                    if (round >= WARMUP_ROUNDS) {
                        micros[c][round - WARMUP_ROUNDS] =
                                (threads.getCurrentThreadCpuTime() - before) / 1000.0 / calls;
                        wall[c][round - WARMUP_ROUNDS] = (System.nanoTime() - wallBefore) / 1000.0 / calls;
                        user[c][round - WARMUP_ROUNDS] =
                                (threads.getCurrentThreadUserTime() - userBefore) / 1000.0 / calls;
                    }
                }
            }
            for (int c = 0; c < n; c++) {
                System.out.printf(
                        Locale.ROOT,
                        "%s: %.1f us CPU per call (%s), of which %.1f us in user mode, %.1f us per call (%s), %d rounds of %d"
                                + " calls%n",
                        names[c],
                        RoundFigures.median(micros[c]),
                        RoundFigures.range(micros[c], "%.1f"),
                        RoundFigures.median(user[c]),
                        RoundFigures.median(wall[c]),
                        RoundFigures.range(wall[c], "%.1f"),
                        rounds,
                        calls);
            }
            for (int c = 1; c < n; c++) {
                double[] ratios = RoundFigures.ratios(micros[c], micros[0]);
                double[] wallRatios = RoundFigures.ratios(wall[c], wall[0]);
                System.out.printf(
                        Locale.ROOT,
                        "%s / %s, median of the %d rounds' ratios: CPU per call %.3fx (%s), time per call %.3fx (%s)%n",
                        names[c],
                        names[0],
                        rounds,
                        RoundFigures.median(ratios),
                        RoundFigures.range(ratios, "%.2f"),
                        RoundFigures.median(wallRatios),
                        RoundFigures.range(wallRatios, "%.2f"));
            }
        } finally {
            observed.stop();
            clients.stop();
        }
    }

    private static Supplier<Object> search(CannedClients clients, ObservedClients observed, String client) {
        return switch (client) {
            case "quarry" -> () -> clients.quarryIndex.search(clients.quarryQuery, Product.class);
            case "quarryWithGeneratedMembers" ->
                () -> clients.quarryKeepingIndex.search(clients.quarryQuery, Product.class);
            case "raw" -> () -> clients.raw.search(CannedClients.INDEX, clients.rawQuery);
            case "noOpObserver" -> () -> observed.noOp.search(clients.quarryQuery, Product.class);
            case "micrometer" -> () -> observed.micrometer.search(clients.quarryQuery, Product.class);
            case "openTelemetry" -> () -> observed.openTelemetry.search(clients.quarryQuery, Product.class);
            default -> throw new IllegalArgumentException("no client named " + client);
        };
    }
}
