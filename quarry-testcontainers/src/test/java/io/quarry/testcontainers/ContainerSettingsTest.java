package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.output.ToStringConsumer;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * Testcontainers' own settings on this container, as the module's README describes them: the startup timeout, log
 * consumers, network aliases and reuse. The profile {@code containers} runs it (with reuse enabled, as a user's
 * {@code ~/.testcontainers.properties} enables it).
 */
@Tag("containers")
@Testcontainers(disabledWithoutDocker = true)
class ContainerSettingsTest {

    @Test
    // far under the minute the wait gives by default
    @Timeout(45)
    void theStartupTimeoutGivenBoundsTheWaitForTheServer() {
        // a container whose server never starts: busybox sleeps in its place
        try (QuarryMockServerContainer mock = new QuarryMockServerContainer()
                .withCreateContainerCmdModifier(
                        create -> create.withEntrypoint("/opt/quarry/bin/busybox", "sleep", "60"))
                .withStartupTimeout(Duration.ofMillis(1500))) {
            Throwable failure = catchThrowable(mock::start);

            assertThat(String.join("\n", messages(failure)))
                    .contains("the mock server printed no 'listening on' line within 1.5 s");
        }
    }

    @Test
    void anotherContainerOnItsNetworkCallsItByItsAliasAndALogConsumerGetsItsLines() throws Exception {
        ToStringConsumer printed = new ToStringConsumer();
        try (Network network = Network.newNetwork();
                QuarryMockServerContainer mock = new QuarryMockServerContainer()
                        .withNetwork(network)
                        .withNetworkAliases("search-mock")
                        .withLogConsumer(printed);
                // the image's own busybox, as a client container beside it
                GenericContainer<?> client = new GenericContainer<>(DockerImageName.parse(
                                QuarryMockServerContainer.IMAGE + ":" + System.getProperty("quarry.version")))
                        .withNetwork(network)
                        .withCreateContainerCmdModifier(
                                create -> create.withEntrypoint("/opt/quarry/bin/busybox", "sleep", "60"))) {
            mock.start();
            client.start();

            ExecResult answer = client.execInContainer(
                    "/opt/quarry/bin/busybox",
                    "wget",
                    "-q",
                    "-O",
                    "-",
                    "--header",
                    "X-Service-Application-Id: " + mock.getApplicationId(),
                    "--header",
                    "X-Service-API-Key: " + mock.getAdminKey(),
                    "http://search-mock:" + QuarryMockServerContainer.PORT + "/1/indexes");
            assertThat(answer.getExitCode()).as(answer.getStderr()).isZero();
            assertThat(answer.getStdout()).contains("\"items\"");
            // the consumer follows the output from the start: the lines the wait saw are in it
            assertThat(printed.toUtf8String()).contains("application id: QUARRYMOCK", "listening on http://");
        }
    }

    @Test
    void withReuseASecondContainerOfTheSameSettingsIsTheFirstWithItsState() throws Exception {
        QuarryMockServerContainer first =
                new QuarryMockServerContainer().withAdminKey("reused-admin-key").withReuse(true);
        try {
            first.start();
            assertThat(send(
                            first,
                            "POST",
                            "/1/indexes/reused/batch",
                            "{\"requests\":[{\"action\":\"addObject\"," + "\"body\":{\"objectID\":\"r1\"}}]}"))
                    .isEqualTo(200);

            QuarryMockServerContainer second = new QuarryMockServerContainer()
                    .withAdminKey("reused-admin-key")
                    .withReuse(true);
            second.start();

            assertThat(second.getContainerId()).isEqualTo(first.getContainerId());
            assertThat(send(second, "GET", "/1/indexes/reused/r1", null))
                    .as("what the first one's test left")
                    .isEqualTo(200);
            second.reset();
            assertThat(send(second, "GET", "/1/indexes/reused/r1", null)).isEqualTo(404);
        } finally {
            // a reused container outlives the test run unless stopped
            first.stop();
        }
    }

    private static int send(QuarryMockServerContainer mock, String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(mock.getUrl() + path))
                .header("X-Service-Application-Id", mock.getApplicationId())
                .header("X-Service-API-Key", mock.getAdminKey())
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        return HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static List<String> messages(Throwable failure) {
        List<String> messages = new ArrayList<>();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.add(String.valueOf(cause.getMessage()));
        }
        return messages;
    }
}
