package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every answer of the analytics API carries the rate-limit headers, those refused before its handler ran too (no
 * credentials, a key without the right, an unknown path or method under {@code /2/}, an unknown parameter of a strict
 * server): they had none, so a client pacing itself by {@code X-RateLimit-Remaining} lost its count at the first
 * refusal. A refusal is not counted: the headers say the minute as it stands.
 */
@Timeout(60)
class AnalyticsRefusalHeadersHttpTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T10:00:30Z"));
    private final MockServer server = MockServer.builder().clock(clock).strict().start();
    private final TestClient admin = new TestClient(server);
    /** The Unix second the server clock's next minute starts. */
    private final String nextMinute = String.valueOf((clock.millis() / 60_000 + 1) * 60);

    @BeforeEach
    void index() {
        admin.put("/1/indexes/items/1", "{\"name\": \"red shoe\"}").requireOk();
        admin.post("/1/indexes/items/query", "{\"query\": \"shoe\"}").requireOk();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void assertHeaders(Reply reply, String remaining, String what) {
        assertThat(reply.headers().firstValue("X-RateLimit-Limit")).as(what).hasValue("100");
        assertThat(reply.headers().firstValue("X-RateLimit-Remaining")).as(what).hasValue(remaining);
        assertThat(reply.headers().firstValue("X-RateLimit-Reset")).as(what).hasValue(nextMinute);
    }

    @Test
    void refusalsBeforeTheHandlerCarryTheHeadersAndCountNothing() {
        String searchOnly = admin.createKey("{\"acl\": [\"search\"]}");
        assertHeaders(admin.get("/2/status?index=items").requireOk(), "99", "a call");

        List<Reply> refusals = List.of(
                new TestClient(server, server.applicationId(), "not-the-key").get("/2/status?index=items"),
                new TestClient(server, null, null).get("/2/searches?index=items"),
                admin.withKey(searchOnly).get("/2/searches?index=items"),
                admin.get("/2/nothing?index=items"),
                admin.get("/%32/nothing?index=items"),
                admin.post("/2/searches?index=items", "{}"),
                admin.get("/2/searches?index=items&colour=red"));
        for (Reply refused : refusals) {
            assertThat(refused.status()).as(refused.toString()).isIn(400, 401, 403, 404, 405);
            assertHeaders(refused, "99", refused.toString());
        }
        assertThat(refusals.stream().map(Reply::status)).contains(400, 403, 404, 405);

        Reply handled400 = admin.get("/2/searches?index=items&limit=5000");
        assertThat(handled400.status()).isEqualTo(400);
        assertHeaders(handled400, "98", "a 400 of the handler, counted");
        assertHeaders(admin.get("/2/status?index=items").requireOk(), "97", "the next call");
    }

    @Test
    void aNewMinuteShowsInARefusalsHeadersToo() {
        admin.get("/2/status?index=items").requireOk();
        clock.advance(Duration.ofMinutes(1));

        Reply refused = admin.get("/2/nothing");
        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.headers().firstValue("X-RateLimit-Remaining")).hasValue("100");
        assertThat(refused.headers().firstValue("X-RateLimit-Reset"))
                .hasValue(String.valueOf(Long.parseLong(nextMinute) + 60));
    }

    @Test
    void otherApisAnswersCarryNone() {
        for (Reply reply : List.of(
                admin.get("/1/indexes"),
                admin.get("/1/nothing"),
                new TestClient(server, server.applicationId(), "not-the-key").get("/1/indexes"),
                admin.get("/20/status"),
                admin.get("/_mock/version"))) {
            assertThat(reply.headers().firstValue("X-RateLimit-Remaining"))
                    .as(reply.toString())
                    .isEmpty();
        }
    }
}
