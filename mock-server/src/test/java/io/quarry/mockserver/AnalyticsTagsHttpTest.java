package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The analytics tags a search is counted under, as the {@code tags} parameter of the analytics calls reads them. */
class AnalyticsTagsHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-10T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void index() {
        admin.put("/1/indexes/items/1", jq("{'name':'red shoe'}")).requireOk();
    }

    private void search(String analyticsTags) {
        CLOCK.advance(Duration.ofSeconds(10));
        admin.post("/1/indexes/items/query", jq("{'query':'shoe','analyticsTags':" + analyticsTags + "}"))
                .requireOk();
    }

    private long count(String tags) {
        Reply reply =
                admin.get("/2/searches/count?index=items&tags=" + URLEncoder.encode(tags, StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.body().get("count").asLong();
    }

    /**
     * Past the 100 tag sets an index keeps a day, a search of a new tag set counts only in calls without tags, and
     * reads agree on it while it is still pending (within 5 s, it may yet become a keystroke) and once counted.
     */
    @Test
    void aSearchBeyondTheDaysTagSetsReadsTheSameBeforeAndAfterItIsCounted() {
        for (int from = 0; from < 100; from += 50) { // a multi-search takes at most 50 queries
            StringBuilder requests = new StringBuilder();
            for (int i = from; i < from + 50; i++) {
                requests.append(i == from ? "" : ",")
                        .append("{'indexName':'items','query':'shoe','userToken':'u")
                        .append(i)
                        .append("','analyticsTags':['set")
                        .append(i)
                        .append("']}");
            }
            admin.post("/1/indexes/*/queries", jq("{'requests':[" + requests + "]}"))
                    .requireOk();
        }
        CLOCK.advance(Duration.ofSeconds(10));
        admin.post("/1/indexes/items/query", jq("{'query':'shoe','userToken':'late','analyticsTags':['late']}"))
                .requireOk();
        assertThat(count("set0")).isEqualTo(1);
        assertThat(count("late")).isZero();
        CLOCK.advance(Duration.ofSeconds(10));
        assertThat(count("late")).isZero();
        Reply all = admin.get("/2/searches/count?index=items");
        assertThat(all.body().get("count").asLong()).isEqualTo(101);
    }

    @Test
    void anArrayItemHoldingACommaIsOneTag() {
        search("['size:10,5','mobile']");
        assertThat(count("size:10,5")).isEqualTo(1);
        assertThat(count("size:10")).isZero();
        assertThat(count("5")).isZero();
        assertThat(count("mobile AND size:10,5")).isEqualTo(1);
    }

    @Test
    void aStringIsStillCommaSeparated() {
        search("'web,fr'");
        search("'[\\\"ios\\\",\\\"a,b\\\"]'");
        assertThat(count("web AND fr")).isEqualTo(1);
        assertThat(count("ios AND a,b")).isEqualTo(1);
        assertThat(count("a")).isZero();
    }
}
