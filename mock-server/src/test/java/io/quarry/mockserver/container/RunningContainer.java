package io.quarry.mockserver.container;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * One container of the image, run in the foreground of a {@code docker run} process whose output is read up to the
 * {@code listening on} line, its ports published on the loopback address. Removed by {@link #close()}.
 */
final class RunningContainer implements AutoCloseable {

    private final String name;
    private final Process client;
    private final List<String> lines;

    private RunningContainer(String name, Process client, List<String> lines) {
        this.name = name;
        this.client = client;
        this.lines = lines;
    }

    /**
     * Runs a container until it prints its {@code listening on} line.
     *
     * @param runOptions options of {@code docker run} (e.g. {@code -e NAME=value}), before the image
     * @param ports the container's ports to publish
     * @param args the server's arguments, after the image
     * @return the container, listening
     * @throws IllegalStateException when it stops before it listens
     */
    static RunningContainer start(List<String> runOptions, List<Integer> ports, List<String> args) {
        String name = "quarry-mock-test-" + UUID.randomUUID();
        List<String> command = new ArrayList<>(List.of("run", "--name", name));
        ports.forEach(port -> command.addAll(List.of("-p", "127.0.0.1::" + port)));
        command.addAll(runOptions);
        command.add(Docker.IMAGE);
        command.addAll(args);
        Process client = Docker.start(command);
        List<String> lines = new ArrayList<>();
        RunningContainer container = new RunningContainer(name, client, lines);
        BufferedReader reader =
                new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
        try {
            for (String line = reader.readLine(); ; line = reader.readLine()) {
                if (line == null) {
                    container.close();
                    throw new IllegalStateException("the container stopped before listening: " + lines);
                }
                lines.add(line);
                if (line.startsWith("listening on ")) {
                    return container;
                }
            }
        } catch (IOException e) {
            container.close();
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the container's name} */
    String name() {
        return name;
    }

    /** {@return the lines it printed, up to its {@code listening on} line} */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /**
     * {@return the value after {@code label: } on the line printed that starts with it}
     *
     * @param label e.g. {@code admin key}
     */
    String printed(String label) {
        return lines.stream()
                .filter(line -> line.startsWith(label + ": "))
                .findFirst()
                .map(line -> line.substring(label.length() + 2))
                .orElseThrow(() -> new AssertionError("no line '" + label + ": ' in " + lines));
    }

    /**
     * {@return the base URL of a published port, on the loopback address}
     *
     * @param containerPort the port inside the container
     */
    String publishedUrl(int containerPort) {
        String published = Docker.run("port", name, containerPort + "/tcp")
                .lines()
                .findFirst()
                .orElseThrow();
        return "http://127.0.0.1:" + published.substring(published.lastIndexOf(':') + 1);
    }

    /** {@return the container's address on Docker's default network} */
    String address() {
        return Docker.run("inspect", "--format", "{{.NetworkSettings.IPAddress}}", name);
    }

    /**
     * Runs the image's health check command in the container, as Docker runs it; throws when it fails (unhealthy).
     *
     * @param execOptions options of {@code docker exec} (e.g. {@code -e NAME=value}), before the container's name
     */
    void healthCheck(List<String> execOptions) {
        // ["CMD","/opt/quarry/bin/busybox","sh","/opt/quarry/healthcheck.sh"]
        String test = Docker.run("image", "inspect", "--format", "{{json .Config.Healthcheck.Test}}", Docker.IMAGE);
        List<String> command = Arrays.stream(test.replaceAll("[\\[\\]\"]", "").split(","))
                .skip(1)
                .toList();
        List<String> exec = new ArrayList<>(List.of("exec"));
        exec.addAll(execOptions);
        exec.add(name);
        exec.addAll(command);
        Docker.run(exec.toArray(new String[0]));
    }

    /** {@return everything it has printed so far, standard output and standard error, as {@code docker logs} shows} */
    String logs() {
        Process logs = Docker.start(List.of("logs", name));
        try {
            String printed = new String(logs.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (logs.waitFor() != 0) {
                throw new IllegalStateException("docker logs " + name + " failed: " + printed);
            }
            return printed;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@return whether it runs and whether the kernel killed it for its memory: "running=true oomKilled=false"} */
    String state() {
        return Docker.run("inspect", "--format", "running={{.State.Running}} oomKilled={{.State.OOMKilled}}", name);
    }

    /** Removes the container, stopping it first if it runs. */
    @Override
    public void close() {
        try {
            Docker.run("rm", "--force", name);
        } catch (IllegalStateException e) {
            // never created: nothing to remove
        } finally {
            client.destroyForcibly();
        }
    }
}
