package io.quarry.examples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles every snippet in one javac run, as the build compiles the project's own code ({@code --release 17},
 * every lint a warning and every warning an error), against this test's class path.
 */
final class SnippetCompiler {

    private SnippetCompiler() {}

    /**
     * Writes the units under {@code work/src}, compiles them into {@code work/classes} and returns the problems,
     * each located on its page; none when everything compiled.
     */
    static List<String> compile(List<SourceUnit> units, Path work) throws IOException {
        Map<Path, SourceUnit> byFile = new HashMap<>();
        for (SourceUnit unit : units) {
            Path file = work.resolve("src")
                    .resolve(unit.packageName().replace('.', '/'))
                    .resolve(unit.fileName());
            Files.createDirectories(file.getParent());
            if (byFile.put(file, unit) != null) {
                return List.of(unit.snippet().where() + ": a second snippet declares " + unit.typeName());
            }
            Files.writeString(file, unit.text());
        }
        Path classes = Files.createDirectories(work.resolve("classes"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean compiled;
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of(
                    "--release",
                    "17",
                    "-Xlint:all",
                    "-Werror",
                    "-proc:none",
                    "-implicit:none",
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    classes.toString());
            compiled = compiler.getTask(
                            null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(byFile.keySet()))
                    .call();
        }
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            SourceUnit unit = d.getSource() == null
                    ? null
                    : byFile.get(Path.of(d.getSource().toUri()));
            String where = unit == null ? "javac" : unit.where(d.getLineNumber());
            problems.add(where + ": " + d.getKind().name().toLowerCase(Locale.ROOT) + ": " + d.getMessage(Locale.ROOT));
        }
        if (!compiled && problems.isEmpty()) {
            problems.add("javac failed without saying why");
        }
        return compiled ? List.of() : problems;
    }

    /** A class loader of the compiled snippets, whose parent is this test's. */
    static URLClassLoader loader(Path work) {
        try {
            URL classes = work.resolve("classes").toUri().toURL();
            return new URLClassLoader(new URL[] {classes}, SnippetCompiler.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }
}
