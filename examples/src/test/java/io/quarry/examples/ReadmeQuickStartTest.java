package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's quick start compiles as a newcomer copies it: its Java block is written to a file as it stands,
 * imports included, and compiled against the published modules on this test's class path.
 */
class ReadmeQuickStartTest {

    // Surefire runs the examples' tests from the examples directory.
    private static final Path README = Path.of("..", "README.md");

    @Test
    void theQuickStartCompilesAsShown(@TempDir Path work) throws IOException {
        String source = javaBlockOf(Files.readString(README), "## Quick start");
        Path file = work.resolve("QuickStart.java");
        Files.writeString(file, source);

        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean compiled;
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of(
                    "--release",
                    "17",
                    "-Xlint:all",
                    "-Werror",
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    work.resolve("classes").toString());
            compiled = compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(file))
                    .call();
        }

        assertThat(compiled)
                .as("the README's quick start compiles:%n%s", describe(diagnostics.getDiagnostics()))
                .isTrue();
    }

    /** The first {@code ```java} block after a heading. */
    static String javaBlockOf(String markdown, String heading) {
        int section = markdown.indexOf("\n" + heading + "\n");
        assertThat(section).as("the README has a section " + heading).isNotNegative();
        int start = markdown.indexOf("```java\n", section);
        assertThat(start).as("a Java block under " + heading).isNotNegative();
        int end = markdown.indexOf("\n```", start + 8);
        return markdown.substring(start + 8, end + 1);
    }

    private static String describe(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        return diagnostics.stream()
                .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                .collect(Collectors.joining("\n"));
    }
}
