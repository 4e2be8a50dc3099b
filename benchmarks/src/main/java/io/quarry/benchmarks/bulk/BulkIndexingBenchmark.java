package io.quarry.benchmarks.bulk;

import io.quarry.benchmarks.data.Catalogue;
import io.quarry.benchmarks.data.Product;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.WriteSummary;
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
 * {@code records} catalogue products (default 1M) saved with {@code saveObjects} (chunks of 1000, default
 * options otherwise) into an embedded mock server over HTTP, with {@code chunksInFlight} chunk requests at once,
 * then waiting for the last task applied. One shot per iteration into an emptied index; records per second is
 * {@code records / score}. The server and the client share one JVM, whose heap holds the server's index (about
 * 1 KB a record) and the client's input.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@State(Scope.Thread)
public class BulkIndexingBenchmark {

    /** How many records each shot saves. */
    @Param({"1000000"})
    public int records;

    /** How many chunk requests are under way at once. */
    @Param({"1", "2", "4", "8"})
    public int chunksInFlight;

    private List<Product> products;
    private MockServer server;
    private SearchClient client;
    private SearchIndex index;
    private BatchOptions options;

    /** Starts the embedded server and its client; builds the records once. */
    @Setup(Level.Trial)
    public void start() {
        products = new Catalogue().products(records);
        server = MockServer.builder().start();
        client = SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build());
        index = client.index("products");
        options = BatchOptions.of().chunksInFlight(chunksInFlight);
    }

    /** An empty index for each shot. */
    @Setup(Level.Invocation)
    public void emptyIndex() {
        index.waitForTask(index.clearObjects().taskID());
    }

    /** Every record must be there: a shot that lost records would not count. */
    @TearDown(Level.Invocation)
    public void checkEveryRecordStored() {
        long stored =
                index.search(SearchQuery.of().hitsPerPage(0), Product.class).nbHits();
        if (stored != records) {
            throw new IllegalStateException("stored " + stored + " of " + records + " records");
        }
    }

    /** Stops the server. */
    @TearDown(Level.Trial)
    public void stop() {
        client.close();
        server.close();
    }

    /**
     * {@return the number of batches sent}
     */
    @Benchmark
    public long saveObjects() {
        WriteSummary written = index.saveObjects(products, options);
        // chunks may be applied in any order; task IDs grow with each applied write, so the highest is the last
        index.waitForTask(written.lastTaskID().orElseThrow());
        return written.chunks();
    }
}
