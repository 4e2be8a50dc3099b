package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A reindex or URL crawl refused because the mock server's crawls are all busy (429) changes nothing: the reindex it
 * would have restarted goes on, and the URLs are not saved.
 */
class CrawlerBusyPoolHttpTest {

    /** Running plus waiting crawls a server takes: past them a crawl is a 429. */
    private static final int MOST_CRAWLS = 2 + 256;

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);
    /** A site that takes connections and never answers: each fetch of it holds a crawl thread. */
    private final ServerSocket silentSite = silentSite();

    @AfterEach
    void stop() throws IOException {
        server.close();
        silentSite.close();
    }

    private static ServerSocket silentSite() {
        try {
            return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Reply crawler(String method, String path) {
        return crawler(method, path, null);
    }

    private Reply crawler(String method, String path, String json) {
        String token = Base64.getEncoder()
                .encodeToString(
                        (server.crawlerUserId() + ":" + server.crawlerApiKey()).getBytes(StandardCharsets.UTF_8));
        String body = path.equals("/crawlers")
                ? jq("{'name': 'busy', 'config': {'appId': 'QUARRYMOCK', 'rateLimit': 2, 'startUrls':"
                        + " ['http://127.0.0.1:" + silentSite.getLocalPort() + "/'], 'actions': [{'indexName': 'docs',"
                        + " 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}}")
                : json;
        return client.send(client.request(method, "/api/1" + path, body)
                .header("Authorization", "Basic " + token)
                .build());
    }

    @Test
    void aRefusedReindexOrUrlCrawlChangesNothing() {
        String id = crawler("POST", "/crawlers").body().get("id").asString();
        String accepted = null;
        Reply refused = null;
        // each reindex restarts the last, but every one takes a place in the pool until it runs
        for (int i = 0; i <= 4 * MOST_CRAWLS && refused == null; i++) {
            Reply reply = crawler("POST", "/crawlers/" + id + "/reindex");
            if (reply.status() == 429) {
                refused = reply;
            } else {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
                accepted = reply.body().get("taskId").asString();
            }
        }

        assertThat(refused).as("the pool filled up").isNotNull();
        assertThat(refused.body().get("message").asString()).contains("Too many crawls");
        assertThat(crawler("GET", "/crawlers/" + id + "/tasks/" + accepted)
                        .body()
                        .get("pending")
                        .asBoolean())
                .as("the last reindex taken still waits to run")
                .isTrue();
        assertThat(crawler("GET", "/crawlers/" + id).body().get("reindexing").asBoolean())
                .isTrue();

        String url = "http://127.0.0.1:" + silentSite.getLocalPort() + "/new";
        Reply crawl = crawler("POST", "/crawlers/" + id + "/urls/crawl", jq("{'urls': ['" + url + "'], 'save': true}"));
        assertThat(crawl.status()).as(crawl.toString()).isEqualTo(429);
        assertThat(crawler("GET", "/crawlers/" + id + "?withConfig=true")
                        .body()
                        .get("config")
                        .has("extraUrls"))
                .as("a refused URL crawl saves no URL")
                .isFalse();
    }
}
