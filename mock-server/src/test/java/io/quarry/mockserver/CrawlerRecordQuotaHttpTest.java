package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A crawl whose records do not fit the application's record quota (a server with a small budget of stored records)
 * stops at the first record refused, and its URL statistics say why: that page FAILED and the URLs left SKIPPED with
 * {@code record_quota_exceeded}, in the {@code indexing} category. A reindex so stopped publishes nothing and leaves
 * no temporary index taking the quota; a URL crawl keeps the records it wrote before.
 */
@Timeout(60)
class CrawlerRecordQuotaHttpTest {

    private static final long BUDGET = 256 * 1024;
    private static final int PAGES = 60;
    private static final String QUOTA = "record_quota_exceeded";

    /** {@code /} links to every page; each page holds two hundred words of its own, so that few records fit. */
    private final HttpServer site = LoopbackSite.start(null, exchange -> {
        String path = exchange.getRequestURI().getPath();
        StringBuilder page =
                new StringBuilder("<html><head><title>page ").append(path).append("</title></head><body>");
        if (path.equals("/")) {
            for (int i = 0; i < PAGES; i++) {
                page.append("<a href=\"/p/").append(i).append("\">").append(i).append("</a> ");
            }
        } else {
            for (int word = 0; word < 200; word++) {
                page.append("w")
                        .append(path.hashCode() & 0xffff)
                        .append('x')
                        .append(word)
                        .append(' ');
            }
        }
        LoopbackSite.html(exchange, 200, page.append("</body></html>").toString());
    });

    private final MockServer server = MockServer.builder().recordBudget(BUDGET).start();
    private final TestClient client = new TestClient(server);
    private final CrawlerRuns runs = new CrawlerRuns(client);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String config() {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 100, \"startUrls\": [\"" + url("/")
                + "\"], \"actions\": [{\"indexName\": \"docs\", \"recordExtractor\": {\"__type\": \"function\","
                + " \"source\": \"() => []\"}}]}";
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    private JsonNode quotaRow(String id, String status) {
        JsonNode stats = client.crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();
        for (JsonNode row : stats.get("data")) {
            if (row.get("status").asString().equals(status)
                    && row.get("reason").asString().equals(QUOTA)) {
                return row;
            }
        }
        throw new AssertionError("no " + status + " " + QUOTA + " row in " + stats);
    }

    @Test
    void aReindexPastTheQuotaSaysSoPublishesNothingAndFreesWhatItWrote() throws InterruptedException {
        client.put("/1/indexes/docs/kept", "{\"title\": \"kept\"}").requireOk();

        String id = runs.reindexed(config());

        JsonNode failed = quotaRow(id, "FAILED");
        assertThat(failed.get("count").asLong())
                .as("the page whose record did not fit")
                .isEqualTo(1);
        assertThat(failed.get("category").asString()).isEqualTo("indexing");
        assertThat(failed.get("readable").asString()).contains("record quota is full", "stopped");
        assertThat(quotaRow(id, "SKIPPED").get("count").asLong())
                .as("the pages left when it stopped")
                .isPositive();
        assertThat(runs.count(id, "DONE", "success")
                        + 1
                        + quotaRow(id, "SKIPPED").get("count").asLong())
                .as("every page of the site counted once")
                .isEqualTo(PAGES + 1);
        JsonNode crawler =
                client.crawler("GET", "/crawlers/" + id, null).requireOk().body();
        assertThat(crawler.get("reindexing").asBoolean()).as(crawler.toString()).isFalse();
        assertThat(crawler.has("lastReindexEndedAt")).as(crawler.toString()).isTrue();

        assertThat(client.get("/1/indexes/docs/kept").status())
                .as("the live index kept")
                .isEqualTo(200);
        assertThat(client.post("/1/indexes/docs/query", "{}")
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .asLong())
                .as("nothing published")
                .isEqualTo(1);
        assertThat(client.get("/1/indexes/docs.tmp/settings").status())
                .as("no temporary index left taking the quota")
                .isEqualTo(404);
        client.post("/1/indexes/other/batch", batchOfPages(5)).requireOk();
    }

    @Test
    void aUrlCrawlPastTheQuotaKeepsWhatItWroteAndSaysWhyItStopped() throws InterruptedException {
        String id = client.crawler("POST", "/crawlers", "{\"name\": \"site\", \"config\": " + config() + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            urls.add("\"" + url("/p/" + i) + "\"");
        }
        String task = client.crawler("POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": " + urls + "}")
                .requireOk()
                .body()
                .get("taskId")
                .asString();
        Eventually.waitUntil(
                "the URL crawl to end",
                () -> !client.crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                        .requireOk()
                        .body()
                        .get("pending")
                        .asBoolean(),
                Duration.ofSeconds(20));

        long written = runs.count(id, "DONE", "success");
        assertThat(written).as("records stored before the quota was reached").isPositive();
        assertThat(runs.urlsIn("docs")).as("kept in the live index").hasSize((int) written);
        assertThat(quotaRow(id, "FAILED").get("count").asLong()).isEqualTo(1);
        assertThat(quotaRow(id, "SKIPPED").get("count").asLong())
                .as("the URLs left")
                .isEqualTo(50 - written - 1);
    }

    /** {@return a batch of a few small records} */
    private static String batchOfPages(int count) {
        StringBuilder body = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < count; i++) {
            body.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"o")
                    .append(i)
                    .append("\"}}");
        }
        return body.append("]}").toString();
    }
}
