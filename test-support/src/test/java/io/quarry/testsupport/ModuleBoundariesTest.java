package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of the sources: client modules reach the core through its public packages and its module SPI
 * ({@code io.quarry.core.spi}), never through {@code io.quarry.core.internal}; model classes import no internal
 * package at all; the mock server imports no client code. The benchmarks measure internals on purpose and are
 * not checked.
 */
class ModuleBoundariesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void onlyTheCoreImportsTheCoreInternals() {
        assertThat(importsMatching(
                        Pattern.compile("^import (static )?io\\.quarry\\.core\\.internal\\b"),
                        p -> !p.startsWith(ROOT.resolve("client-core")) && !p.startsWith(ROOT.resolve("benchmarks"))))
                .isEmpty();
    }

    @Test
    void modelClassesImportNoInternalPackage() {
        assertThat(importsMatching(
                        Pattern.compile("^import (static )?io\\.quarry\\.[a-z.]*internal\\b"),
                        p -> p.toString().contains("/model/")))
                .isEmpty();
    }

    @Test
    void theMockServerImportsNoClientCode() {
        assertThat(importsMatching(
                        Pattern.compile("^import (static )?io\\.quarry\\.(core|search|analytics|insights"
                                + "|personalization|answers|querysuggestions|monitoring|usage|crawler|testsupport)\\b"),
                        p -> p.startsWith(ROOT.resolve("mock-server"))))
                .isEmpty();
    }

    @Test
    void theScanSeesTheSources() {
        assertThat(mainSources().filter(p -> p.endsWith("SearchIndex.java"))).hasSize(1);
    }

    private static List<String> importsMatching(Pattern pattern, java.util.function.Predicate<Path> files) {
        return mainSources()
                .filter(files)
                .flatMap(file -> lines(file)
                        .filter(line -> pattern.matcher(line).find())
                        .map(line -> ROOT.relativize(file) + ": " + line))
                .toList();
    }

    private static Stream<Path> mainSources() {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList().stream()
                    .flatMap(ModuleBoundariesTest::javaFiles);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
