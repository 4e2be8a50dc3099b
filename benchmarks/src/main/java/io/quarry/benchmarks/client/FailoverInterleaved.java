package io.quarry.benchmarks.client;

import io.quarry.benchmarks.canned.CannedServerProcess;
import io.quarry.benchmarks.data.Product;
import io.quarry.core.CallType;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Diagnosis for {@link FailoverBenchmark}: the cost per call while a black-holed host is timed out, measured in
 * one JVM by alternating fresh clients with and without the black hole, so both see the same JIT state and the
 * same server. JMH runs each scenario in its own fork, where fork-to-fork differences (compiled code shaped by
 * the timeout's exception path, the server's warm-up) are as large as the effect looked for.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.FailoverInterleaved [rounds]
 * [calls]} prints, per scenario, the median and min-max time of {@code calls} searches after a fresh client's
 * first call (defaults: 12 measured rounds after 4 warm-up rounds, 2000 calls).
 */
public final class FailoverInterleaved {

    private static final int WARMUP_ROUNDS = 4;

    private FailoverInterleaved() {}

    /**
     * Runs the comparison.
     *
     * @param args rounds and calls per round (optional)
     * @throws IOException if a socket cannot be opened
     */
    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        SearchQuery query = SearchQuery.of(CannedClients.QUERY).hitsPerPage(20);
        List<Long> healthy = new ArrayList<>();
        List<Long> blackholed = new ArrayList<>();
        try (CannedServerProcess server = CannedServerProcess.start();
                ServerSocket blackHole = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Host canned = Host.of(server.url(), CallType.READ, CallType.WRITE);
            Host hole = Host.of("http://127.0.0.1:" + blackHole.getLocalPort(), CallType.READ, CallType.WRITE);
            for (int round = 0; round < WARMUP_ROUNDS + rounds; round++) {
                long plain = timeNextCalls(List.of(canned), query, calls);
                long withHole = timeNextCalls(List.of(hole, canned), query, calls);
                if (round >= WARMUP_ROUNDS) {
                    healthy.add(plain);
                    blackholed.add(withHole);
                }
            }
        }
        report("healthy", healthy, calls);
        report("blackholed", blackholed, calls);
        System.out.printf(
                Locale.ROOT,
                "extra per call with a timed-out host: %.1f us (difference of the medians)%n",
                (median(blackholed) - median(healthy)) / 1e3 / calls);
    }

    /** A fresh client makes its first call (untimed: it meets the down host), then {@code calls} timed ones. */
    private static long timeNextCalls(List<Host> hosts, SearchQuery query, int calls) {
        try (SearchClient client = SearchClient.create(ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret")
                .hosts(hosts)
                .connectTimeout(FailoverBenchmark.TIMEOUT)
                .readTimeout(FailoverBenchmark.TIMEOUT)
                .build())) {
            SearchIndex index = client.index(CannedClients.INDEX);
            index.search(query, Product.class);
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                index.search(query, Product.class);
            }
            return System.nanoTime() - start;
        }
    }

    private static void report(String scenario, List<Long> nanos, int calls) {
        System.out.printf(
                Locale.ROOT,
                "%-10s %d calls: median %.1f ms (%.1f-%.1f), %.1f us per call%n",
                scenario,
                calls,
                median(nanos) / 1e6,
                Collections.min(nanos) / 1e6,
                Collections.max(nanos) / 1e6,
                median(nanos) / 1e3 / calls);
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }
}
