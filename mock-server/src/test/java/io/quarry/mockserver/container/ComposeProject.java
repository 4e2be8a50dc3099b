package io.quarry.mockserver.container;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A Docker Compose project: a directory's compose.yaml with an override file, under a name of its own so that
 * concurrent runs share nothing. Its relative paths (volumes, build contexts) are the directory's.
 */
final class ComposeProject implements AutoCloseable {

    private final String name = "quarry-test-" + UUID.randomUUID().toString().substring(0, 8);
    private final Path composeFile;
    private final Path override;

    /**
     * @param directory the project's directory, with its compose.yaml
     * @param override a Compose file merged over it
     */
    ComposeProject(Path directory, Path override) {
        this.composeFile = directory.toAbsolutePath().resolve("compose.yaml");
        this.override = override.toAbsolutePath();
    }

    /**
     * {@return the command's standard output, trimmed}
     *
     * @param args the arguments after {@code docker compose -p <name> -f <file> -f <override>}
     */
    String compose(String... args) {
        List<String> command = new ArrayList<>(
                List.of("compose", "-p", name, "-f", composeFile.toString(), "-f", override.toString()));
        command.addAll(List.of(args));
        return Docker.run(command.toArray(String[]::new));
    }

    /**
     * {@return the base URL of a service's published port, on the loopback address}
     *
     * @param service the service's name
     * @param containerPort its port inside the container
     */
    String publishedUrl(String service, int containerPort) {
        String published = compose("port", service, Integer.toString(containerPort));
        return "http://127.0.0.1:" + published.substring(published.lastIndexOf(':') + 1);
    }

    /** Stops and removes the project's containers and network. */
    @Override
    public void close() {
        compose("down", "--timeout", "5");
    }
}
