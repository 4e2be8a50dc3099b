package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link JavadocSamplesTest}'s reading and wrapping, on a module of one file whose samples are known. */
class JavadocSamplesCatchBrokenSamplesTest {

    private static final String FILE = "m/src/main/java/io/quarry/fixture/Thing.java";

    private static final String SOURCE = """
            package io.quarry.fixture;

            import io.quarry.search.model.SearchQuery;

            /**
             * Statements, using the context's index and the file's import:
             * <pre>{@code
             * SearchQuery query = SearchQuery.of("phone").hitsPerPage(10);
             * index.search(query, Product.class).noSuchMethod();
             * }</pre>
             * Members, the file's own nested type, and code left out:
             * <pre>{@code
             * static final Thing.Kind KIND = Kind.ONE;
             *
             * Kind kind() {
             *     ...
             *     return missing;
             * }
             * }</pre>
             * A type, with a star and a slash split across two code tags:
             * <pre>{@code
             * class Routes {
             *     String all = "/1/*}{@code /query";
             *     int wrong = "text";
             * }
             * }</pre>
             * <!-- not compiled: JSON -->
             * <pre>{@code
             * {"query": "phone"}
             * }</pre>
             * <!-- not compiled: -->
             * <pre>{@code
             * not Java
             * }</pre>
             * A package's annotation:
             * <pre>{@code
             * @SdkTypes
             * package io.quarry.fixture;
             *
             * import io.quarry.core.spi.SdkTypes;
             * }</pre>
             */
            public final class Thing {
                /** Kinds. */
                public enum Kind {
                    /** One. */
                    ONE
                }
            }
            """;

    @Test
    void aBrokenSampleIsNamedByItsFileAndLineAndAMarkedOneIsLeftOut(@TempDir Path root) throws IOException {
        Path file = root.resolve(FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, SOURCE);
        List<String> readProblems = new ArrayList<>();
        List<Snippet> samples = JavadocSamples.of(root, Path.of(FILE), readProblems);

        assertThat(samples)
                .extracting(Snippet::kind)
                .containsExactly("sample", "sample", "sample", "skip", "skip", "sample");
        assertThat(samples.get(3).argument()).isEqualTo("JSON");
        assertThat(readProblems).containsExactly(FILE + ":32: a <!-- not compiled: --> mark without its reason");

        JavadocSampleUnits units = JavadocSampleUnits.of(root, "m");
        List<SourceUnit> compiled = new ArrayList<>();
        // the module's own class, which the samples import
        compiled.add(new SourceUnit(
                new Snippet(FILE, 1, "java", "source", "", SOURCE), "Thing", "io.quarry.fixture", SOURCE, 0));
        samples.stream()
                .filter(sample -> sample.kind().equals("sample"))
                .forEach(sample -> compiled.add(units.unit(sample, SOURCE)));
        assertThat(compiled.get(3).text()).contains("\"/1/*/query\"");
        assertThat(compiled.get(4).text()).startsWith("@SdkTypes\npackage jdsamples.m.");
        assertThat(SnippetCompiler.compile(compiled, root.resolve("work")))
                .as("each problem at the line of the sample's line in the file")
                .hasSize(3)
                .anySatisfy(problem -> assertThat(problem).startsWith(FILE + ":9: error: cannot find symbol"))
                .anySatisfy(problem -> assertThat(problem).startsWith(FILE + ":17: error: cannot find symbol"))
                .anySatisfy(problem -> assertThat(problem).startsWith(FILE + ":24: error: incompatible types"));
    }
}
