package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A page on another origin (a browser test's) calls the answers API as it calls the others: the preflight allows the
 * call, and every answer names in {@code Access-Control-Expose-Headers} the headers its script could not read
 * otherwise. No answer exposed any, so a script saw none of the analytics API's {@code X-RateLimit-*}, a scripted
 * fault's {@code Retry-After} or a 405's {@code Allow}; and the preflight did not allow the crawler's {@code PATCH}.
 */
@Timeout(60)
class CorsExposedHeadersHttpTest {

    private static final String ORIGIN = "http://localhost:3000";
    private static final String PREDICTION = "/1/answers/faq/prediction";
    private static final String QUESTION = jq("{'query':'battery','queryLanguages':['en']}");

    private final MockServer server = MockServer.builder().start();
    private final TestClient admin = new TestClient(server);

    @AfterEach
    void stop() {
        server.close();
    }

    private Reply send(TestClient client, String method, String path, String body) {
        return client.send(
                client.request(method, path, body).header("Origin", ORIGIN).build());
    }

    private Reply preflight(String path, String method, String headers) {
        return admin.send(HttpRequest.newBuilder(URI.create(server.url() + path))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", ORIGIN)
                .header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", headers)
                .build());
    }

    private static Set<String> exposed(Reply reply) {
        String names = reply.headers()
                .firstValue("Access-Control-Expose-Headers")
                .orElseThrow(() -> new AssertionError("no Access-Control-Expose-Headers: " + reply));
        return Arrays.stream(names.split(",", -1))
                .map(name -> name.trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
    }

    private static void assertReadable(Reply reply, String... names) {
        assertThat(reply.headers().firstValue("Access-Control-Allow-Origin"))
                .as(reply.toString())
                .hasValue("*");
        Set<String> wanted =
                Arrays.stream(names).map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        assertThat(exposed(reply)).as(reply.toString()).isEqualTo(wanted);
        for (String name : names) {
            assertThat(reply.headers().firstValue(name))
                    .as("%s in %s", name, reply)
                    .isPresent();
        }
    }

    @Test
    void theAnswersApiIsCalledFromAnotherOriginAsTheOthersAre() {
        server.seed(jq("{'indices':{'faq':{'records':[{'objectID':'1','body':'The battery lasts two days.'}]}}}"));
        Reply preflight = preflight(PREDICTION, "POST", "content-type, x-service-application-id, x-service-api-key");
        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .hasValue("*");
        assertThat(preflight
                        .headers()
                        .firstValue("Access-Control-Allow-Methods")
                        .orElseThrow())
                .contains("POST");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers"))
                .hasValue("content-type, x-service-application-id, x-service-api-key");

        Reply answered = send(admin, "POST", PREDICTION, QUESTION);
        assertThat(answered.status()).as(answered.toString()).isEqualTo(200);
        assertReadable(answered, "X-Mock-Server-Version");
        Reply refused = send(new TestClient(server, null, null), "POST", PREDICTION, QUESTION);
        assertThat(refused.status()).isEqualTo(401);
        assertReadable(refused, "X-Mock-Server-Version");
        Reply otherMethod = send(admin, "GET", PREDICTION, null);
        assertThat(otherMethod.status()).isEqualTo(405);
        assertReadable(otherMethod, "X-Mock-Server-Version", "Allow");
    }

    @Test
    void theAnalyticsRateLimitHeadersAreReadableOnAnswersAndRefusals() {
        admin.put("/1/indexes/items/1", "{\"name\": \"shoe\"}").requireOk();
        String[] rateLimit = {"X-Mock-Server-Version", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"
        };

        assertReadable(send(admin, "GET", "/2/status?index=items", null).requireOk(), rateLimit);
        Reply refused = send(admin.withKey("not-the-key"), "GET", "/2/status?index=items", null);
        assertThat(refused.status()).isEqualTo(403);
        assertReadable(refused, rateLimit);
    }

    @Test
    void aScriptedFaultsHeadersAreReadable() {
        server.faults().next(1, "POST", PREDICTION, Fault.status(429, Map.of("Retry-After", "1")));

        Reply throttled = send(admin, "POST", PREDICTION, QUESTION);

        assertThat(throttled.status()).isEqualTo(429);
        assertReadable(throttled, "X-Mock-Server-Version", "Retry-After");
    }

    @Test
    void thePreflightAllowsEveryMethodOfARoute() {
        Reply preflight = preflight("/api/1/crawlers/some-id", "PATCH", "authorization, content-type");

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods"))
                .hasValue("DELETE, GET, OPTIONS, PATCH, POST, PUT");
    }
}
