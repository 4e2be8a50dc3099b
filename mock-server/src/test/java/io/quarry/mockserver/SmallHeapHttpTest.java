package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone server on a heap far smaller than the bodies sent to it at once (a container's memory limit): every
 * request is answered, 200, or 503 when the body budget (sized to the heap) or the heap itself is full, or 403 when
 * the records stored fill their budget; none is met with a closed connection, and the server goes on answering.
 * Each step waits on its own condition, with a limit only a hang reaches, and a hang names the step it stopped at.
 */
class SmallHeapHttpTest {

    private static final int AT_ONCE = 12;
    private static final int RECORDS = 1_000;
    /** How long the batches may take to be answered, all at once on a 64 MB heap: only a hang reaches it. */
    private static final Duration BATCHES_LIMIT = Duration.ofSeconds(90);
    /** How long one small request may take: only a hang reaches it. */
    private static final Duration REQUEST_LIMIT = Duration.ofSeconds(30);

    @Test
    void concurrentLargeBatchesOnA64MegabyteHeapAreEachAnswered(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Process process = start(log);
        try {
            String url = listening(process, log);
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            byte[] batch = batchOfAlmostTenMegabytes();
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (int i = 0; i < AT_ONCE; i++) {
                HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/1/indexes/big-" + i + "/batch"))
                        .timeout(Duration.ofSeconds(60))
                        .header("X-Service-Application-Id", MockServer.DEFAULT_APPLICATION_ID)
                        .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(batch))
                        .build();
                answers.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                        .handle((answer, failure) -> failure != null
                                ? "unanswered: " + failure
                                : answer.statusCode() + " " + answer.body()));
            }
            Eventually.waitUntil(
                    "the " + AT_ONCE + " batches to be answered or refused",
                    () -> answers.stream().allMatch(CompletableFuture::isDone),
                    BATCHES_LIMIT);
            List<String> seen = answers.stream().map(CompletableFuture::join).toList();
            // the server's own count of the connections it closed unanswered, by reason, says which path did it
            String closes = closedWithoutAnswer(http, url);

            assertThat(seen)
                    .as(
                            "every request answered 200, 503, or 403 once the records stored fill their budget"
                                    + " (server's unanswered closes: %s)",
                            closes)
                    .allSatisfy(answer -> assertThat(answer).matches("(200|503) .*|403 .*Record quota exceeded.*"));
            assertThat(seen)
                    .as("the body budget, sized to the heap, refuses before the heap runs out")
                    .anySatisfy(answer ->
                            assertThat(answer).startsWith("503 ").contains("too many request bodies at once"));
            HttpResponse<String> after = send(http, url + "/1/indexes", "the list of indices after the batches");
            assertThat(after.statusCode())
                    .as("still answering: %s", after.body())
                    .isEqualTo(200);
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        assertThat(Files.readString(log))
                .as("no connection closed without an answer")
                .doesNotContain("without an answer");
    }

    /** {@return the hosts' counts of connections closed without an answer, or why they could not be read} */
    private static String closedWithoutAnswer(HttpClient http, String url) throws InterruptedException {
        try {
            HttpResponse<String> hosts = send(http, url + "/_mock/hosts", "the hosts' counts");
            return hosts.statusCode() + " " + hosts.body();
        } catch (IOException | AssertionError e) {
            return "not read: " + e;
        }
    }

    /**
     * {@return the answer to a GET with the admin key, its body included, within {@link #REQUEST_LIMIT}}
     *
     * @param what what is asked for, named when it does not come in time
     * @throws AssertionError naming it when it does not come in time
     */
    private static HttpResponse<String> send(HttpClient http, String url, String what)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(REQUEST_LIMIT)
                .header("X-Service-Application-Id", MockServer.DEFAULT_APPLICATION_ID)
                .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                .build();
        // the request's own timeout ends with the head: the limit here covers the body too
        CompletableFuture<HttpResponse<String>> answer = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            return answer.get(REQUEST_LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new AssertionError("waited " + REQUEST_LIMIT.toSeconds() + " s for " + what);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /**
     * {@return the standalone server started on a 64 MB heap, its output in {@code log}}
     *
     * <p>It runs the serial collector, as the container image does: G1 on a heap this small and half full ran a
     * concurrent cycle every few collections, about a third of the server's CPU. Like the test forks, it compiles
     * with C1 only: its work lasts seconds.
     */
    static Process start(Path log) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "--port",
                        "0")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** {@return the URL the server prints in its log once ready} */
    static String listening(Process process, Path log) throws IOException, InterruptedException {
        Eventually.waitUntil(
                "the server listens",
                () -> !process.isAlive() || read(log).contains("listening on "),
                Duration.ofSeconds(60));
        return Files.readString(log)
                .lines()
                .filter(line -> line.startsWith("listening on "))
                .findFirst()
                .map(line -> line.substring("listening on ".length()))
                .orElseThrow(() -> new AssertionError("the server ended before listening: " + read(log)));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return a batch adding records of 10,000 characters each, just under the 10 MB a body may weigh} */
    private static byte[] batchOfAlmostTenMegabytes() {
        char[] text = new char[10_000];
        Arrays.fill(text, 'a');
        for (int i = 7; i < text.length; i += 8) {
            text[i] = ' ';
        }
        String value = new String(text);
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < RECORDS; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"text\":\"")
                    .append(value)
                    .append("\"}}");
        }
        return batch.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }
}
