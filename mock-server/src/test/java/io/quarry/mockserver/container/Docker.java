package io.quarry.mockserver.container;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code docker} command line, as the container tests drive it: one command, its output, its exit status. */
final class Docker {

    /** The image under test, named by the containers profile (quarry/mock-server:&lt;project version&gt;). */
    static final String IMAGE = System.getProperty("quarry.mock.image", "quarry/mock-server:unknown");

    private static final long COMMAND_SECONDS = 60;

    private Docker() {}

    /**
     * {@return the command's standard output, trimmed}
     *
     * @param args the arguments after {@code docker}
     * @throws IllegalStateException when it exits with another status than 0, or takes a minute
     */
    static String run(String... args) {
        Path errors = null;
        Process process = null;
        try {
            // errors to a file, so that neither stream's pipe fills while the other one is read
            errors = Files.createTempFile("docker", ".err");
            process = command(List.of(args)).redirectError(errors.toFile()).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("docker " + String.join(" ", args) + " took over a minute");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("docker " + String.join(" ", args) + " exited " + process.exitValue()
                        + ": " + Files.readString(errors).strip());
            }
            return out.strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
            deleteQuietly(errors);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a temporary file left behind harms no test
        }
    }

    /**
     * {@return the started {@code docker} process, its standard error merged into its output}
     *
     * @param args the arguments after {@code docker}
     */
    static Process start(List<String> args) {
        try {
            return command(args).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run docker", e);
        }
    }

    private static ProcessBuilder command(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add("docker");
        command.addAll(args);
        return new ProcessBuilder(command);
    }

    /** {@return why Docker cannot run the tests here, or null when it can} */
    static String unavailableBecause() {
        try {
            run("info", "--format", "{{.ServerVersion}}");
            return null;
        } catch (UncheckedIOException e) {
            return "no docker command on the PATH";
        } catch (IllegalStateException e) {
            return "the Docker daemon does not answer (" + e.getMessage() + ")";
        }
    }
}
