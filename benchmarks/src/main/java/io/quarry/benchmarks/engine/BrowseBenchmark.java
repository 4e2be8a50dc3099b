package io.quarry.benchmarks.engine;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
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
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.node.ObjectNode;

/**
 * A browse of the whole index through the engine: the first page, then cursor after cursor, 1000 records per
 * page, until the end. Timed once per iteration ({@link Mode#SingleShotTime}): at 100k records one browse takes
 * seconds, too long for a latency distribution.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@State(Scope.Benchmark)
public class BrowseBenchmark {

    /** The index size. */
    @Param({"10000", "100000"})
    public int records;

    private final SearchEngine engine = new SearchEngine();
    private final SearchContext context = SearchContext.unrestricted("products");
    private IndexData data;
    private IndexConfig config;

    /** Loads the index. */
    @Setup(Level.Trial)
    public void load() {
        data = new IndexData();
        EngineData.load(data, EngineData.records(records));
        config = EngineData.config();
    }

    /** {@return the number of records browsed} */
    @Benchmark
    public int browseAll() {
        int seen = 0;
        ObjectNode page = engine.browsePage(data, config, EngineData.object().put("hitsPerPage", 1000), context);
        while (true) {
            seen += page.get("hits").size();
            if (!page.hasNonNull("cursor")) {
                if (seen != records) {
                    throw new IllegalStateException("browsed " + seen + " of " + records + " records");
                }
                return seen;
            }
            page = engine.browsePage(
                    data,
                    config,
                    EngineData.object().put("cursor", page.get("cursor").asString()),
                    context);
        }
    }
}
