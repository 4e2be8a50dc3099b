package io.quarry.benchmarks.client;

import io.quarry.benchmarks.canned.SearchShapes;
import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawSearchResponse;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.HighlightResult;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import java.util.Map;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One thread's blocking searches per shape of answer ({@link SearchShapes}: 20 or 1,000 hits, with or without
 * {@code _highlightResult}), hits typed as {@code Product}: what a search allocates (read it with {@code -prof gc},
 * {@code gc.alloc.rate.norm}), by default and when every hit's highlight is read, against the raw client in the
 * same run.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 4, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class SearchShapeBenchmark {

    /** The shape searched, on the shared clients. */
    @State(Scope.Benchmark)
    public static class Shape {

        /** Hits per answer. */
        @Param({"20", "1000"})
        public int hits;

        /** Whether the hits carry {@code _highlightResult}. */
        @Param({"true", "false"})
        public boolean highlighted;

        SearchIndex quarryIndex;
        String index;
        SearchQuery quarryQuery;
        /** The same query asking for the {@code name} highlights, so that the hits keep them. */
        SearchQuery quarryHighlightQuery;

        Map<String, Object> rawQuery;

        /**
         * Points both clients at the shape's index.
         *
         * @param clients the shared clients
         */
        @Setup(Level.Trial)
        public void choose(CannedClients clients) {
            index = SearchShapes.index(hits, highlighted);
            quarryIndex = clients.quarry.index(index);
            quarryQuery = SearchQuery.of(CannedClients.QUERY).hitsPerPage(hits);
            quarryHighlightQuery = quarryQuery.attributesToHighlight("name");
            rawQuery = Map.of("query", CannedClients.QUERY, "hitsPerPage", hits);
            int found = quarryIndex.search(quarryQuery, Product.class).hits().size();
            if (found != hits || clients.raw.search(index, rawQuery).hits().size() != hits) {
                throw new IllegalStateException("the shaped answer did not decode as expected");
            }
        }
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     * @param shape   the shape
     */
    @Benchmark
    public SearchResponse<Product> quarry(CannedClients clients, Shape shape) {
        return shape.quarryIndex.search(shape.quarryQuery, Product.class);
    }

    /**
     * The same search asking for the {@code name} highlights, every hit's read afterwards.
     *
     * @param clients both clients and the server
     * @param shape   the shape
     * @return the total length of the highlights
     */
    @Benchmark
    public int quarryReadingHighlights(CannedClients clients, Shape shape) {
        int length = 0;
        for (Hit<Product> hit : shape.quarryIndex
                .search(shape.quarryHighlightQuery, Product.class)
                .hits()) {
            length +=
                    hit.highlight("name").map(HighlightResult::value).orElse("").length();
        }
        return length;
    }

    /**
     * {@return the response}
     *
     * @param clients both clients and the server
     * @param shape   the shape
     */
    @Benchmark
    public RawSearchResponse raw(CannedClients clients, Shape shape) {
        return clients.raw.search(shape.index, shape.rawQuery);
    }
}
