package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.data.ProductBean;
import io.quarry.benchmarks.raw.RawBeanSearchResponse;
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
 * Scenario 4: one caller keeping {@code inFlight} asynchronous searches running (8, 64, 1000), a new one started
 * as each completes; the score is searches completed per second. Both clients run at most 128 calls at once and
 * queue the rest without a thread (Quarry on its own threads, the raw client on OkHttp's dispatcher, raised to
 * 128 per host). Goal: {@code quarry} at least {@code raw} at 8 and 64 in flight.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// long warm-up: the canned server is a fresh JVM per fork and its JIT competes with the client's for 2 cores
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class AsyncInFlightBenchmark {

    /**
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void quarry(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.quarryIndex.searchAsync(clients.quarryQuery, Product.class));
    }

    /**
     * Quarry keeping the hits' generated members ({@code RequestOptions.Builder.keepGeneratedMembers()}); the
     * default keeps none, its query asking for none.
     *
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void quarryWithGeneratedMembers(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.quarryKeepingIndex.searchAsync(clients.quarryQuery, Product.class));
    }

    /**
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void raw(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery));
    }

    /**
     * The raw client on an untuned {@code new OkHttpClient()}: at most 5 calls per host run at once, the others
     * wait in OkHttp's queue without a thread.
     *
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void rawOkHttpDefaults(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.rawOkHttpDefaults.searchAsync(CannedClients.INDEX, clients.rawQuery));
    }

    /**
     * The raw client with a connection pool as large as Quarry's (OkHttp's default keeps 5 idle connections).
     *
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void rawLargePool(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.rawLargePool.searchAsync(CannedClients.INDEX, clients.rawQuery));
    }

    /**
     * Quarry with hits bound to {@link ProductBean} (setters) instead of the {@code Product} record.
     *
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void quarryBeanHits(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.quarryIndex.searchAsync(clients.quarryQuery, ProductBean.class));
    }

    /**
     * The raw client with hits bound to {@link ProductBean}.
     *
     * @param clients both clients and the server
     * @param window the calls in flight
     * @throws InterruptedException if interrupted while waiting for a place in the window
     */
    @Benchmark
    public void rawBeanHits(CannedClients clients, InFlightWindow window) throws InterruptedException {
        window.start(() -> clients.raw.searchAsync(CannedClients.INDEX, clients.rawQuery, RawBeanSearchResponse.class));
    }
}
