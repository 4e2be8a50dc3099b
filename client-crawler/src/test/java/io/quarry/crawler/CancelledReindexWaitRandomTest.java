package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code reindexAndWaitAsync} cancelled while one of its polls (the task's status, or the crawler read after it) is
 * held in flight by the mock server, at seeded random: the future is cancelled at once, the held call ends then
 * rather than with its late answer, no later poll is made, and each observed call ends once. Before, the polls went
 * on after the cancel. {@code unblockAsync} likewise, cancelled while its read of the crawler is held.
 */
@Timeout(20)
class CancelledReindexWaitRandomTest {

    private static final long SEED = 20_261_131L;
    private static final int CASES = 2;
    /**
     * Far longer than a case waits for the ends, so an end that comes only with the late answer fails it; the
     * case's client waits longer still ({@link #LATE}), so no timeout ends a held call that the cancel left running.
     */
    private static final Duration HELD = Duration.ofSeconds(60);

    /** The read and write timeouts of a case's client: past {@link #HELD}. */
    private static final Duration LATE = HELD.multipliedBy(2);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final TestSite site = new TestSite().page("/docs/", "Docs home", "<h1>Welcome</h1>");

    @Test
    void aCancelledReindexWaitStopsAtThePollInFlight() throws Exception {
        Random random = new Random(SEED);
        for (int n = 0; n < CASES; n++) {
            // the task's status, or the crawler read that follows it within one poll
            boolean holdTask = n % 2 == 0;
            boolean mayInterrupt = random.nextBoolean();
            String what = "case " + n + " (seed " + SEED + "): " + (holdTask ? "task" : "get") + " held, cancel("
                    + mayInterrupt + ")";
            RecordingObserver observer = new RecordingObserver();
            try (CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
                    .callObserver(observer)
                    .readTimeout(LATE)
                    .writeTimeout(LATE)
                    .build())) {
                CrawlerHandle crawler = newCrawler(client, "docs-" + n);
                MOCK.faults().clear();
                MOCK.faults()
                        .share(
                                1.0,
                                SEED,
                                "GET",
                                holdTask ? "/api/1/crawlers/*/tasks/*" : "/api/1/crawlers/*",
                                Fault.delay(HELD));
                String held = holdTask ? "task" : "get";
                int before = observer.calls(held).size();

                CompletableFuture<?> waited =
                        crawler.reindexAndWaitAsync(new WaitPolicy(50, Duration.ofMillis(1), Duration.ofMillis(1), 1));
                Eventually.waitUntil(
                        what + ": the held poll started",
                        () -> observer.calls(held).size() > before);
                assertThat(waited.cancel(mayInterrupt)).as(what).isTrue();

                Eventually.waitUntil(
                        what + ": every call ended, the one in flight too",
                        () -> observer.calls().stream().allMatch(c -> c.end() != null));
                MOCK.faults().clear();
                List<RecordingObserver.Call> calls = observer.calls();
                assertThat(observer.calls(held)).as(what + ": the polls made").hasSize(before + 1);
                assertThat(calls).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
            }
        }
    }

    @Test
    void aCancelledUnblockEndsItsReadInFlight() throws Exception {
        RecordingObserver observer = new RecordingObserver();
        try (CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
                .callObserver(observer)
                .readTimeout(LATE)
                .writeTimeout(LATE)
                .build())) {
            CrawlerHandle crawler = newCrawler(client, "docs-unblock");
            MOCK.faults().clear();
            MOCK.faults().share(1.0, SEED, "GET", "/api/1/crawlers/*", Fault.delay(HELD));

            CompletableFuture<?> unblocked = crawler.unblockAsync();
            Eventually.waitUntil(
                    "the read is in flight",
                    () -> observer.calls("get").stream()
                            .anyMatch(c -> !c.tryStarts().isEmpty()));
            assertThat(unblocked.cancel(true)).isTrue();

            assertThat(unblocked).isCancelled();
            Eventually.waitUntil(
                    "every call ended, the read in flight too",
                    () -> observer.calls().stream().allMatch(c -> c.end() != null));
            MOCK.faults().clear();
            assertThat(observer.calls()).as("one end per call").allMatch(c -> c.endCount() == 1);
            assertThat(observer.calls("unblock")).as("the composite call").hasSize(1);
        }
    }

    private CrawlerHandle newCrawler(CrawlerClient client, String name) {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("cancel_")
                .startUrls(site.url() + "/docs/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(site.url() + "/docs/**"));
        return client.crawler(client.create(name, config).id());
    }
}
