package io.quarry.benchmarks.start;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The classes a child loaded before its answer, read from its {@code -Xlog:class+load} lines, counted by library
 * and by where they came from: the JDK's class-data sharing archive (cheap: mapped, not parsed) or a jar or the
 * runtime image (read, parsed and verified). For the standalone jar the count ends when the driver got its
 * answer, so a few classes loaded just after may be in it.
 */
final class ClassCount {

    /** The JVM flag that prints one line per class loaded, undecorated, to standard output. */
    static final String FLAG = "-Xlog:class+load=info:stdout:none";

    private static final String SOURCE = " source: ";
    private static final String SHARED = "shared objects file";

    private ClassCount() {}

    /**
     * Prints a contender's counts.
     *
     * @param label the contender
     * @param lines what it printed up to its answer
     */
    static void print(String label, List<String> lines) {
        Map<String, int[]> byLibrary = new TreeMap<>();
        int total = 0;
        int shared = 0;
        for (String line : lines) {
            int at = line.indexOf(SOURCE);
            if (at < 0) {
                continue;
            }
            total++;
            boolean fromArchive = line.startsWith(SHARED, at + SOURCE.length());
            if (fromArchive) {
                shared++;
            }
            int[] counts = byLibrary.computeIfAbsent(library(line.substring(0, at)), k -> new int[2]);
            counts[fromArchive ? 1 : 0]++;
        }
        System.out.printf(
                Locale.ROOT,
                "%n%s: %d classes before the answer, %d of them from the JDK's CDS archive%n",
                label,
                total,
                shared);
        byLibrary.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue()[0] + b.getValue()[1], a.getValue()[0] + a.getValue()[1]))
                .limit(25)
                .forEach(e -> System.out.printf(
                        Locale.ROOT,
                        "  %-48s %6d (%d from CDS)%n",
                        e.getKey(),
                        e.getValue()[0] + e.getValue()[1],
                        e.getValue()[1]));
    }

    /** {@return a class's library: its first three package names, four under {@code io.quarry}} */
    private static String library(String className) {
        String name = className.contains("$$Lambda") ? "(lambda forms and lambda classes)" : className;
        if (name.startsWith("java.lang.invoke.")) {
            return "java.lang.invoke";
        }
        int depth = name.startsWith("io.quarry.") ? 4 : 3;
        int end = -1;
        for (int i = 0; i < depth; i++) {
            int next = name.indexOf('.', end + 1);
            if (next < 0) {
                break;
            }
            end = next;
        }
        return end < 0 ? name : name.substring(0, end);
    }
}
