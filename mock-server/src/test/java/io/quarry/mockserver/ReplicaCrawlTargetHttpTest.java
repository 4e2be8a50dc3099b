package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A crawler whose action names a linked replica writes no records into it: the replica's records are its primary's,
 * and a crawl must not change the primary through it.
 */
class ReplicaCrawlTargetHttpTest {

    private final HttpServer site = page("<h1>Crawled</h1>");
    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server);
    private final TestClient crawlerClient = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    @BeforeEach
    void primaryWithAReplica() {
        client.put("/1/indexes/shop/a", jq("{'name':'apple'}")).requireOk();
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price']}"))
                .requireOk();
    }

    private static HttpServer page(String html) {
        return LoopbackSite.start(null, exchange -> {
            LoopbackSite.html(exchange, 200, "<html><body>" + html + "</body></html>");
        });
    }

    private String pageUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort() + "/page";
    }

    private Reply crawler(String method, String path, String json) {
        return crawlerClient.crawler(method, path, json);
    }

    private void runToTheEnd(String id, Reply started) throws InterruptedException {
        String task = started.requireOk().body().get("taskId").asString();
        Eventually.waitUntil(
                "the crawl to end",
                () -> !crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                        .body()
                        .get("pending")
                        .asBoolean(),
                Duration.ofSeconds(60));
    }

    private String crawlerInto(String index) {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 100, \"startUrls\": [\"" + pageUrl() + "\"],"
                + " \"actions\": [{\"indexName\": \"" + index + "\","
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        Reply created = crawler("POST", "/crawlers", "{\"name\": \"site\", \"config\": " + config + "}");
        return created.requireOk().body().get("id").asString();
    }

    private void assertPrimaryAndReplicaHoldOnlyTheirRecord() {
        for (String index : new String[] {"shop", "shop_price"}) {
            assertThat(client.post("/1/indexes/" + index + "/query", "{}").hitIds())
                    .as(index)
                    .containsExactly("a");
        }
    }

    @Test
    void aUrlCrawlWritesNothingIntoAReplica() throws InterruptedException {
        String id = crawlerInto("shop_price");
        runToTheEnd(
                id,
                crawler(
                        "POST",
                        "/crawlers/" + id + "/urls/crawl",
                        "{\"urls\": [\"" + pageUrl() + "\"], \"save\": false}"));
        assertPrimaryAndReplicaHoldOnlyTheirRecord();
    }

    @Test
    void aReindexLeavesAReplicaHoldingItsPrimarysRecords() throws InterruptedException {
        String id = crawlerInto("shop_price");
        runToTheEnd(id, crawler("POST", "/crawlers/" + id + "/reindex", null));
        assertPrimaryAndReplicaHoldOnlyTheirRecord();
    }
}
