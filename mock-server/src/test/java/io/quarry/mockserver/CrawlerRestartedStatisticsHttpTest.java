package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The URL statistics after a restarted reindex are the new reindex's alone: the crawl it stopped no longer counts
 * the URLs it had queued, nor any URL it finished after the restart.
 */
class CrawlerRestartedStatisticsHttpTest {

    private static final int LINKS = 30;

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);
    /** Each fetch of the first linked page waits for a permit the test hands out. */
    private final Semaphore gate = new Semaphore(0);

    private final Semaphore gateReached = new Semaphore(0);
    private final ExecutorService siteThreads = Executors.newCachedThreadPool();
    private final HttpServer site = site();

    @AfterEach
    void stop() {
        gate.release(1000);
        server.close();
        site.stop(0);
        siteThreads.shutdownNow();
    }

    /** {@code /docs/} links {@value #LINKS} pages; {@code /docs/0} answers once the test lets it. */
    private HttpServer site() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.setExecutor(siteThreads);
            http.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                if (path.equals("/docs/0")) {
                    gateReached.release();
                    gate.acquireUninterruptibly();
                }
                String links = path.equals("/docs/")
                        ? IntStream.range(0, LINKS)
                                .mapToObj(i -> "<a href='/docs/" + i + "'>" + i + "</a>")
                                .collect(Collectors.joining())
                        : "";
                byte[] body = ("<html><head><title>t</title></head><body><h1>" + path + "</h1>" + links
                                + "</body></html>")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            http.start();
            return http;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Reply crawler(String method, String path, String json) {
        String token = Base64.getEncoder()
                .encodeToString(
                        (server.crawlerUserId() + ":" + server.crawlerApiKey()).getBytes(StandardCharsets.UTF_8));
        return client.send(client.request(method, "/api/1" + path, json)
                .header("Authorization", "Basic " + token)
                .build());
    }

    private String reindex(String id) {
        return crawler("POST", "/crawlers/" + id + "/reindex", null)
                .requireOk()
                .body()
                .get("taskId")
                .asString();
    }

    @Test
    void aRestartedReindexCountsItsOwnUrlsOnly() throws InterruptedException {
        String siteUrl = "http://127.0.0.1:" + site.getAddress().getPort();
        String config = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'startUrls': ['" + siteUrl + "/docs/'], 'actions':"
                + " [{'indexName': 'docs', 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");
        String id = crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        reindex(id);
        gateReached.acquire(); // the first reindex waits for /docs/0, the other links queued

        String restarted = reindex(id);
        gate.release(1000);
        Eventually.waitUntil(
                "the restarted reindex to end",
                () -> !crawler("GET", "/crawlers/" + id + "/tasks/" + restarted, null)
                        .body()
                        .get("pending")
                        .asBoolean());

        JsonNode stats = crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();
        assertThat(stats.get("count").asLong())
                .as("the site's pages once each: " + stats)
                .isEqualTo(LINKS + 1);
        assertThat(stats.toString()).doesNotContain("cancelled");
    }
}
