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
 * What observing calls costs: the blocking search of {@link SearchBenchmark} with no observer, a no-op observer,
 * the Micrometer integration and the OpenTelemetry one, against the raw client. Goals: no observer within 1% of
 * {@code SearchBenchmark.quarry} (it is the same code path), Micrometer with a simple registry within 5% of the
 * client's time per call.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class ObservationBenchmark {

    /**
     * {@return the response}
     *
     * @param clients the unobserved client and the server
     */
    @Benchmark
    public SearchResponse<Product> noObserver(CannedClients clients) {
        return clients.quarryIndex.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients the server
     * @param observed the observed clients
     */
    @Benchmark
    public SearchResponse<Product> noOpObserver(CannedClients clients, ObservedClients observed) {
        return observed.noOp.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients the server
     * @param observed the observed clients
     */
    @Benchmark
    public SearchResponse<Product> micrometer(CannedClients clients, ObservedClients observed) {
        return observed.micrometer.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients the server
     * @param observed the observed clients
     */
    @Benchmark
    public SearchResponse<Product> openTelemetry(CannedClients clients, ObservedClients observed) {
        return observed.openTelemetry.search(clients.quarryQuery, Product.class);
    }

    /**
     * {@return the response}
     *
     * @param clients the raw client and the server
     */
    @Benchmark
    public RawSearchResponse raw(CannedClients clients) {
        return clients.raw.search(CannedClients.INDEX, clients.rawQuery);
    }
}
