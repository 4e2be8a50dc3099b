package io.quarry.benchmarks.engine;

import io.quarry.benchmarks.data.Catalogue;
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
 * Search latency of the engine (no HTTP) on {@code records} catalogue records: median and p99 from
 * {@link Mode#SampleTime}. Goal: {@code twoWordsFilter} under 10 ms median at 100k. A browse of the whole
 * index is {@link BrowseBenchmark}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@State(Scope.Benchmark)
public class SearchLatencyBenchmark {

    /** The index size. */
    @Param({"10000", "100000"})
    public int records;

    private final SearchEngine engine = new SearchEngine();
    private final SearchContext context = SearchContext.unrestricted("products");
    private IndexData data;
    private IndexConfig config;
    private ObjectNode oneWordTypo;
    private ObjectNode twoWords;
    private ObjectNode twoWordsFilter;
    private ObjectNode filterFacets;

    /** Loads the index and prepares the requests. */
    @Setup(Level.Trial)
    public void load() {
        data = new IndexData();
        EngineData.load(data, EngineData.records(records));
        config = EngineData.config();
        Catalogue words = new Catalogue();
        oneWordTypo = EngineData.object().put("query", withTypo(longWord(words, 40)));
        String twoWordQuery = longWord(words, 60) + " " + longWord(words, 90);
        twoWords = EngineData.object().put("query", twoWordQuery);
        twoWordsFilter = EngineData.object().put("query", twoWordQuery).put("filters", "price < 500 AND rating >= 2");
        filterFacets =
                EngineData.object().put("query", longWord(words, 10)).put("filters", "inStock:true AND price < 500");
        filterFacets.putArray("facets").add("brand").add("categories");
    }

    /** {@return one word, one letter wrong (a typo the engine must forgive)} */
    @Benchmark
    public ObjectNode oneWordTypo() {
        return engine.search(data, config, oneWordTypo, context);
    }

    /** {@return two words, both required} */
    @Benchmark
    public ObjectNode twoWords() {
        return engine.search(data, config, twoWords, context);
    }

    /** {@return two words and a numeric filter} */
    @Benchmark
    public ObjectNode twoWordsFilter() {
        return engine.search(data, config, twoWordsFilter, context);
    }

    /** {@return a common word, a facet and numeric filter, and counts on two facets} */
    @Benchmark
    public ObjectNode filterFacets() {
        return engine.search(data, config, filterFacets, context);
    }

    /** The first word at or after a frequency rank with at least six letters (so a typo is allowed). */
    private static String longWord(Catalogue words, int rank) {
        int r = rank;
        while (words.word(r).length() < 6) {
            r++;
        }
        return words.word(r);
    }

    /** Replaces the fourth letter with another one. */
    private static String withTypo(String word) {
        char replaced = word.charAt(3) == 'x' ? 'y' : 'x';
        return word.substring(0, 3) + replaced + word.substring(4);
    }
}
