package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.examples.api.PublishedModules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code samples of the published modules' Javadoc compile against today's API, as the READMEs' snippets do
 * ({@link ReadmeSnippetsTest}): users copy them first, and a renamed method must not leave one behind.
 *
 * <p>Every {@code <pre>{@code ...}</pre>} block of a published module's main sources is a sample, compiled with these
 * imports: those of the sample's own file and its type's member types, every package of its module but the
 * {@code internal} ones, the JDK packages a sample leaves implicit ({@code java.util}, {@code java.time}, ...) and the
 * few types of other modules and libraries that samples name, where the file and module leave the name free. A sample
 * that declares a package is a {@code package-info.java} with its own imports only (in a package of the test's); one
 * that declares a top-level type is a source file of its own. Any other is the body of a class extending
 * {@link JavadocSampleContext}, which gives it the variables and types its prose takes as given ({@code index},
 * {@code now}, {@code Product}, ...): class members if it starts with a field or a method (after any annotation
 * lines), else the statements of a method. {@code ...} alone on a line or between braces stands for code left out,
 * and reads as a comment.
 *
 * <p>A sample that is not Java, or that cannot stand alone, has {@code <!-- not compiled: reason -->} on the line
 * above its {@code <pre>} (or before it on its line): an HTML comment, which Javadoc does not show. Keep such marks
 * few: every one is a sample nobody checks.
 *
 * <p>All samples are compiled in one javac run ({@code -Xlint:all -Werror}, as the READMEs' snippets); a failure
 * names the source file and line of the sample's line that did not compile.
 */
class JavadocSamplesTest {

    private static final Path ROOT = Path.of(System.getProperty("quarry.repository.root", ".."))
            .toAbsolutePath()
            .normalize();

    private static final List<Snippet> samples = new ArrayList<>();
    private static final List<SourceUnit> units = new ArrayList<>();
    private static final List<String> readProblems = new ArrayList<>();
    private static List<String> compileProblems;

    @BeforeAll
    static void compileEverySample(@TempDir Path work) throws IOException {
        for (String module : PublishedModules.all()) {
            JavadocSampleUnits moduleUnits = JavadocSampleUnits.of(ROOT, module);
            for (Path file : JavadocSampleUnits.sources(ROOT, module)) {
                List<Snippet> found = JavadocSamples.of(ROOT, file, readProblems);
                samples.addAll(found);
                String text = found.isEmpty() ? "" : Files.readString(ROOT.resolve(file));
                for (Snippet sample : found) {
                    if (sample.kind().equals("sample")) {
                        units.add(moduleUnits.unit(sample, text));
                    }
                }
            }
        }
        compileProblems = SnippetCompiler.compile(units, work);
    }

    @Test
    void everySampleIsReadAndMostAreCompiled() {
        assertThat(readProblems).as("samples the test cannot read").isEmpty();
        assertThat(units).as("samples compiled").hasSizeGreaterThan(40);
        assertThat(samples.stream().filter(s -> s.kind().equals("skip")).map(s -> s.where() + ": " + s.argument()))
                .as("samples marked <!-- not compiled: ... -->, each a sample nobody checks")
                .hasSizeLessThanOrEqualTo(3);
    }

    @Test
    void everySampleCompiles() {
        assertThat(compileProblems).as("compiler messages").isEmpty();
    }
}
