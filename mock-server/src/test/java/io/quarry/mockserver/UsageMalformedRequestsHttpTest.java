package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.WireAnswer;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The usage API answers every request it cannot take with its documented 422 {@code {"message", "status"}}: those the
 * front refuses before the usage handler runs too (a percent-escape that decodes to nothing in the path or the query,
 * an unknown URL parameter of a strict server), which were the 400 of the other APIs. The other APIs keep their 400,
 * and the wire still refuses a malformed request line as it did.
 */
@Timeout(60)
class UsageMalformedRequestsHttpTest {

    private static final String RANGE = "startDate=2026-03-09T00:00:00Z&endDate=2026-03-10T00:00:00Z";

    private final MockServer server = MockServer.builder().strict().start();

    @AfterEach
    void stop() {
        server.close();
    }

    /** Sends a GET as written (no HTTP client sends a malformed escape), with the given key. */
    private WireAnswer get(String target, String key) {
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            return connection
                    .send("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                            + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                            + "X-Service-API-Key: " + key + "\r\n\r\n")
                    .readAnswer(false);
        }
    }

    private WireAnswer usage(String target) {
        return get(target, server.usageKey());
    }

    private static void assertRefused(WireAnswer answer, int status, String message, String what) {
        assertThat(answer.status()).as("%s -> %s", what, answer).isEqualTo(status);
        JsonNode body = TestClient.json(answer.body());
        assertThat(body.propertyNames()).as(what).containsExactlyInAnyOrder("message", "status");
        assertThat(body.get("status").asInt()).as(what).isEqualTo(status);
        assertThat(body.get("message").asString()).as(what).isEqualTo(message);
    }

    @Test
    void malformedEscapesInAUsagePathOrQueryAreA422SayingWhere() {
        Map<String, String> refused = Map.of(
                "/1/usage/total%ZZoperations?" + RANGE,
                "Malformed percent-encoding in path",
                "/1/usage/total_operations/items%FF?" + RANGE,
                "Malformed UTF-8 in path",
                "/1/us%61ge/records/items%?" + RANGE,
                "Malformed percent-encoding in path",
                "/1/usage/total_operations?startDate=%ZZ&endDate=2026-03-10T00:00:00Z",
                "Malformed percent-encoding in query string",
                "/1/usage/total_operations/items?" + RANGE + "&granularity=hourly%E9",
                "Malformed UTF-8 in query string",
                "/1/usage/records?" + RANGE + "&%G0=1",
                "Malformed percent-encoding in query string");
        refused.forEach((target, message) -> assertRefused(usage(target), 422, message, target));

        assertRefused(
                get("/1/usage/total_operations?startDate=%ZZ", "not-the-key"),
                422,
                "Malformed percent-encoding in query string",
                "a request that cannot be read is refused before its credentials are");
        assertThat(usage("/1/usage/total_operations?" + RANGE).status()).isEqualTo(200);
    }

    @Test
    void anUnknownParameterOfAStrictServerIsA422NamingIt() {
        assertRefused(
                usage("/1/usage/total_operations?" + RANGE + "&colour=red"),
                422,
                "Unknown parameter: colour",
                "application level");
        assertRefused(
                usage("/1/usage/records/items?" + RANGE + "&startdate=2026-03-09T00:00:00Z"),
                422,
                "Unknown parameter: startdate",
                "index level");
        assertThat(usage("/1/usage/total_operations/items?" + RANGE + "&granularity=hourly")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void theOtherApisKeepTheir400() {
        String admin = server.adminKey();
        for (String target : new String[] {
            "/1/indexes/items%ZZ",
            "/1/indexes?page=%ZZ",
            "/1/indexes?colour=red",
            "/1/usagex/%ZZ",
            "/1/status/%ZZ",
            "/1/inventory/servers?colour=red",
            "/2/searches?index=%ZZ",
            "/api/1/crawlers/%ZZ"
        }) {
            WireAnswer answer = get(target, admin);
            assertThat(answer.status()).as("%s -> %s", target, answer).isEqualTo(400);
            assertThat(TestClient.json(answer.body()).get("status").asInt()).isEqualTo(400);
        }
    }

    @Test
    void aMalformedRequestLineIsStillRefusedByTheWire() {
        WireAnswer answer = usage("/1/usage/total\u0001operations?" + RANGE);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(TestClient.json(answer.body()).get("message").asString()).isEqualTo("Malformed request target");
    }
}
