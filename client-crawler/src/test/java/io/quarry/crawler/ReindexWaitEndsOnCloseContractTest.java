package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Closing the crawler client ends {@code reindexAndWait} while it sleeps between two polls of a reindex that is still
 * running, with a {@link ClientClosedException}, blocking and async. The async form starts its wait once the reindex
 * has answered, on the thread that read the answer: before, that wait missed the close and slept out its delay. The
 * site answers no request until the test ends, so the reindex stays pending; the delays are ten minutes, so a wait
 * that is not woken outlives the hang guard by far.
 */
@Timeout(120)
class ReindexWaitEndsOnCloseContractTest {

    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);
    /** Only against a hang: the wait ends as soon as the client closes. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);
    /** Each held page is a fetch running to its timeout: the reindex stays pending for all of them in a row. */
    private static final int HELD_PAGES = 12;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestSite site = new TestSite().holdRequests();
    private final RecordingObserver observer = new RecordingObserver();
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
            .callObserver(observer)
            .build());

    @AfterEach
    void close() {
        client.close();
        site.close();
    }

    @Test
    void closingTheClientEndsABlockingReindexWait() throws Exception {
        CrawlerHandle crawler = newCrawler("docs-blocking");
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                crawler.reindexAndWait(TEN_MINUTES);
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        waiter.setDaemon(true); // a waiter left asleep must not hold the JVM open
        waiter.start();
        Eventually.waitUntil(
                "the waiter sleeps after its first poll",
                () -> firstPollAnswered() && waiter.getState() == Thread.State.TIMED_WAITING);

        client.close();

        waiter.join(HANG_GUARD.toMillis());
        assertThat(waiter.isAlive()).as("the waiter slept on after close()").isFalse();
        assertThat(ended.get())
                .isInstanceOf(ClientClosedException.class)
                .hasMessageStartingWith("the client was closed while waiting for crawler reindex");
        assertThat(observer.calls("task")).as("the polls made").hasSize(1);
    }

    @Test
    void closingTheClientEndsAnAsyncReindexWait() throws Exception {
        CompletableFuture<Crawler> wait = newCrawler("docs-async").reindexAndWaitAsync(TEN_MINUTES);
        Eventually.waitUntil("the first poll was answered", this::firstPollAnswered);

        client.close();

        Throwable error;
        try {
            wait.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
            error = null;
        } catch (ExecutionException e) {
            error = e.getCause();
        }
        assertThat(error)
                .isInstanceOf(ClientClosedException.class)
                .hasMessageStartingWith("the client was closed while waiting for crawler reindex");
        assertThat(observer.calls("task")).as("the polls made").hasSize(1);
    }

    /** A poll reads the task's status, then the crawler: the first poll ended with that read. */
    private boolean firstPollAnswered() {
        return observer.calls("get").stream().anyMatch(call -> call.end() != null);
    }

    private CrawlerHandle newCrawler(String name) {
        String[] pages = IntStream.range(0, HELD_PAGES)
                .mapToObj(n -> site.url() + "/docs/" + n)
                .toArray(String[]::new);
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("closed_")
                .startUrls(pages)
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(site.url() + "/docs/**"));
        return client.crawler(client.create(name, config).id());
    }
}
