package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Malformed chunked request bodies, sent on a raw socket, get a 400 with the usual JSON error body. */
class ChunkedBodyHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();

    private String post(String chunkedBody) {
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            return connection
                    .send("POST /1/indexes/items/batch HTTP/1.1\r\nHost: localhost\r\n"
                            + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                            + "X-Service-API-Key: " + server.adminKey() + "\r\n"
                            + "Content-Type: application/json\r\n"
                            + "Connection: close\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n" + chunkedBody)
                    .readTimeout(3000)
                    .readAvailable();
        }
    }

    private static void assertBadRequest(String answer) {
        assertThat(answer).startsWith("HTTP/1.1 400");
        JsonNode body = TestClient.json(answer.substring(answer.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("message").asString()).isNotBlank();
    }

    @Test
    void aWellFormedChunkedBodyIsRead() {
        String json = "{\"requests\":[]}";
        String answer = post(Integer.toHexString(json.length()) + "\r\n" + json + "\r\n0\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 200");
    }

    @Test
    void aBadChunkSizeLineIsA400() {
        assertBadRequest(post("ZZZZ\r\n{}\r\n0\r\n\r\n"));
    }

    @Test
    void aChunkLongerThanItsSizeIsA400() {
        assertBadRequest(post("2\r\n{\"requests\":[]}\r\n0\r\n\r\n"));
    }

    @Test
    void aTruncatedChunkIsA400() {
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            connection.send("POST /1/indexes/items/batch HTTP/1.1\r\nHost: localhost\r\n"
                    + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                    + "X-Service-API-Key: " + server.adminKey() + "\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n100\r\n{\"requests\":");
            connection.shutdownOutput();
            String answer = connection.readTimeout(3000).readAvailable();
            assertBadRequest(answer);
        }
    }
}
