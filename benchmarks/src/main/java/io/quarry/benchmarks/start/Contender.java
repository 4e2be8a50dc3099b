package io.quarry.benchmarks.start;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one fresh JVM runs, and from which build.
 *
 * @param label the name in tables and files
 * @param kind what runs
 * @param jar the jar it runs from: a benchmarks jar for the in-process kinds, the mock server's standalone jar for
 *     {@link Kind#STANDALONE}; {@code null} for this JVM's class path
 */
record Contender(String label, Kind kind, Path jar) {

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /** What a child runs. */
    enum Kind {
        /** The JDK's {@code HttpServer}: {@link FloorChild}. */
        FLOOR("floor", FloorChild.class, List.of()),
        /** WireMock 3 embedded: {@link WireMockChild}. */
        WIREMOCK("wiremock", WireMockChild.class, List.of()),
        /**
         * The mock server's application behind the JDK's {@code HttpServer} instead of Jetty, a lower bound of such
         * a front: {@link JdkFrontChild}.
         */
        JDK_FRONT("jdk-front", JdkFrontChild.class, List.of()),
        /** The mock server embedded over HTTP: {@link EmbeddedChild}. */
        EMBEDDED("embedded", EmbeddedChild.class, List.of()),
        /** The mock server embedded over HTTP with its console off: {@link EmbeddedChild}. */
        EMBEDDED_CONSOLE_OFF("embedded-console-off", EmbeddedChild.class, List.of("console-off")),
        /** The mock server embedded over HTTPS, its certificate minted at start: {@link EmbeddedChild}. */
        EMBEDDED_HTTPS("embedded-https", EmbeddedChild.class, List.of("https")),
        /** {@code java -jar mock-server-<version>-all.jar --port 0}; the driver makes the request. */
        STANDALONE("standalone", null, List.of("--port", "0")),
        /** The standalone jar with {@code --console off}. */
        STANDALONE_CONSOLE_OFF("standalone-console-off", null, List.of("--port", "0", "--console", "off"));

        private final String label;
        private final Class<?> program;
        private final List<String> args;

        Kind(String label, Class<?> program, List<String> args) {
            this.label = label;
            this.program = program;
            this.args = args;
        }

        /** {@return the kind's name, the label of its contender from this build} */
        String label() {
            return label;
        }
    }

    /** {@return whether the child makes the request itself and reports its own timings} */
    boolean inProcess() {
        return kind.program != null;
    }

    /**
     * {@return the command line}
     *
     * @param flags JVM flags
     */
    List<String> command(List<String> flags) {
        List<String> command = new ArrayList<>();
        command.add(JAVA);
        command.addAll(flags);
        if (kind.program == null) {
            command.add("-jar");
            command.add(jar.toString());
        } else {
            command.add("-cp");
            command.add(jar == null ? System.getProperty("java.class.path") : jar.toString());
            command.add(kind.program.getName());
        }
        command.addAll(kind.args);
        return command;
    }
}
