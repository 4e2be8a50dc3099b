package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The estimate of the columns searches build, against the heap they really retain after a collection: over the
 * records a 16 MB budget holds (a 32 MB heap's), every attribute faceted and filtered on, its numbers sorted. The
 * estimate may be above the heap (the budget then refuses a little early) but never far below it. Not isolated: the
 * measurement runs in a JVM of its own ({@link CachedColumnsHeapMeasurement}), started with this JVM's heap and
 * compiler options and the serial collector, whose heap holds nothing of the classes running beside this one.
 */
@Timeout(120)
class CachedColumnsHeapTest {

    @Test
    void theEstimateOfAFullBudgetsColumnsCoversTheHeapTheyRetain(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("measurement.txt");
        Process process = new ProcessBuilder(command())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        try {
            assertThat(process.waitFor(100, TimeUnit.SECONDS))
                    .as("the measurement ended")
                    .isTrue();
        } finally {
            process.destroyForcibly();
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
        assertThat(process.exitValue()).as(printed).isZero();
        String[] figures =
                printed.lines().reduce((first, last) -> last).orElseThrow().split(" ");
        assertThat(figures).as(printed).hasSize(5);
        int built = Integer.parseInt(figures[0]);
        long estimate = Long.parseLong(figures[1]);
        long measured = Long.parseLong(figures[2]);
        int records = Integer.parseInt(figures[3]);
        int sorted = Integer.parseInt(figures[4]);

        assertThat(built).isEqualTo(CachedColumnsHeapMeasurement.ATTRIBUTES + 1);
        assertThat((double) estimate / measured)
                .as("estimate %d bytes, retained %d bytes, over %d records", estimate, measured, records)
                .isBetween(0.95, 1.6);
        assertThat(sorted).as("records in the numeric order").isEqualTo(records);
    }

    /**
     * The measurement's JVM: this one's, with its options that shape the heap and the compiler (but its own
     * collector), and class path.
     */
    private static List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> option.startsWith("-X") && !option.matches("-XX:[+-]Use\\w+GC"))
                .forEach(command::add);
        // its full collections, one after another, read the same bytes, and cost less than G1's
        command.add("-XX:+UseSerialGC");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(CachedColumnsHeapMeasurement.class.getName());
        return command;
    }
}
