package io.quarry.mockserver.container;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The image under a container memory limit, loaded with more concurrent large batches than the memory outside its
 * heap holds connections for: each open connection's thread and socket buffer live outside the heap, where the
 * kernel, not the JVM, enforces the limit. The server must refuse the excess with 503 and go on serving, never be
 * killed by the kernel. The connections follow the container's limit even where the JVM sees none: the server reads
 * it from the control group's files itself.
 */
@Tag("containers")
@ExtendWith(DockerRequired.class)
// Alone: the container tests share the Docker daemon and run alone, as they did before classes ran beside each other.
@Isolated
class MemoryLimitImageTest {

    /** Far more than a 256 MB container's memory besides its heap holds threads for (about 200). */
    private static final int AT_ONCE = 800;
    /** Each batch's body is read through the JDK's largest socket buffer (128 KB), which its thread then keeps. */
    private static final int RECORDS = 40;
    /** Requests held open at once: past the about 200 connections 256 MB holds, far below the 4,096 of a machine. */
    private static final int HELD = 400;

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void concurrentLargeBatchesUnderA256MegabyteLimitAreAnsweredAndTheServerIsNotKilled() throws Exception {
        // no swap: past the limit the kernel kills, as it does on a machine without swap
        try (RunningContainer container = RunningContainer.start(
                List.of("--memory", "256m", "--memory-swap", "256m"), List.of(8080), List.of())) {
            String url = container.publishedUrl(8080);
            // a slow server: every batch's answer waits, so the batches' connections are all open at once
            HttpResponse<String> scripted = send(post(
                    url + "/_mock/faults",
                    "{\"method\": \"POST\", \"path\": \"/1/indexes/*/batch\", \"count\": " + AT_ONCE
                            + ", \"fault\": {\"type\": \"delay\", \"delayMs\": 3000}}"));
            assertThat(scripted.statusCode()).as(scripted.body()).isEqualTo(200);

            // the same records each time: the heap holds one copy, only the connections add up
            String batch = batch();
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (int i = 0; i < AT_ONCE; i++) {
                answers.add(
                        http.sendAsync(post(url + "/1/indexes/load/batch", batch), HttpResponse.BodyHandlers.ofString())
                                .handle((answer, failure) ->
                                        failure != null ? "unanswered" : answer.statusCode() + " " + answer.body()));
            }
            List<String> seen = answers.stream().map(CompletableFuture::join).toList();

            assertThat(container.state()).as("not killed by the kernel").isEqualTo("running=true oomKilled=false");
            // past the open connections the memory holds, and past the sixteen refusals written at once, a
            // connection is closed unanswered; every answer given is a 200 or a 503
            assertThat(seen)
                    .filteredOn(answer -> !answer.equals("unanswered"))
                    .isNotEmpty()
                    .allSatisfy(answer -> assertThat(answer).matches("(200|503) .*"));
            assertThat(seen).anySatisfy(answer -> assertThat(answer).startsWith("200 "));
            HttpResponse<String> after = send(HttpRequest.newBuilder(URI.create(url + "/1/indexes/load"))
                    .header("X-Service-Application-Id", "QUARRYMOCK")
                    .header("X-Service-API-Key", "mock-admin-key")
                    .build());
            assertThat(after.statusCode())
                    .as("still answering: %s", after.body())
                    .isEqualTo(200);
        }
    }

    @Test
    void connectionsFollowTheContainersLimitWhereTheJvmSeesNone() throws Exception {
        // a JVM without container support reports the machine's memory, as the JVM's API does on kernels that list
        // no cgroup v2 controllers in /proc/cgroups; the heap is given, as such a JVM would not size it either
        try (RunningContainer container = RunningContainer.start(
                List.of(
                        "--memory",
                        "256m",
                        "--memory-swap",
                        "256m",
                        "-e",
                        "JAVA_TOOL_OPTIONS=-XX:-UseContainerSupport -Xmx126m"),
                List.of(8080),
                List.of())) {
            String url = container.publishedUrl(8080);
            HttpResponse<String> scripted = send(post(
                    url + "/_mock/faults",
                    "{\"method\": \"GET\", \"path\": \"/1/indexes\", \"count\": " + HELD
                            + ", \"fault\": {\"type\": \"delay\", \"delayMs\": 3000}}"));
            assertThat(scripted.statusCode()).as(scripted.body()).isEqualTo(200);

            HttpRequest list = HttpRequest.newBuilder(URI.create(url + "/1/indexes"))
                    .timeout(Duration.ofSeconds(120))
                    .header("X-Service-Application-Id", "QUARRYMOCK")
                    .header("X-Service-API-Key", "mock-admin-key")
                    .build();
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (int i = 0; i < HELD; i++) {
                answers.add(http.sendAsync(list, HttpResponse.BodyHandlers.ofString())
                        .handle((answer, failure) ->
                                failure != null ? "unanswered" : answer.statusCode() + " " + answer.body()));
            }
            List<String> seen = answers.stream().map(CompletableFuture::join).toList();

            // sized to the machine's memory the server would hold all of them open (4,096 at most) and refuse none
            assertThat(seen)
                    .as("refused past the connections 256 MB holds besides the heap")
                    .anySatisfy(answer -> assertThat(answer)
                            .matches("503 .* (1[5-9][0-9]|2[0-4][0-9]) connections are already open.*"));
            assertThat(container.state()).as("not killed by the kernel").isEqualTo("running=true oomKilled=false");
        }
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest post(String url, String json) {
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(120))
                .header("X-Service-Application-Id", "QUARRYMOCK")
                .header("X-Service-API-Key", "mock-admin-key")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
    }

    /** {@return a batch of {@link #RECORDS} records of 8,000 characters each: about 320 KB} */
    private static String batch() {
        String text = "lorem ipsum dolor ".repeat(8_000 / 18);
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < RECORDS; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"updateObject\",\"body\":{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"text\":\"")
                    .append(text)
                    .append("\"}}");
        }
        return batch.append("]}").toString();
    }
}
