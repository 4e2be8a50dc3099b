package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A crawl runs on the crawler's threads, which a reset does not wait for, and the reset stops the crawler only after
 * erasing the indices. A crawl's record write, or a reindex's publish, stopped as it was about to lock its index
 * while a reset ran, once landed after the erasure: the index was back after the reset. Such a write is now
 * refused, and the index stays gone.
 */
@Timeout(120)
class ResetDuringCrawlTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final HttpServer site = LoopbackSite.start(
            null, exchange -> LoopbackSite.html(exchange, 200, "<html><body><h1>Crawled</h1></body></html>"));
    private final TestClient crawlerClient = new TestClient(MOCK.server(), null, null);
    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @AfterEach
    void stopSite() {
        site.stop(0);
    }

    @Test
    void aUrlCrawlsRecordWriteOverlappingAResetLeavesNoIndexBehind() throws Exception {
        String id = crawlerInto("reset-crawl");
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "reset-crawl")) {
            crawlerClient
                    .crawler("POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": [\"" + pageUrl() + "\"]}")
                    .requireOk();
            stop.awaitStopped();
            // the write holds the crawler's lock, which the reset takes to stop the crawler once the indices are gone
            resetReleasing(stop, "reset-crawl");
        }
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
    }

    @Test
    void aReindexsPublishOverlappingAResetLeavesNoIndexBehind() throws Exception {
        String id = crawlerInto("reset-live");
        // the publish is the only write naming the live index
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "reset-live")) {
            crawlerClient.crawler("POST", "/crawlers/" + id + "/reindex", null).requireOk();
            stop.awaitStopped();
            resetReleasing(stop, "reset-live");
        }
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
    }

    /**
     * Resets, lets the stopped write go once the reset has ended or waits for the crawler's lock, and waits for the
     * write to end: the write creates the index again (and, refused, removes it), and then lets it go.
     */
    private void resetReleasing(StoppedWrite stop, String index) throws InterruptedException {
        CountDownLatch created = new CountDownLatch(1);
        app.interleaving((point, name) -> {
            if (point == Interleaving.Point.INDEX_PUBLISHED && name.equals(index)) {
                created.countDown();
            }
        });
        CompletableFuture<Void> reset = new CompletableFuture<>();
        Thread resetting = new Thread(() -> {
            MOCK.server().reset();
            reset.complete(null);
        });
        resetting.start();
        Eventually.waitUntil(
                "the reset to end, or to wait for the crawler",
                () -> reset.isDone() || resetting.getState() == Thread.State.BLOCKED,
                Duration.ofSeconds(40));
        stop.release();
        reset.join();
        assertThat(created.await(20, TimeUnit.SECONDS))
                .as("the released write creates " + index)
                .isTrue();
        Eventually.waitUntil(
                "the released write to end",
                () -> app.find(index) == null || !app.find(index).lock().isLocked(),
                Duration.ofSeconds(60));
    }

    private String pageUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort() + "/page";
    }

    private String crawlerInto(String index) {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 100, \"startUrls\": [\"" + pageUrl() + "\"],"
                + " \"actions\": [{\"indexName\": \"" + index + "\","
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        return crawlerClient
                .crawler("POST", "/crawlers", "{\"name\": \"site\", \"config\": " + config + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
    }
}
