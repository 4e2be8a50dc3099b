package io.quarry.benchmarks.coldstart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The classes a child loaded before its answer, read from its {@code -Xlog:class+load} lines (printed to its
 * standard output, so that they are in order with {@link FirstSearch#ANSWERED}), counted by library and by
 * package. Unlike times, these counts do not move with the machine's load.
 */
final class ClassCensus {

    /** The JVM flag that prints one line per class loaded, undecorated, to standard output. */
    static final String FLAG = "-Xlog:class+load=info:stdout:none";

    /** Libraries by package prefix; the first that matches names a class's library. */
    private static final String[][] LIBRARIES = {
        {"java.lang.invoke.", "jdk: java.lang.invoke"},
        {"$$Lambda", "lambda classes (any package)"},
        {"java.", "jdk: other"},
        {"javax.", "jdk: other"},
        {"jdk.", "jdk: other"},
        {"sun.", "jdk: other"},
        {"com.sun.", "jdk: other"},
        {"kotlin.", "kotlin"},
        {"okhttp3.", "okhttp3"},
        {"okio.", "okio"},
        {"tools.jackson.core.", "jackson core"},
        {"tools.jackson.databind.", "jackson databind"},
        {"com.fasterxml.jackson.annotation.", "jackson annotations"},
        {"org.slf4j.", "slf4j"},
        {"io.quarry.core.", "quarry core"},
        {"io.quarry.search.", "quarry search"},
        {"io.quarry.benchmarks.", "benchmarks (program, raw client, Product)"},
    };

    private final List<String> classes;

    private ClassCensus(List<String> classes) {
        this.classes = classes;
    }

    /**
     * Reads the class-load lines printed before the answer.
     *
     * @param lines a child's output
     * @return the census
     */
    static ClassCensus of(List<String> lines) {
        List<String> classes = new ArrayList<>();
        for (String line : lines) {
            if (line.equals(FirstSearch.ANSWERED)) {
                return new ClassCensus(classes);
            }
            int source = line.indexOf(" source: ");
            if (source > 0) {
                classes.add(line.substring(0, source));
            }
        }
        throw new IllegalStateException("the child never answered:\n" + String.join("\n", lines));
    }

    /** {@return the class names in load order (hidden classes keep their {@code /0x...} suffix)} */
    List<String> classes() {
        return classes;
    }

    /** {@return the number of classes per library} */
    Map<String, Integer> byLibrary() {
        Map<String, Integer> counts = new TreeMap<>();
        for (String name : classes) {
            counts.merge(libraryOf(name), 1, Integer::sum);
        }
        return counts;
    }

    /** {@return the number of classes per package (lambda and other hidden classes under their host's package)} */
    Map<String, Integer> byPackage() {
        Map<String, Integer> counts = new TreeMap<>();
        for (String name : classes) {
            int slash = name.indexOf('/');
            String plain = slash < 0 ? name : name.substring(0, slash);
            int dot = plain.lastIndexOf('.');
            counts.merge(dot < 0 ? "(default)" : plain.substring(0, dot), 1, Integer::sum);
        }
        return counts;
    }

    private static String libraryOf(String name) {
        for (String[] library : LIBRARIES) {
            if (library[0].startsWith("$") ? name.contains(library[0]) : name.startsWith(library[0])) {
                return library[1];
            }
        }
        return "other";
    }
}
