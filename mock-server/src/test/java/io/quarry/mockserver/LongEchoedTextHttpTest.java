package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refusals that name what the caller sent name its first 200 characters: a console file, an infrastructure metric
 * or period (path segments of up to 64 KB), a seeded key's right (a body's string of any length).
 */
class LongEchoedTextHttpTest {

    private static final String LONG = "q".repeat(50_000);

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
    void anUnknownConsoleFileIsCut() {
        assertCut(new TestClient(server).get("/_mock/console/" + LONG), 404);
    }

    @Test
    void anUnknownInfrastructureMetricOrPeriodIsCut() {
        TestClient monitoring = new TestClient(server, server.applicationId(), server.monitoringKey());

        assertCut(monitoring.get("/1/infrastructure/" + LONG + "/period/day"), 400);
        assertCut(monitoring.get("/1/infrastructure/cpu_usage/period/" + LONG), 400);
    }

    @Test
    void anUnknownRightOfASeededKeyIsCut() {
        assertCut(
                new TestClient(server).post("/_mock/seed", jq("{'keys': [{'value': 'k', 'acl': ['" + LONG + "']}]}")),
                400);
    }

    private static void assertCut(Reply reply, int status) {
        assertThat(reply.status()).as(reply.toString().substring(0, 200)).isEqualTo(status);
        assertThat(reply.body().get("message").asString()).contains("qqq").hasSizeLessThan(600);
    }
}
