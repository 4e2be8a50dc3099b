package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Boot line projects run their test classes two at a time (their Surefire configuration). A class that captures
 * the standard streams or the logs reads what the classes beside it print, and a container test starts what the
 * machine has one of: each must run alone ({@code @Isolated}). This says so at once, naming the class.
 */
class ClassesSharingTheJvmRunAloneTest {

    /** The Boot line's own test sources and the ones both lines share (the working directory is the line's). */
    private static final List<Path> SOURCES =
            List.of(Path.of("src", "test", "java"), Path.of("..", "spring-boot-starter-common", "src", "test", "java"));

    /** What such a class holds: Spring Boot's output capture, a logback appender of its own, the containers tag. */
    private static final List<String> MARKERS =
            List.of("OutputCaptureExtension", "ListAppender<", "@Tag(\"containers\")");

    @Test
    void everyClassCapturingOutputOrStartingContainersIsIsolated() throws IOException {
        List<Path> sharing = SOURCES.stream()
                .filter(Files::isDirectory)
                .flatMap(ClassesSharingTheJvmRunAloneTest::javaFiles)
                .filter(file -> !file.endsWith(ClassesSharingTheJvmRunAloneTest.class.getSimpleName() + ".java"))
                .filter(file -> MARKERS.stream().anyMatch(read(file)::contains))
                .toList();
        assertThat(sharing)
                .as("the classes capturing output or starting containers")
                .hasSizeGreaterThanOrEqualTo(4);
        assertThat(sharing)
                .filteredOn(file -> !read(file).contains("@Isolated"))
                .as("classes that may run beside others: annotate them @Isolated")
                .isEmpty();
    }

    private static Stream<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
