package io.quarry.testcontainers.internal;

import com.github.dockerjava.api.DockerClient;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;

/**
 * Takes a container as started once Docker has started it, running or already stopped: {@link ListeningWait} then
 * tells a server that listens from one that stopped, with the server's own reason. Testcontainers' default check
 * fails a container stopped with an error as "did not start correctly", without that reason.
 */
public final class StartedCheck extends StartupCheckStrategy {

    @Override
    public StartupStatus checkStartupState(DockerClient dockerClient, String containerId) {
        return StartupStatus.SUCCESSFUL;
    }
}
