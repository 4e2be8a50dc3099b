package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A reindex stopped (by a reset, or a reindex restarting it) reads no further sitemap: one of many slow sitemaps
 * held a crawl thread for every sitemap left, and the mock server has two.
 */
class CrawlerStoppedSitemapsHttpTest {

    private static final int SITEMAPS = 20;

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);
    /** Each sitemap request waits for a permit the test hands out. */
    private final Semaphore answers = new Semaphore(0);
    /** How many sitemap requests arrived. */
    private final Semaphore arrived = new Semaphore(0);

    private final ExecutorService siteThreads = Executors.newCachedThreadPool();
    private final HttpServer site = slowSite();
    private int crawlers;

    @AfterEach
    void stop() {
        answers.release(1000);
        server.close();
        site.stop(0);
        siteThreads.shutdownNow();
    }

    private HttpServer slowSite() {
        return LoopbackSite.start(siteThreads, exchange -> {
            arrived.release();
            answers.acquireUninterruptibly();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
    }

    private Reply crawler(String method, String path, String json) {
        return client.crawler(method, path, json);
    }

    /** Reindexes a new crawler, into an index of its own: reindexes of one index would take turns. */
    private String reindex(String sitemaps) {
        String config = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'sitemaps': " + sitemaps + ", 'actions':"
                + " [{'indexName': 'docs" + (++crawlers) + "', 'recordExtractor': {'__type': 'function', 'source':"
                + " '() => []'}}]}");
        String id = crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        String task = crawler("POST", "/crawlers/" + id + "/reindex", null)
                .requireOk()
                .body()
                .get("taskId")
                .asString();
        return "/crawlers/" + id + "/tasks/" + task;
    }

    @Test
    void aResetStopsReadingSitemaps() throws InterruptedException {
        String sitemaps = IntStream.range(0, SITEMAPS)
                .mapToObj(i -> "'http://127.0.0.1:" + site.getAddress().getPort() + "/sitemap-" + i + ".xml'")
                .collect(Collectors.joining(",", "[", "]"));
        reindex(sitemaps);
        reindex(sitemaps);
        arrived.acquire(2); // both crawl threads wait for a sitemap

        assertThat(new TestClient(server).post("/_mock/reset", null).status()).isEqualTo(200);
        answers.release(2);

        String next = reindex("[]");
        Eventually.waitUntil(
                "a reindex after the reset to run and end",
                () -> !crawler("GET", next, null).body().get("pending").asBoolean());
        assertThat(arrived.availablePermits())
                .as("no sitemap read after the reset")
                .isZero();
    }
}
