package io.quarry.examples.api;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The compatibility gate on one published module: its baseline jar against its compiled classes. */
final class ModuleCompatibility {

    private ModuleCompatibility() {}

    /**
     * The version this build makes: the examples' surefire configuration passes {@code ${project.version}} (so
     * {@code -Drevision=2.0.0} counts); run from an IDE, the parent pom's {@code revision}.
     *
     * @return such as {@code 1.1.0-SNAPSHOT}
     */
    static String currentVersion() {
        String version = System.getProperty("quarry.api.version", "");
        return version.isBlank() ? PublishedModules.revision() : version;
    }

    /**
     * Compares a module with the baseline.
     *
     * @param baseline a built baseline
     * @param module the module's directory relative to the root
     * @return the gate's verdict, empty when the baseline did not publish the module (everything in it is new)
     */
    static Optional<CompatibilityGate.Verdict> verdict(ApiBaseline baseline, String module) {
        return baseline.jar(module).isEmpty() ? Optional.empty() : verdict(baseline, module, comparison(baseline));
    }

    /**
     * A comparison for every module of the baseline: they all use the same class paths.
     *
     * @param baseline a built baseline
     * @return the comparison, for {@link #verdict(ApiBaseline, String, CompatibilityGate.Comparison)}
     */
    static CompatibilityGate.Comparison comparison(ApiBaseline baseline) {
        List<String> testClassPath = testClassPath();
        // The baseline's classes link to the baseline's other modules and to the same libraries as now.
        List<String> baselineClassPath = Stream.concat(
                        baseline.classPath().stream(),
                        testClassPath.stream()
                                .filter(entry ->
                                        !Path.of(entry).toAbsolutePath().startsWith(PublishedModules.ROOT)))
                .toList();
        return new CompatibilityGate.Comparison(baselineClassPath, testClassPath);
    }

    /**
     * Compares a module with the baseline, in a comparison made for that baseline.
     *
     * @param baseline a built baseline
     * @param module the module's directory relative to the root
     * @param comparison the baseline's {@link #comparison(ApiBaseline)}
     * @return the gate's verdict, empty when the baseline did not publish the module (everything in it is new)
     */
    static Optional<CompatibilityGate.Verdict> verdict(
            ApiBaseline baseline, String module, CompatibilityGate.Comparison comparison) {
        Optional<Path> jar = baseline.jar(module);
        if (jar.isEmpty()) {
            return Optional.empty();
        }
        Path classes = PublishedModules.ROOT.resolve(module).resolve("target/classes");
        if (!Files.isDirectory(classes)) {
            throw new IllegalStateException("no compiled classes in " + classes + ": build the module first");
        }
        try {
            return Optional.of(comparison.compare(
                    new CompatibilityGate.Side(
                            Files.readAllBytes(jar.get()), baseline.version(), comparison.baselineClassPath()),
                    new CompatibilityGate.Side(ClassJar.of(classes), currentVersion(), comparison.currentClassPath())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The examples' test class path: every module's classes and the libraries; surefire's own jar names only itself. */
    private static List<String> testClassPath() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .toList();
    }
}
