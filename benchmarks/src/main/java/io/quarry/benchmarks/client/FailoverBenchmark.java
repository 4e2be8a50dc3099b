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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Failover cost. A fresh client per iteration whose first read host is down and whose second is the canned
 * server: {@code refused} is a closed loopback port (connection refused at once), {@code blackholed} a loopback
 * socket that never accepts, so the request times out after the configured read timeout. {@code healthy} has the
 * canned server only and is the reference: the extra latency is a scenario's time minus {@code healthy}'s.
 *
 * <p>{@code firstCall} times the first search of a fresh client (it meets the down host); {@code nextCalls}
 * times the {@code calls} searches after it, during which a host known to be down should be skipped; it fails
 * with a message once they take more than 30 s, which only happens when the down host is tried again and again.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@State(Scope.Thread)
public class FailoverBenchmark {

    /** The read and connect timeout of the clients: what a black-holed host costs per try (before growth). */
    static final Duration TIMEOUT = Duration.ofMillis(250);
    /** Searches made against the canned server before timing, so that a cold server never exceeds TIMEOUT. */
    private static final int SERVER_WARMUP_CALLS = 500;
    /** When {@code nextCalls} gives up: far beyond what skipping a down host costs, so a failure is a finding. */
    private static final Duration NEXT_CALLS_BUDGET = Duration.ofSeconds(30);

    /** Which host comes first. */
    @Param({"healthy", "refused", "blackholed"})
    public String scenario;

    /** How many calls {@code nextCalls} makes after the first. */
    @Param({"1000"})
    public int calls;

    private CannedServerProcess server;
    private ServerSocket blackHole;
    private int closedPort;
    private SearchClient client;
    private SearchIndex index;
    private final SearchQuery query = SearchQuery.of(CannedClients.QUERY).hitsPerPage(20);

    /**
     * Starts the canned server, the black hole, and finds a closed port.
     *
     * @throws IOException if a socket cannot be opened
     */
    @Setup(Level.Trial)
    public void startHosts() throws IOException {
        server = CannedServerProcess.start();
        // a backlog of 1 that is never accepted: connections queue, requests are never answered
        blackHole = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        try (SearchClient warm = SearchClient.create(ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret")
                .hosts(Host.of(server.url()))
                .build())) {
            for (int i = 0; i < SERVER_WARMUP_CALLS; i++) {
                warm.index(CannedClients.INDEX).search(query, Product.class);
            }
        }
    }

    /** Builds a fresh client: no host state carried over from the previous iteration. */
    @Setup(Level.Iteration)
    public void newClient() {
        client = buildClient();
        index = client.index(CannedClients.INDEX);
    }

    /** A client whose hosts are the scenario's: the down host (if any) first, then the canned server. */
    SearchClient buildClient() {
        Host canned = Host.of(server.url(), CallType.READ, CallType.WRITE);
        List<Host> hosts = switch (scenario) {
            case "healthy" -> List.of(canned);
            case "refused" -> List.of(Host.of("http://127.0.0.1:" + closedPort, CallType.READ, CallType.WRITE), canned);
            case "blackholed" ->
                List.of(Host.of("http://127.0.0.1:" + blackHole.getLocalPort(), CallType.READ, CallType.WRITE), canned);
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        };
        return SearchClient.create(ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret")
                .hosts(hosts)
                .connectTimeout(TIMEOUT)
                .readTimeout(TIMEOUT)
                .build());
    }

    /** Closes the iteration's client. */
    @TearDown(Level.Iteration)
    public void closeClient() {
        client.close();
    }

    /**
     * Stops the server and the black hole.
     *
     * @throws IOException if the black hole cannot be closed
     */
    @TearDown(Level.Trial)
    public void stopHosts() throws IOException {
        blackHole.close();
        server.close();
    }

    /**
     * The first search of a fresh client.
     *
     * @return the number of hits
     */
    @Benchmark
    public int firstCall() {
        return index.search(query, Product.class).hits().size();
    }

    /**
     * The first search (not timed: it is {@link #firstCall}), then {@code calls} more.
     *
     * @param warmed the iteration's own client, whose first call was made before timing started
     * @return the number of hits
     */
    @Benchmark
    public int nextCalls(AfterFirstCall warmed) {
        long start = System.nanoTime();
        int hits = 0;
        for (int i = 0; i < calls; i++) {
            hits += warmed.index.search(query, Product.class).hits().size();
            long elapsed = System.nanoTime() - start;
            if (elapsed > NEXT_CALLS_BUDGET.toNanos()) {
                // a down host that is skipped costs microseconds per call; this one is tried on every call
                throw new IllegalStateException(
                        "the down host is not skipped: " + (i + 1) + " calls after the first took "
                                + Duration.ofNanos(elapsed).toMillis() + " ms (budget " + NEXT_CALLS_BUDGET.toSeconds()
                                + " s); re-run with -p calls=10 to measure the growth");
            }
        }
        return hits;
    }

    /**
     * A fresh client per iteration that has made its first call (meeting the down host) before timing starts.
     * It builds its own client: JMH does not promise to run the benchmark state's iteration setup first, and a
     * first call made on the previous iteration's client would leave the new one to meet the down host while
     * timed.
     */
    @State(Scope.Thread)
    public static class AfterFirstCall {
        private SearchClient client;
        private SearchIndex index;

        /**
         * @param failover the benchmark state, which knows the hosts
         */
        @Setup(Level.Iteration)
        public void firstCall(FailoverBenchmark failover) {
            client = failover.buildClient();
            index = client.index(CannedClients.INDEX);
            index.search(failover.query, Product.class);
        }

        /** Closes the client. */
        @TearDown(Level.Iteration)
        public void close() {
            client.close();
        }
    }
}
