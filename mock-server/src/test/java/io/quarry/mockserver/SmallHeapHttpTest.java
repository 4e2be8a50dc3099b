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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone server on a heap far smaller than the bodies sent to it at once (a container's memory limit): every
 * request is answered, 200, or 503 when the body budget (sized to the heap) or the heap itself is full, or 403 when
 * the records stored fill their budget; none is met with a closed connection, and the server goes on answering. Records
 * stored batch after batch are refused by their budget before the heap runs out.
 */
@Timeout(120)
class SmallHeapHttpTest {

    private static final int AT_ONCE = 12;
    private static final int RECORDS = 1_000;

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
            List<String> seen = answers.stream().map(CompletableFuture::join).toList();

            assertThat(seen)
                    .as("every request answered 200, 503, or 403 once the records stored fill their budget")
                    .allSatisfy(answer -> assertThat(answer).matches("(200|503) .*|403 .*Record quota exceeded.*"));
            assertThat(seen)
                    .as("the body budget, sized to the heap, refuses before the heap runs out")
                    .anySatisfy(answer ->
                            assertThat(answer).startsWith("503 ").contains("too many request bodies at once"));
            HttpResponse<String> after = http.send(
                    HttpRequest.newBuilder(URI.create(url + "/1/indexes"))
                            .header("X-Service-Application-Id", MockServer.DEFAULT_APPLICATION_ID)
                            .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(after.statusCode())
                    .as("still answering: %s", after.body())
                    .isEqualTo(200);
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
        assertThat(Files.readString(log))
                .as("no connection closed without an answer")
                .doesNotContain("without an answer");
    }

    @Test
    void recordsStoredUntilRefusedOnA64MegabyteHeapLeaveTheServerAnswering(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Process process = start(log);
        try {
            String url = listening(process, log);
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int stored = 0;
            HttpResponse<String> refused = null;
            for (int batch = 0; batch < 200 && refused == null; batch++) {
                HttpResponse<String> answer = http.send(
                        call(url, "/1/indexes/store/batch")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(ordinaryRecords(stored, STORED_BATCH)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    stored += STORED_BATCH;
                } else {
                    refused = answer;
                }
            }

            assertThat(refused)
                    .as("refused before 200 batches of 2 MB were stored in a 64 MB heap")
                    .isNotNull();
            assertThat(refused.statusCode() + " " + refused.body())
                    .as("the budget of stored records refuses before the heap runs out")
                    .startsWith("403 ")
                    .contains("Record quota exceeded, change plan or delete records.");
            HttpResponse<String> search = http.send(
                    call(url, "/1/indexes/store/query")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"\",\"hitsPerPage\":1}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(search.statusCode())
                    .as("still searching: %s", search.body())
                    .isEqualTo(200);
            assertThat(search.body()).as("every record stored before").contains("\"nbHits\":" + stored + ",");
            HttpResponse<String> cleared = http.send(
                    call(url, "/1/indexes/store/clear")
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(cleared.statusCode()).as(cleared.body()).isEqualTo(200);
            HttpResponse<String> again = http.send(
                    call(url, "/1/indexes/store/batch")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(ordinaryRecords(0, STORED_BATCH)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(again.statusCode())
                    .as("clearing made room: %s", again.body())
                    .isEqualTo(200);
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
        assertThat(Files.readString(log)).doesNotContain("ran out of memory");
    }

    private static final int STORED_BATCH = 5_000;

    private static Process start(Path log) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx64m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "--port",
                        "0")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    private static HttpRequest.Builder call(String url, String path) {
        return HttpRequest.newBuilder(URI.create(url + path))
                .timeout(Duration.ofSeconds(60))
                .header("X-Service-Application-Id", MockServer.DEFAULT_APPLICATION_ID)
                .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                .header("Content-Type", "application/json");
    }

    /** {@return a batch of {@code count} product-like records of about 400 bytes, numbered from {@code from}} */
    private static byte[] ordinaryRecords(int from, int count) {
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = from; i < from + count; i++) {
            batch.append(i == from ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"sku-")
                    .append(i)
                    .append("\",\"name\":\"Walking shoe model ")
                    .append(i)
                    .append("\",\"brand\":\"brand")
                    .append(i % 97)
                    .append("\",\"price\":")
                    .append(i % 500)
                    .append(".99,\"categories\":[\"shoes\",\"outdoor\",\"size ")
                    .append(i % 13)
                    .append("\"],\"description\":\"A sturdy leather shoe with a cushioned sole and a waterproof")
                    .append(" lining, made for long walks on city streets and country paths; reference ")
                    .append(Integer.toHexString((int) (i * 2654435761L)))
                    .append("\"}}");
        }
        return batch.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@return the URL the server prints in its log once ready} */
    private static String listening(Process process, Path log) throws IOException, InterruptedException {
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
