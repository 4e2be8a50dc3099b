package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Articles;
import io.quarry.benchmarks.data.Catalogue;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The 1000 records of one batch, in the shape the trial's {@code shape} parameter names. */
@State(Scope.Benchmark)
public class ShapedRecords {

    /**
     * {@code class}: {@code data.Article}, a getter/setter class with {@code @JsonProperty} fields (~0.4 KB of
     * JSON each); {@code record}: the same members as a Java record ({@code data.ArticleRecord});
     * {@code product}: {@code data.Product}, the smaller record of the other client benchmarks.
     */
    @Param({"class", "record", "product"})
    public String shape;

    List<?> records;

    /** Builds the records once per trial, every one with its objectID. */
    @Setup(Level.Trial)
    public void build() {
        records = switch (shape) {
            case "class" -> new Articles().classes(CannedClients.BATCH_SIZE);
            case "record" -> new Articles().records(CannedClients.BATCH_SIZE);
            case "product" -> new Catalogue().products(CannedClients.BATCH_SIZE);
            default -> throw new IllegalArgumentException("unknown shape " + shape);
        };
    }
}
