package io.quarry.mockserver.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Fuzzes the HTTP front with random JSON bodies (and random gzip flags) on the endpoints that read a body, over
 * loopback: every answer must be JSON with a status below 500, and the server must keep answering. Under
 * {@code mvn verify} this replays {@code src/test/resources/io/quarry/mockserver/fuzz/HttpFrontFuzzTestInputs};
 * with {@code JAZZER_FUZZ=1} it fuzzes.
 */
// Alone: Jazzer prepares its agent and options once per JVM, in static state its fuzz tests share.
@Isolated
class HttpFrontFuzzTest {

    private static final MockServer SERVER = MockServer.builder().start();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String[]> ROUTES = List.of(
            new String[] {"POST", "/1/indexes/fuzz/query"},
            new String[] {"POST", "/1/indexes/*/queries"},
            new String[] {"POST", "/1/indexes/fuzz/batch"},
            new String[] {"POST", "/1/indexes/*/batch"},
            new String[] {"POST", "/1/indexes/*/objects"},
            new String[] {"PUT", "/1/indexes/fuzz/settings"},
            new String[] {"POST", "/1/indexes/fuzz/rules/batch"},
            new String[] {"POST", "/1/indexes/fuzz/synonyms/batch"},
            new String[] {"POST", "/1/indexes/fuzz/operation"},
            new String[] {"POST", "/1/indexes/fuzz/browse"},
            new String[] {"POST", "/1/indexes/fuzz/facets/brand/query"},
            new String[] {"POST", "/1/keys"},
            new String[] {"POST", "/1/indexes/fuzz/deleteByQuery"},
            new String[] {"POST", "/1/indexes/fuzz/r1/partial"});

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    @FuzzTest(maxDuration = "60s")
    void anyBody(FuzzedDataProvider data) throws IOException, InterruptedException {
        String[] route = ROUTES.get(data.consumeInt(0, ROUTES.size() - 1));
        byte[] body = data.consumeRemainingAsBytes();
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(SERVER.url() + route[1]))
                        .timeout(Duration.ofSeconds(10))
                        .header("X-Service-Application-Id", SERVER.applicationId())
                        .header("X-Service-API-Key", SERVER.adminKey())
                        .header("Content-Type", "application/json")
                        .method(route[0], HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 500) {
            throw new AssertionError(
                    route[0] + " " + route[1] + " answered " + response.statusCode() + ": " + response.body());
        }
        if (!response.body().startsWith("{")) {
            throw new AssertionError("not JSON: " + response.body());
        }
    }
}
