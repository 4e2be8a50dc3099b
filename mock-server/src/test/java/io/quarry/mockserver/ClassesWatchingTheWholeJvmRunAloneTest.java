package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * This module's test classes run beside each other (its Surefire configuration). A class that looks at what belongs
 * to the whole JVM (its threads, a logger's records, its heap) or runs Jazzer (which prepares once per JVM) must run
 * alone ({@code @Isolated}), or it sees the other classes' servers and fails now and then. This says so at once,
 * naming the class. A program a test starts as a JVM of its own (a {@code main} and no tests) watches that JVM only.
 */
class ClassesWatchingTheWholeJvmRunAloneTest {

    private static final Path SOURCES = Path.of("src", "test", "java");

    /** What such a class calls or carries. */
    private static final List<String> WHOLE_JVM =
            List.of("Thread.getAllStackTraces", "Thread.enumerate", ".addHandler(", "getMemoryMXBean", "@FuzzTest");

    @Test
    void everyClassWatchingTheWholeJvmIsIsolated() throws IOException {
        List<Path> watching;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            watching = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.endsWith(getClass().getSimpleName() + ".java"))
                    .filter(file -> WHOLE_JVM.stream().anyMatch(read(file)::contains))
                    .filter(file -> !runsInAJvmOfItsOwn(read(file)))
                    .toList();
        }
        assertThat(watching)
                .as("the classes watching the whole JVM, found in " + SOURCES)
                .isNotEmpty();
        assertThat(watching)
                .filteredOn(file -> !read(file).contains("@Isolated"))
                .as("classes watching the whole JVM that may run beside others: annotate them @Isolated")
                .isEmpty();
    }

    private static boolean runsInAJvmOfItsOwn(String source) {
        return source.contains("static void main(String[] ") && !source.contains("@Test");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
