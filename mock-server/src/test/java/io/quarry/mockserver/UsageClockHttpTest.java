package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Usage buckets follow the server's clock: hourly and daily points, range edges, and old hours forgotten. */
class UsageClockHttpTest {

    private static final Instant START = Instant.parse("2026-03-01T10:15:00Z");
    private static final MutableClock CLOCK = new MutableClock(START);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    @Test
    void operationsFallInTheHourAndDayOfTheServersClock(MockServer server) {
        TestClient admin = new TestClient(server);
        TestClient usage = new TestClient(server, server.applicationId(), server.usageKey());
        admin.put("/1/indexes/items/1", jq("{'name':'shoe'}")).requireOk();
        CLOCK.advance(Duration.ofHours(2));
        admin.post("/1/indexes/items/query", jq("{'query':'shoe'}")).requireOk();
        admin.post("/1/indexes/items/query", jq("{'query':'shoe'}")).requireOk();

        JsonNode hourly = usage.get("/1/usage/total_operations?startDate=2026-03-01T10:30:00Z"
                        + "&endDate=2026-03-01T13:00:00Z&granularity=hourly")
                .requireOk()
                .body()
                .get("total_operations");
        assertThat(hourly).hasSize(2);
        assertThat(hourly.get(0).get("t").asLong())
                .isEqualTo(Instant.parse("2026-03-01T10:00:00Z").toEpochMilli());
        assertThat(hourly.get(0).get("v").asLong()).isEqualTo(1);
        assertThat(hourly.get(1).get("t").asLong())
                .isEqualTo(Instant.parse("2026-03-01T12:00:00Z").toEpochMilli());
        assertThat(hourly.get(1).get("v").asLong()).isEqualTo(2);

        JsonNode daily = usage.get(
                        "/1/usage/total_operations?startDate=2026-02-01T00:00:00Z" + "&endDate=2026-03-02T00:00:00Z")
                .requireOk()
                .body()
                .get("total_operations");
        assertThat(daily).hasSize(1);
        assertThat(daily.get(0).get("t").asLong())
                .isEqualTo(Instant.parse("2026-03-01T00:00:00Z").toEpochMilli());
        assertThat(daily.get(0).get("v").asLong()).isEqualTo(3);

        // the end is exclusive: a range ending at 12:00 leaves the searches out
        JsonNode before = usage.get("/1/usage/total_search_requests?startDate=2026-03-01T09:00:00Z"
                        + "&endDate=2026-03-01T12:00:00Z&granularity=hourly")
                .requireOk()
                .body();
        assertThat(before.isEmpty()).isTrue();

        CLOCK.advance(Duration.ofDays(401));
        admin.get("/1/indexes").requireOk();
        assertThat(usage.get("/1/usage/total_operations?startDate=2026-02-01T00:00:00Z"
                                + "&endDate=2026-03-02T00:00:00Z")
                        .requireOk()
                        .body()
                        .isEmpty())
                .isTrue();
    }
}
