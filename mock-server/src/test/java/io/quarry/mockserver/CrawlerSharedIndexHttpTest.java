package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Crawlers writing one index: two may write one live index, their reindexes taking turns, so each publishes its
 * own records whole; none may write another's temporary index ({@code docs} and {@code docs.tmp}), prefix
 * included, on creation and on every change, nor one the other's reindex still fills.
 */
class CrawlerSharedIndexHttpTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch releaseLater = new CountDownLatch(1);
    private final AtomicInteger waiting = new AtomicInteger();
    private final Set<String> requested = ConcurrentHashMap.newKeySet();
    private final ExecutorService siteThreads = Executors.newCachedThreadPool();
    /** {@code /slow/} answers once released, {@code /slower/} once released later; every page links nowhere. */
    private final HttpServer site = LoopbackSite.start(siteThreads, exchange -> {
        String path = exchange.getRequestURI().getPath();
        requested.add(path);
        if (path.startsWith("/slow/") || path.startsWith("/slower/")) {
            waiting.incrementAndGet();
            try {
                (path.startsWith("/slow/") ? release : releaseLater).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LoopbackSite.html(exchange, 200, "<html><title>t</title></html>");
    });

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server);
    private final CrawlerRuns runs = new CrawlerRuns(client);

    @AfterEach
    void stop() {
        release.countDown();
        releaseLater.countDown();
        server.close();
        site.stop(0);
        siteThreads.shutdownNow();
    }

    private String config(String prefix, String indexName, String startPath) {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"indexPrefix\": \"" + prefix + "\","
                + " \"startUrls\": [\"" + url(startPath) + "\"], \"actions\": [{\"indexName\": \"" + indexName
                + "\", \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    private Reply create(String config) {
        return client.crawler("POST", "/crawlers", "{\"name\": \"n\", \"config\": " + config + "}");
    }

    private String created(String config) {
        return create(config).requireOk().body().get("id").asString();
    }

    private String reindex(String id) {
        return client.crawler("POST", "/crawlers/" + id + "/reindex", null)
                .requireOk()
                .body()
                .get("taskId")
                .asString();
    }

    private boolean pending(String id, String task) {
        return client.crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                .requireOk()
                .body()
                .get("pending")
                .asBoolean();
    }

    @Test
    void aConfigurationWritingAnotherCrawlersTemporaryIndexIsRefused() {
        String docs = created(config("", "docs", "/"));
        String dotted = created(config("", "x.tmp", "/"));

        assertThat(create(config("", "docs", "/")).status())
                .as("one live index, shared")
                .isEqualTo(200);
        for (String[] clash : new String[][] {{"", "docs.tmp", docs}, {"docs", ".tmp", docs}, {"", "x", dotted}}) {
            Reply refused = create(config(clash[0], clash[1], "/"));
            assertThat(refused.status())
                    .as(clash[0] + clash[1] + ": " + refused)
                    .isEqualTo(400);
            assertThat(refused.body().get("message").asString()).contains("config.actions[0].indexName", clash[2]);
        }
        String other = created(config("", "other", "/"));
        Reply patched = client.crawler(
                "PATCH", "/crawlers/" + other, "{\"name\": \"renamed\", \"config\": " + config("", "x", "/") + "}");
        Reply configPatched =
                client.crawler("PATCH", "/crawlers/" + other + "/config", "{\"indexPrefix\": \"docs.tmp\"}");
        Reply own = client.crawler("PATCH", "/crawlers/" + docs + "/config", "{\"maxDepth\": 3}");

        assertThat(patched.status()).as(patched.toString()).isEqualTo(400);
        assertThat(configPatched.status())
                .as("docs.tmp + other is free: " + configPatched)
                .isEqualTo(200);
        assertThat(client.crawler("PATCH", "/crawlers/" + other + "/config", "{\"indexPrefix\": \"docs.\"}")
                        .status())
                .as("docs. + other is no temporary index")
                .isEqualTo(200);
        assertThat(own.status()).as("a crawler's own indices are its own").isEqualTo(200);
        Reply read = client.crawler("GET", "/crawlers/" + other, null);
        assertThat(read.body().get("name").asString())
                .as("a refused change changes nothing")
                .isEqualTo("n");
    }

    @Test
    void reindexesOfOneIndexTakeTurnsSoTheLastPublishesItsRecordsWhole() throws InterruptedException {
        String first = created(config("", "docs", "/slow/"));
        String second = created(config("", "docs", "/fast/"));
        String firstTask = reindex(first);
        Eventually.waitUntil("the first reindex to fetch its page", () -> waiting.get() == 1);
        String secondTask = reindex(second);
        // the first crawler's configuration moves on, but its reindex still fills docs.tmp
        client.crawler("PATCH", "/crawlers/" + first + "/config", "{\"indexPrefix\": \"moved_\"}")
                .requireOk();
        assertThat(create(config("", "docs.tmp", "/")).status()).isEqualTo(400);

        release.countDown();
        Eventually.waitUntil("both reindexes to end", () -> !pending(first, firstTask) && !pending(second, secondTask));

        assertThat(runs.urlsIn("docs")).containsExactly(url("/fast/"));
        assertThat(runs.urlsIn("docs.tmp")).isEmpty();
        assertThat(create(config("", "moved_docs.tmp", "/")).status())
                .as("the first crawler's new index")
                .isEqualTo(400);
    }

    /**
     * A URL crawl of a crawler whose reindex waits for another crawler's to publish the shared index: its records
     * wait too, and go into the temporary index once its own reindex fills it, not into the other's.
     */
    @Test
    void aUrlCrawlQueuedBehindAnotherCrawlersReindexWaitsItsTurn() throws InterruptedException {
        String first = created(config("", "docs", "/slower/"));
        String second = created(config("", "docs", "/fast/"));
        String firstTask = reindex(first);
        Eventually.waitUntil("the first reindex to fetch its page", () -> waiting.get() == 1);
        String urlTask = client.crawler(
                        "POST",
                        "/crawlers/" + second + "/urls/crawl",
                        "{\"urls\": [\"" + url("/slow/u") + "\", \"" + url("/next") + "\"]}")
                .requireOk()
                .body()
                .get("taskId")
                .asString();
        Eventually.waitUntil("the URL crawl to fetch its first page", () -> waiting.get() == 2);
        String secondTask = reindex(second);

        release.countDown();
        Eventually.waitUntil("the URL crawl to be done with its first page", () -> requested.contains("/next"));
        assertThat(runs.urlsIn("docs.tmp"))
                .as("the first crawler's reindex fills docs.tmp")
                .doesNotContain(url("/slow/u"));
        assertThat(pending(second, urlTask))
                .as("its records wait for the second reindex")
                .isTrue();

        releaseLater.countDown();
        Eventually.waitUntil(
                "every crawl to end",
                () -> !pending(first, firstTask) && !pending(second, secondTask) && !pending(second, urlTask));
        assertThat(runs.urlsIn("docs"))
                .as("the second reindex publishes the URL crawl's records with its own")
                .containsExactlyInAnyOrder(url("/fast/"), url("/slow/u"), url("/next"));
    }
}
