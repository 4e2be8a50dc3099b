package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * A server that cannot start: the start fails at once with the server's own reason, not after the wait's minute with
 * no word of why (Testcontainers logs the container's output, which a test run without a logger never shows).
 */
@Tag("containers")
@Testcontainers(disabledWithoutDocker = true)
class ContainerStartFailureTest {

    @Test
    // under the minute a log-message wait gives a container: a start seen to fail must not wait it out
    @Timeout(45)
    void aRefusedSettingFailsTheStartWithTheServersReason() {
        try (QuarryMockServerContainer mock = new QuarryMockServerContainer()
                .withAdminKey("start-failure-admin-key")
                .withEnv("QUARRY_MOCK_TASK_DELAY", "soon")) {
            Throwable failure = catchThrowable(mock::start);

            assertThat(failure).isNotNull();
            String messages = String.join("\n", messages(failure));
            assertThat(messages)
                    .contains("--task-delay needs a duration such as 500ms, 2s or PT1S, not soon"
                            + " (from the environment: QUARRY_MOCK_TASK_DELAY)")
                    .contains("exit code 2")
                    .doesNotContain("start-failure-admin-key");
        }
    }

    @Test
    // a pull of an image no registry has takes minutes: the check must come first
    @Timeout(45)
    void anImageNotBuiltFailsTheStartAtOnceSayingHowToBuildIt() {
        try (QuarryMockServerContainer mock =
                new QuarryMockServerContainer(DockerImageName.parse("quarry/mock-server:never-built"))) {
            Throwable failure = catchThrowable(mock::start);

            assertThat(String.join("\n", messages(failure)))
                    .contains("no image quarry/mock-server:never-built on this Docker host")
                    .contains("bash mock-server/container/build-image.sh");
        }
    }

    private static List<String> messages(Throwable failure) {
        List<String> messages = new ArrayList<>();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.add(String.valueOf(cause.getMessage()));
        }
        return messages;
    }
}
