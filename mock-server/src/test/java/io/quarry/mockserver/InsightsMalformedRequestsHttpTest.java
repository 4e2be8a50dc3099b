package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.WireAnswer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /1/events}, whose documents list a 422 and a 401 and no 400, answers a request the front refuses before
 * the events are read with a 422 {@code {"message", "status"}} too: a percent-escape in the URL that decodes to
 * nothing, an unknown URL parameter of a strict server, a body whose chunks or gzip do not decode. They were 400s.
 */
@Timeout(60)
class InsightsMalformedRequestsHttpTest {

    private static final String EVENTS =
            "{\"events\":[{\"eventType\":\"view\",\"eventName\":\"Seen\",\"index\":\"items\",\"userToken\":\"u-1\","
                    + "\"objectIDs\":[\"1\"]}]}";

    private final MockServer server = MockServer.builder().strict().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private WireAnswer post(String target, String extraHeaders, byte[] body) {
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            return connection
                    .send("POST " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                            + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                            + "X-Service-API-Key: " + server.adminKey() + "\r\n" + extraHeaders
                            + (extraHeaders.contains("chunked") ? "" : "Content-Length: " + body.length + "\r\n")
                            + "\r\n")
                    .send(body)
                    .readAnswer(false);
        }
    }

    private WireAnswer post(String target) {
        return post(target, "", EVENTS.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertRefused(WireAnswer answer, String message) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(422);
        JsonNode body = TestClient.json(answer.body());
        assertThat(body.get("status").asInt()).isEqualTo(422);
        assertThat(body.get("message").asString()).isEqualTo(message);
    }

    @Test
    void whatTheFrontRefusesIsA422() {
        assertRefused(post("/1/events?X-Service-API-Key=%ZZ"), "Malformed percent-encoding in query string");
        assertRefused(post("/1/events?colour=red"), "Unknown parameter: colour");
        assertRefused(
                post("/1/events", "Content-Encoding: gzip\r\n", EVENTS.getBytes(StandardCharsets.UTF_8)),
                "Invalid gzip body");

        WireAnswer badChunk = post(
                "/1/events",
                "Transfer-Encoding: chunked\r\n",
                "zz\r\n{}\r\n0\r\n\r\n".getBytes(StandardCharsets.UTF_8));
        assertRefused(
                badChunk, "Malformed request body: invalid chunked encoding, or the body ended before it was complete");
        assertThat(badChunk.closes()).as("the rest of the body cannot be found").isTrue();

        assertThat(post("/1/events").status()).isEqualTo(200);
    }
}
