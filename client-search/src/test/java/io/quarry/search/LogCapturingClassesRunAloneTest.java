package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * This module's test classes run beside each other (its Surefire configuration), and the log capture is one for the
 * whole JVM: a class that starts one must run alone ({@code @Isolated}), or it reads, and clears, what the classes
 * beside it log, and fails now and then. This says so at once, naming the class.
 */
class LogCapturingClassesRunAloneTest {

    private static final Path SOURCES = Path.of("src", "test", "java");

    @Test
    void everyClassCapturingLogsIsIsolated() throws IOException {
        List<Path> capturing;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            capturing = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.endsWith(LogCapturingClassesRunAloneTest.class.getSimpleName() + ".java"))
                    .filter(file -> read(file).contains("LogCapture.start()"))
                    .toList();
        }
        assertThat(capturing)
                .as("the classes capturing logs, found in " + SOURCES)
                .isNotEmpty();
        assertThat(capturing)
                .filteredOn(file -> !read(file).contains("@Isolated"))
                .as("classes capturing logs that may run beside others: annotate them @Isolated")
                .isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
