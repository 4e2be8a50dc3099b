package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The common analytics parameters at their edges: pages, and days. */
class AnalyticsParamsHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2024-02-29T23:59:59Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    /** Three searches on a leap day, the last a second before midnight. */
    @BeforeEach
    void searches() {
        admin.put("/1/indexes/items/1", jq("{'name':'red shoe'}")).requireOk();
        for (String query : new String[] {"shoe", "hat", "boot"}) {
            admin.post("/1/indexes/items/query", jq("{'query':'" + query + "','userToken':'" + query + "'}"))
                    .requireOk();
        }
    }

    private Reply get(String query) {
        CLOCK.advance(Duration.ofMillis(1));
        return admin.get("/2/searches?index=items&" + query);
    }

    private String message(String query) {
        Reply reply = get(query);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        return reply.body().get("message").asString();
    }

    @Test
    void pagesPastTheRowsAreEmptyHoweverFar() {
        assertThat(get("offset=3").body().get("searches")).isEmpty();
        assertThat(get("offset=2147483647&limit=1000").body().get("searches")).isEmpty();
        assertThat(get("offset=99999999999999999999").body().get("searches")).isEmpty();
        assertThat(get("limit=0").body().get("searches")).isEmpty();
        assertThat(get("limit=-0&offset=-0").status()).isEqualTo(200);
    }

    @Test
    void outOfRangeCountsSayWhichBoundTheyCross() {
        assertThat(message("limit=5000000000")).isEqualTo("limit must be at most 1000");
        assertThat(message("limit=-99999999999")).isEqualTo("limit must not be negative");
        assertThat(message("offset=-1")).isEqualTo("offset must not be negative");
    }

    @Test
    void countsAreAsciiDigits() {
        // Arabic-Indic "10", which Integer.parseInt reads as 10
        assertThat(message("limit=%D9%A1%D9%A0")).isEqualTo("Invalid limit: expected an integer");
        assertThat(message("offset=1e3")).isEqualTo("Invalid offset: expected an integer");
        assertThat(message("limit=-")).isEqualTo("Invalid limit: expected an integer");
        assertThat(message("limit=%2B5")).isEqualTo("Invalid limit: expected an integer");
    }

    @Test
    void anInvertedRangeNamesItsDatesAndWhichAreDefaults() {
        Reply onlyEnd = admin.get("/2/searches/count?index=items&endDate=2020-01-01");
        assertThat(onlyEnd.status()).isEqualTo(400);
        assertThat(onlyEnd.body().get("message").asString())
                .matches("startDate 2024-02-2[2-3] \\(seven days ago\\) must not be after endDate 2020-01-01");
        Reply onlyStart = admin.get("/2/searches/count?index=items&startDate=2030-01-01");
        assertThat(onlyStart.body().get("message").asString())
                .matches("startDate 2030-01-01 must not be after endDate 2024-0[23]-[0-9]{2} \\(today\\)");
        Reply both = admin.get("/2/searches/count?index=items&startDate=2024-02-02&endDate=2024-02-01");
        assertThat(both.body().get("message").asString())
                .isEqualTo("startDate 2024-02-02 must not be after endDate 2024-02-01");
    }

    @Test
    void aLeapDayIsOneDayAndDatesAreStrict() {
        CLOCK.advance(Duration.ofSeconds(1));
        admin.post("/1/indexes/items/query", jq("{'query':'sock','userToken':'next day'}"))
                .requireOk();
        Reply leapDay = admin.get("/2/searches/count?index=items&startDate=2024-02-29&endDate=2024-02-29");
        assertThat(leapDay.body().get("count").asInt()).isEqualTo(3);
        assertThat(leapDay.body().get("dates")).hasSize(1);
        Reply march = admin.get("/2/searches/count?index=items&startDate=2024-03-01&endDate=2024-03-01");
        assertThat(march.body().get("count").asInt()).isEqualTo(1);
        for (String date : new String[] {"2023-02-29", "2024-2-29", "2024-02-29T00:00:00Z", "%D9%A2024-02-29"}) {
            assertThat(admin.get("/2/searches/count?index=items&startDate=" + date)
                            .status())
                    .as(date)
                    .isEqualTo(400);
        }
    }
}
