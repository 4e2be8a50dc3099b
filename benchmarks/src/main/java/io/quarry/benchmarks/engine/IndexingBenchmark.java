package io.quarry.benchmarks.engine;

import io.quarry.benchmarks.data.Catalogue;
import io.quarry.benchmarks.data.Product;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * Indexing throughput for {@code records} catalogue records (default 100k). Records per second is
 * {@code records / score}. Goal: at least 20k records/s.
 *
 * <p>At 1M records the annotations' 3 GB heap is too small (each invocation builds 1M fresh JSON trees, 1.1 GB,
 * beside the index it fills); the engine figure is {@code java -jar benchmarks/target/benchmarks.jar
 * 'IndexingBenchmark.engineWrite' -p records=1000000 -f 1 -wi 1 -i 3 -jvmArgsAppend "-Xms8g -Xmx8g"}.
 *
 * <ul>
 *   <li>{@code engineWrite}: straight into {@code IndexData.write}, in groups of 1000;</li>
 *   <li>{@code httpBatches}: through an embedded mock server over HTTP, with {@code saveObjects} (batches of
 *       1000, serialised by the client, parsed and applied by the server), then waiting for the last task.</li>
 * </ul>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@State(Scope.Thread)
public class IndexingBenchmark {

    /** How many records each invocation indexes. */
    @Param({"100000"})
    public int records;

    private List<ObjectNode> json;
    private List<Product> products;
    private MockServer server;
    private SearchClient client;
    private SearchIndex index;

    /** Starts the embedded server and its client; builds the typed records once. */
    @Setup(Level.Trial)
    public void start() {
        products = new Catalogue().products(records);
        server = MockServer.builder().start();
        client = SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build());
        index = client.index("products");
    }

    /** Fresh JSON records for the engine (it owns what it indexes) and an empty index for HTTP. */
    @Setup(Level.Invocation)
    public void freshInput() {
        json = EngineData.records(records);
        index.waitForTask(index.clearObjects().taskID());
    }

    /** Stops the server. */
    @TearDown(Level.Trial)
    public void stop() {
        client.close();
        server.close();
    }

    /**
     * {@return the number of records indexed}
     */
    @Benchmark
    public int engineWrite() {
        IndexData data = new IndexData();
        EngineData.load(data, json);
        return data.size();
    }

    /**
     * {@return the number of batches sent}
     */
    @Benchmark
    public long httpBatches() {
        WriteSummary written = index.saveObjects(products, BatchOptions.of());
        // the server applies an index's tasks in order: once the last is published, all are
        index.waitForTask(written.lastTaskID().orElseThrow());
        return written.chunks();
    }
}
