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
 * Scenario 1: one thread making blocking searches that decode 20 typed hits. Goal: {@code quarry} at least
 * 0.95x the throughput of {@code raw}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// long warm-up: the canned server is a fresh JVM per fork and its JIT competes with the client's for 2 cores
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class SearchBenchmark {

    /**
     * {@return the response, so that nothing is optimised away}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public SearchResponse<Product> quarry(CannedClients clients) {
        return clients.quarryIndex.search(clients.quarryQuery, Product.class);
    }

    /**
     * The same search keeping the hits' generated members, as a search asking for highlights does
     * ({@code RequestOptions.Builder.keepGeneratedMembers()}); the default above keeps none, its query asking for none.
     *
     * @param clients both clients and the server
     * @return the response
     */
    @Benchmark
    public SearchResponse<Product> quarryWithGeneratedMembers(CannedClients clients) {
        return clients.quarryKeepingIndex.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     */
    @Benchmark
    public RawSearchResponse raw(CannedClients clients) {
        return clients.raw.search(CannedClients.INDEX, clients.rawQuery);
    }

    /**
     * The raw search on Jackson 2: the JSON library's line's share of the difference.
     *
     * @param clients the clients and the server
     * @return the response
     */
    @Benchmark
    public RawSearchResponse rawJackson2(CannedClients clients) {
        return clients.rawJackson2.search(CannedClients.INDEX, clients.rawQuery);
    }

    /**
     * The raw search on Jackson 3 with a thread-local buffer recycler pool, as Jackson 2 has by default.
     *
     * @param clients the clients and the server
     * @return the response
     */
    @Benchmark
    public RawSearchResponse rawThreadLocalPool(CannedClients clients) {
        return clients.rawThreadLocalPool.search(CannedClients.INDEX, clients.rawQuery);
    }
}
