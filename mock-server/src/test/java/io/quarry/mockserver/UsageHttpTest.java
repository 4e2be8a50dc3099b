package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Usage over HTTP: counts of served operations read back, groupings, per-index form, limits and errors. */
class UsageHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient admin;
    private TestClient usage;
    private String range;

    @BeforeEach
    void clients(MockServer server) {
        admin = new TestClient(server);
        usage = new TestClient(server, server.applicationId(), server.usageKey());
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        range = "startDate=" + now.minus(Duration.ofDays(1)) + "&endDate=" + now.plus(Duration.ofHours(2));
    }

    @Test
    void countsTheOperationsServed() {
        admin.put("/1/indexes/items/1", jq("{'name':'shoe'}")).requireOk();
        admin.put("/1/indexes/items/2", jq("{'name':'boot'}")).requireOk();
        admin.post("/1/indexes/items/query", jq("{'query':'shoe'}")).requireOk();
        admin.post("/1/indexes/items/query", jq("{'query':'boot'}")).requireOk();
        admin.post("/1/indexes/items/query", jq("{'query':'hat'}")).requireOk();

        JsonNode app = usage.get("/1/usage/total_search_requests,total_write_operations,max_qps,records?" + range
                        + "&granularity=hourly")
                .requireOk()
                .body();
        assertThat(sum(app.get("total_search_requests"))).isEqualTo(3);
        assertThat(sum(app.get("total_write_operations"))).isEqualTo(2);
        assertThat(app.get("max_qps").get(0).get("v").get("mock-cluster-1-1").asLong())
                .isBetween(1L, 3L);
        assertThat(app.get("records").get(0).get("v").asLong()).isEqualTo(2);

        JsonNode index = usage.get(
                        "/1/usage/search_operations,update_record_operations,avg_processing_time/items?" + range)
                .requireOk()
                .body();
        assertThat(sum(index.get("queries_operations"))).isEqualTo(3);
        assertThat(sum(index.get("update_record_operations"))).isEqualTo(2);
        assertThat(index.get("avg_processing_time")).hasSize(1);
        assertThat(index.has("multi_queries_operations")).isFalse();
        assertThat(usage.get("/1/usage/*/other?" + range).requireOk().body()).isEmpty();
    }

    @Test
    void unknownStatisticsAndBadRangesAre422s() {
        Reply unknown = usage.get("/1/usage/total_operations,bogus?" + range);
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.body().get("message").asString()).contains("bogus");
        assertThat(usage.get("/1/usage/max_qps/items?" + range).status()).isEqualTo(422);
        assertThat(usage.get("/1/usage/total_operations?startDate=2024-01-01T00:00:00Z&endDate=2024-01-09T00:00:00Z"
                                + "&granularity=hourly")
                        .status())
                .isEqualTo(422);
        assertThat(usage.get("/1/usage/total_operations?startDate=2023-01-01T00:00:00Z&endDate=2024-01-09T00:00:00Z")
                        .status())
                .isEqualTo(422);
        assertThat(usage.get("/1/usage/total_operations?startDate=2024-01-02T00:00:00Z&endDate=2024-01-01T00:00:00Z")
                        .status())
                .isEqualTo(422);
        assertThat(usage.get("/1/usage/total_operations").status()).isEqualTo(422);
    }

    @Test
    void needsTheUsageKey(MockServer server) {
        Reply reply = new TestClient(server, server.applicationId(), "wrong").get("/1/usage/total_operations?" + range);
        assertThat(reply.status()).isIn(401, 403);
    }

    private static long sum(JsonNode points) {
        long total = 0;
        for (JsonNode point : points) {
            total += point.get("v").asLong();
        }
        return total;
    }
}
