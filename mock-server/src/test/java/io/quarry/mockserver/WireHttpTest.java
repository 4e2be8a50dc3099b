package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** How the mock server speaks HTTP/1.1 on the wire, seen from a raw socket: framing, connections, refusals. */
class WireHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();

    private String credentials() {
        return "X-Service-Application-Id: " + server.applicationId() + "\r\n" + "X-Service-API-Key: "
                + server.adminKey() + "\r\n";
    }

    private String exchange(String request) {
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            return connection.send(request).readTimeout(5000).readAvailable();
        }
    }

    private static void assertRefused(String answer, int status) {
        assertThat(answer).startsWith("HTTP/1.1 " + status + " ");
        assertThat(answer).containsIgnoringCase("Connection: close");
        JsonNode body = TestClient.json(answer.substring(answer.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("message").asString()).isNotBlank();
    }

    private static int count(String text, String part) {
        return text.split(part, -1).length - 1;
    }

    @Test
    void requestsSentOneBehindTheOtherAreAnsweredInOrderOnOneConnection() {
        String get = "GET /1/indexes HTTP/1.1\r\nHost: localhost\r\n" + credentials();
        String answer = exchange(get + "\r\n" + get + "\r\n" + get + "Connection: close\r\n\r\n");
        assertThat(count(answer, "HTTP/1.1 200 OK")).isEqualTo(3);
        assertThat(count(answer, "Connection: close")).isEqualTo(1);
    }

    @Test
    void http10ClosesTheConnectionAfterItsAnswer() {
        String answer = exchange("GET /1/indexes HTTP/1.0\r\n" + credentials() + "\r\n");
        assertThat(answer).startsWith("HTTP/1.1 200 OK").contains("Connection: close");
    }

    @Test
    void aClientThatExpectsContinueIsToldToSendItsBody() {
        String body = "{\"requests\":[]}";
        try (RawConnection connection = new RawConnection(server.host(), server.port())) {
            String interim = connection
                    .send("POST /1/indexes/wire/batch HTTP/1.1\r\nHost: localhost\r\n" + credentials()
                            + "Expect: 100-continue\r\nConnection: close\r\nContent-Length: " + body.length()
                            + "\r\n\r\n")
                    .readTimeout(5000)
                    .readUntil("\r\n\r\n");
            assertThat(interim).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
            String answer = connection.send(body).readTimeout(5000).readAvailable();
            assertThat(answer).startsWith("HTTP/1.1 200 OK").contains("taskID");
        }
    }

    @Test
    void headAnswersHeadersWithoutABody() {
        String answer = exchange(
                "HEAD /1/indexes HTTP/1.1\r\nHost: localhost\r\n" + credentials() + "Connection: close\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 ").endsWith("\r\n\r\n");
    }

    @Test
    void theAbsoluteFormOfATargetIsServed() {
        String answer = exchange("GET http://localhost:1234/1/indexes?page=0 HTTP/1.1\r\nHost: localhost\r\n"
                + credentials() + "Connection: close\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 200 OK");
    }

    @Test
    void aRequestLineOver64KilobytesIs414() {
        assertRefused(exchange("GET /" + "a".repeat(70_000) + " HTTP/1.1\r\n\r\n"), 414);
    }

    @Test
    void headersOver64KilobytesAre431() {
        assertRefused(exchange("GET / HTTP/1.1\r\nX-Big: " + "a".repeat(70_000) + "\r\n\r\n"), 431);
    }

    @Test
    void anotherHttpVersionIs505() {
        assertRefused(exchange("GET / HTTP/2.0\r\n\r\n"), 505);
    }

    @Test
    void malformedHeadsAre400() {
        assertRefused(exchange("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n"), 400);
        assertRefused(exchange("GET / HTTP/1.1\r\nX-A : 1\r\n\r\n"), 400);
        assertRefused(exchange("GET / HTTP/1.1\r\nX-A: \u0001\r\n\r\n"), 400);
        assertRefused(exchange("GET nopath HTTP/1.1\r\n\r\n"), 400);
    }

    @Test
    void bodiesFramedTwoWaysAreRefused() {
        assertRefused(
                exchange("POST /1/indexes/wire/batch HTTP/1.1\r\nContent-Length: 2\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                400);
        assertRefused(
                exchange("POST /1/indexes/wire/batch HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
                400);
        assertRefused(exchange("POST /1/indexes/wire/batch HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n"), 501);
        assertRefused(exchange("POST /1/indexes/wire/batch HTTP/1.1\r\nExpect: teapot\r\n\r\n"), 417);
    }

    @Test
    void aBodyLeftUnreadClosesTheConnectionAfterTheAnswer() {
        String answer = exchange("POST /1/indexes/wire/batch HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                + "X-Service-API-Key: wrong\r\nContent-Length: 1000\r\n\r\n{\"requests\":");
        assertThat(answer).startsWith("HTTP/1.1 403").contains("Connection: close");
    }
}
