package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The console's own reads of the service (its index list, settings, records and search preview), marked with its
 * header, are not the application's traffic: they show in none of the journal, the charts, the request log, analytics
 * and usage, while the application's requests beside them do. A write so marked is the application's as any other.
 */
class ConsoleOwnReadsHttpTest {

    private static final String MARK = "X-Mock-Console";

    @Test
    void theConsolesSearchesAndReadsCountNowhere() {
        try (MockServer server = MockServer.builder().start()) { // figures holding this test's requests only
            TestClient app = new TestClient(server);
            app.post("/1/indexes/books/batch", jq("{'requests':[{'action':'addObject','body':{'title':'Dune'}}]}"))
                    .requireOk();
            app.post("/1/indexes/books/query", jq("{'query':'dune'}")).requireOk();
            app.get("/1/indexes/books/settings?from=app").requireOk();

            console(app, "POST", "/1/indexes/books/query", jq("{'query':'zebra'}"));
            console(app, "GET", "/1/indexes?page=0&hitsPerPage=100", null);
            console(app, "GET", "/1/indexes/books/settings", null);

            assertThat(journalPaths(app))
                    .as("the application's requests, not the console's")
                    .containsExactly(
                            "GET /1/indexes/books/settings?from=app",
                            "POST /1/indexes/books/query",
                            "POST /1/indexes/books/batch");
            assertThat(chartedAnswers(app)).isEqualTo(3);
            String logs = app.get("/1/logs?length=1000").requireOk().body().toString();
            assertThat(logs).contains("dune").doesNotContain("zebra").contains("from=app");
            assertThat(logs.split("/settings", -1))
                    .as("the application's read of the settings alone")
                    .hasSize(2);
            JsonNode searches =
                    app.get("/2/searches?index=books").requireOk().body().get("searches");
            assertThat(searches).extracting(row -> row.get("search").asString()).containsExactly("dune");
            TestClient usage = new TestClient(server, server.applicationId(), server.usageKey());
            Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            JsonNode counted = usage.get("/1/usage/total_search_requests,get_settings_operations?startDate="
                            + now.minus(Duration.ofDays(1)) + "&endDate=" + now.plus(Duration.ofHours(2))
                            + "&granularity=hourly")
                    .requireOk()
                    .body();
            assertThat(sum(counted.get("total_search_requests"))).isEqualTo(1);
            assertThat(sum(counted.get("get_settings_operations"))).isEqualTo(1);
        }
    }

    @Test
    void aMarkedWriteIsTheApplicationsAsAnyOther() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient app = new TestClient(server);
            console(app, "POST", "/1/indexes/books/batch", jq("{'requests':[{'action':'addObject','body':{}}]}"));
            console(app, "POST", "/_mock/faults", jq("{'fault':{'type':'delay','delayMs':1}}"));

            assertThat(journalPaths(app)).containsExactly("POST /_mock/faults", "POST /1/indexes/books/batch");
            assertThat(app.get("/1/logs?length=1000").requireOk().body().toString())
                    .contains("/1/indexes/books/batch");
        }
    }

    private static void console(TestClient client, String method, String path, String json) {
        Reply reply = client.send(
                client.request(method, path, json).header(MARK, "read").build());
        assertThat(reply.status()).as(method + " " + path).isEqualTo(200);
    }

    private static List<String> journalPaths(TestClient client) {
        List<String> paths = new ArrayList<>();
        for (JsonNode entry :
                client.get("/_mock/console/api/journal").requireOk().body().get("entries")) {
            paths.add(
                    entry.get("method").stringValue() + " " + entry.get("path").stringValue());
        }
        return paths;
    }

    private static long chartedAnswers(TestClient client) {
        long answers = 0;
        for (JsonNode statusClass : client.get("/_mock/console/api/traffic?seconds=600")
                .requireOk()
                .body()
                .get("byStatus")) {
            for (JsonNode second : statusClass) {
                answers += second.asLong();
            }
        }
        return answers;
    }

    private static long sum(JsonNode points) {
        long total = 0;
        for (JsonNode point : points) {
            total += point.get("v").asLong();
        }
        return total;
    }
}
