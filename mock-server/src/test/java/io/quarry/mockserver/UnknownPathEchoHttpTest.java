package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A path no route serves is named in the 404 (or 405) as other echoed text is, cut to its first 200 characters: a
 * head may carry a path of nearly 64 KB, which each such answer repeated whole.
 */
@Timeout(20)
class UnknownPathEchoHttpTest {

    private static final String LONG = "p".repeat(60_000);

    private static MockServer server;

    @BeforeAll
    static void start() {
        server = MockServer.builder().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aLongUnknownPathIsCutInThe404() {
        Reply reply = new TestClient(server).get("/1/nothing/" + LONG);

        assertThat(reply.status()).isEqualTo(404);
        String message = reply.body().get("message").asString();
        assertThat(message).startsWith("The endpoint GET /1/nothing/ppp").hasSizeLessThan(400);
    }

    @Test
    void aLongPathOfAnotherMethodIsCutInThe405() {
        Reply reply = new TestClient(server).post("/1/indexes/" + LONG + "/settings", "{}");

        assertThat(reply.status()).isEqualTo(405);
        assertThat(reply.body().get("message").asString()).hasSizeLessThan(400);
    }

    @Test
    void theBasePathHintOfALongPathIsCut() {
        Reply reply = new TestClient(server).post("/indexes/" + LONG + "/query", "{}");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.body().get("message").asString())
                .contains("did you mean POST /1/indexes/ppp")
                .hasSizeLessThan(800);
    }
}
