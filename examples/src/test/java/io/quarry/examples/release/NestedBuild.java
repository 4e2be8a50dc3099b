package io.quarry.examples.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Maven build started by a test, in a directory of its own, on the JDK that runs the test and with the user's
 * local repository (~/.m2) unless its command names another: its output goes to a log file, shown in part if it
 * fails.
 *
 * @param directory where it runs (the copy of the repository)
 * @param log       its output
 * @param took      how long it took
 */
record NestedBuild(Path directory, Path log, Duration took) {

    /**
     * Runs a command and waits for it.
     *
     * @param directory   where to run it
     * @param command     the command, one argument per element
     * @param environment variables to set besides the test's own
     * @param atMost      how long it may take before it is ended
     * @return the finished build
     * @throws AssertionError if it fails or takes too long
     */
    static NestedBuild run(Path directory, List<String> command, Map<String, String> environment, Duration atMost) {
        Path log = directory.resolveSibling(directory.getFileName() + ".log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        // The outer build's own Maven settings of where the project is must not point the nested one back at it.
        env.remove("MAVEN_BASEDIR");
        env.remove("MAVEN_PROJECTBASEDIR");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.putAll(environment);
        long start = System.nanoTime();
        try {
            Process process = builder.start();
            if (!process.waitFor(atMost.toSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("the build took longer than " + atMost + "; its log: " + log);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            if (process.exitValue() != 0) {
                throw new AssertionError("the build failed (exit " + process.exitValue() + ") in " + directory
                        + "; the end of its log (" + log + "):\n" + tail(log, 60));
            }
            return new NestedBuild(directory, log, took);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String tail(Path log, int lines) throws IOException {
        List<String> all = Files.readAllLines(log);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
