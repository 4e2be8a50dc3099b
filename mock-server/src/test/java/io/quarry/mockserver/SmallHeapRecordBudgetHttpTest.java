package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone server on a 64 MB heap, given records batch after batch: the budget of stored records, sized to the
 * heap, refuses them with the service's record-quota answer before the heap runs out, and the server goes on
 * answering, searches faceting and filtering on every attribute included (the columns they build count in that
 * budget too). Not isolated: its server is a process of its own and watches nothing of this JVM; the classes beside
 * it wait on conditions with bounds that only a hang reaches.
 *
 * <p>Each step has its own hang guard (a minute for the server to listen, a minute for each answer); the bound on
 * a whole test is one too. A test's work is CPU-bound, mostly the small heap's collections (hundreds of them as the
 * budget fills), so it takes as long as the machine's load makes it: past two minutes at a load of 70 on two
 * cores, many times what it takes on a quiet machine.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SmallHeapRecordBudgetHttpTest {

    private static final int STORED_BATCH = 5_000;
    /**
     * Attributes of a faceted record. A full budget's columns take about as much heap however many there are (as many
     * values in all, the records smaller), but faceting reads a record's attributes in turn for each one faceted, so
     * fewer cost less; ten ran the heap out as thirty did while the columns were not counted in the budget.
     */
    private static final int ATTRIBUTES = 10;

    private static final int FACETED_BATCH = 3_000;

    @Test
    void recordsStoredUntilRefusedOnA64MegabyteHeapLeaveTheServerAnswering(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Process process = SmallHeapHttpTest.start(log);
        try {
            String url = SmallHeapHttpTest.listening(process, log);
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

    @Test
    void facetingEveryAttributeOfAFullBudgetOnA64MegabyteHeapIsAnswered(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Process process = SmallHeapHttpTest.start(log);
        try {
            String url = SmallHeapHttpTest.listening(process, log);
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> settings = http.send(
                    call(url, "/1/indexes/facets/settings")
                            .PUT(HttpRequest.BodyPublishers.ofString(
                                    "{\"searchableAttributes\":[\"a0\"],\"attributesForFaceting\":[\"*\"]}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(settings.statusCode()).as(settings.body()).isEqualTo(200);
            int stored = 0;
            for (int batch = 0; batch < 1_000; batch++) {
                HttpResponse<String> answer = http.send(
                        call(url, "/1/indexes/facets/batch")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(manyAttributes(stored, FACETED_BATCH)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() != 200) {
                    assertThat(answer.statusCode() + " " + answer.body()).contains("Record quota exceeded");
                    break;
                }
                stored += FACETED_BATCH;
            }
            assertThat(stored).as("records stored before the budget was full").isPositive();

            StringBuilder facets = new StringBuilder();
            for (int k = 0; k < ATTRIBUTES; k++) {
                facets.append(k == 0 ? "\"" : ",\"").append('a').append(k).append('"');
            }
            // once each: the faceting builds every column of a full budget, and ran the heap out while they were
            // not counted in it
            for (String query : List.of(
                    "{\"hitsPerPage\":1,\"maxValuesPerFacet\":3,\"facets\":[" + facets + "]}",
                    "{\"hitsPerPage\":1,\"filters\":\"n > 10 AND (a1:'" + value(1, 1) + "' OR a2:'" + value(2, 2)
                            + "')\"}")) {
                HttpResponse<String> search = http.send(
                        call(url, "/1/indexes/facets/query")
                                .POST(HttpRequest.BodyPublishers.ofString(query))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(search.statusCode())
                        .as("searched with %s: %s", query, search.body())
                        .isEqualTo(200);
            }
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
        assertThat(Files.readString(log)).doesNotContain("ran out of memory");
    }

    private static HttpRequest.Builder call(String url, String path) {
        return HttpRequest.newBuilder(URI.create(url + path))
                .timeout(Duration.ofSeconds(60))
                .header("X-Service-Application-Id", MockServer.DEFAULT_APPLICATION_ID)
                .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                .header("Content-Type", "application/json");
    }

    /**
     * {@return a batch of {@code count} records numbered from {@code from}, each with a number and a value of its
     *     own in each of {@link #ATTRIBUTES} attributes: as many distinct values in each facet as records, made of
     *     few words, so that the records are small beside their facets' columns}
     */
    private static byte[] manyAttributes(int from, int count) {
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = from; i < from + count; i++) {
            batch.append(i == from ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"n\":")
                    .append(i % 1000);
            for (int k = 0; k < ATTRIBUTES; k++) {
                batch.append(",\"a")
                        .append(k)
                        .append("\":\"")
                        .append(value(i, k))
                        .append('"');
            }
            batch.append("}}");
        }
        return batch.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@return the value of record {@code i} in attribute {@code k}: four of 40 words, distinct up to 64,000} */
    private static String value(int i, int k) {
        return word(i % 40) + " " + word(i / 40 % 40) + " " + word(i / 1600 % 40) + " " + word(k);
    }

    private static String word(int j) {
        return "word" + (char) ('a' + j / 26) + (char) ('a' + j % 26);
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
}
