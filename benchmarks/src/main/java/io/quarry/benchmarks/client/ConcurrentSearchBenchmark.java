package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawSearchResponse;
import io.quarry.search.model.SearchResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scenario 2: eight callers sharing one client, each making searches one after another, blocking or through
 * the asynchronous API (the caller waits for its future). Goal: {@code quarry*} at least 0.95x {@code raw*}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// long warm-up: the canned server is a fresh JVM per fork and its JIT competes with the client's for 2 cores
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(8)
public class ConcurrentSearchBenchmark {

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public SearchResponse<Product> quarryBlocking(CannedClients clients) {
        return clients.quarryIndex.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public RawSearchResponse rawBlocking(CannedClients clients) {
        return clients.raw.search(CannedClients.INDEX, clients.rawQuery);
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public SearchResponse<Product> quarryAsync(CannedClients clients) {
        return clients.quarryIndex
                .searchAsync(clients.quarryQuery, Product.class)
                .join();
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public RawSearchResponse rawAsync(CannedClients clients) {
        return clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery).join();
    }

    /**
     * The raw blocking search on Jackson 2: the JSON library's line's share of the difference.
     *
     * @param clients the clients and the server
     * @return the response
     */
    @Benchmark
    public RawSearchResponse rawJackson2Blocking(CannedClients clients) {
        return clients.rawJackson2.search(CannedClients.INDEX, clients.rawQuery);
    }

    /**
     * The raw blocking search on Jackson 3 with a thread-local buffer recycler pool, as Jackson 2 has by default.
     *
     * @param clients the clients and the server
     * @return the response
     */
    @Benchmark
    public RawSearchResponse rawThreadLocalPoolBlocking(CannedClients clients) {
        return clients.rawThreadLocalPool.search(CannedClients.INDEX, clients.rawQuery);
    }
}
