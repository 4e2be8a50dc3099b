package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Past its 200 URL-crawl calls in 24 hours a crawler answers 429 with {@code Retry-After}: the seconds until the
 * oldest counted call leaves the 24 hours, on the server's clock.
 */
class CrawlerDailyLimitHttpTest {

    private static final String CONFIG = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs',"
            + " 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");
    /** A host the mock server never fetches: each crawl ends at once. */
    private static final String CRAWL = "{\"urls\": [\"http://192.0.2.1/page\"], \"save\": false}";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final MockServer server = MockServer.builder().clock(clock).start();
    private final TestClient client = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theRefusalSaysWhenTheOldestCountedCallLeavesTheDay() {
        String id = client.crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + CONFIG + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        crawl(id).requireOk();
        clock.advance(Duration.ofHours(2));
        for (int i = 1; i < 200; i++) {
            crawl(id).requireOk();
        }
        clock.advance(Duration.ofHours(1).plusMillis(1500));

        // the first call leaves the day in 21 hours less 1.5 s: whole seconds, rounded up
        long first = Duration.ofHours(21).minusMillis(1500).toMillis();
        assertLimited(crawl(id), (first + 999) / 1000);
        clock.advance(Duration.ofMillis(first - 1));
        assertLimited(crawl(id), 1);
        clock.advance(Duration.ofMillis(1));
        crawl(id).requireOk();

        // the 199 calls made two hours after the first are the oldest now
        assertLimited(crawl(id), Duration.ofHours(2).toSeconds());
    }

    private Reply crawl(String id) {
        return client.crawler("POST", "/crawlers/" + id + "/urls/crawl", CRAWL);
    }

    private static void assertLimited(Reply reply, long retryAfterSeconds) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(429);
        assertThat(reply.headers().firstValue("Retry-After")).hasValue(String.valueOf(retryAfterSeconds));
        assertThat(reply.body().get("message").asString())
                .contains("200 calls per 24 hours", "in " + retryAfterSeconds + " seconds");
    }
}
