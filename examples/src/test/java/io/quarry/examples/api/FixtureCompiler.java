package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles the API tests' fixture sources as the build compiles the published modules: Java 17, no processors. */
final class FixtureCompiler {

    private FixtureCompiler() {}

    /**
     * Compiles sources into a folder, failing the test with javac's diagnostics when they do not compile.
     *
     * @param files   the source files
     * @param classes the output folder, also on the class path (so an edited fixture compiles against the rest)
     * @throws IOException if the file manager cannot be closed
     */
    static void compile(List<Path> files, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fileManager =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean compiled = javac.getTask(
                            null,
                            fileManager,
                            diagnostics,
                            List.of(
                                    "--release",
                                    "17",
                                    "-proc:none",
                                    "-cp",
                                    classes.toString(),
                                    "-d",
                                    classes.toString()),
                            null,
                            fileManager.getJavaFileObjectsFromPaths(files))
                    .call();
            assertThat(compiled)
                    .as("the fixtures compile: %s", diagnostics.getDiagnostics())
                    .isTrue();
        }
    }
}
