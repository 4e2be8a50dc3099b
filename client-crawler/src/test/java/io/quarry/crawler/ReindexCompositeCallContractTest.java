package io.quarry.crawler;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A reindex and its wait show to a call observer as one {@code reindexAndWait} call holding every call made. */
class ReindexCompositeCallContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final RecordingObserver observer = new RecordingObserver();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
            .callObserver(observer)
            .build());

    @AutoClose
    private final TestSite site = new TestSite().page("/docs/", "Docs home", "<h1>Welcome</h1>");

    private CrawlerHandle newCrawler() {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("parents_")
                .startUrls(site.url() + "/docs/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(site.url() + "/docs/**"));
        return client.crawler(client.create("docs", config).id());
    }

    @Test
    void reindexAndWaitHoldsTheReindexAndItsPolls() {
        newCrawler().reindexAndWait(FAST);

        assertThat(observer.calls("reindexAndWait")).hasSize(1);
        RecordingObserver.Call wait = observer.calls("reindexAndWait").get(0);
        assertThat(wait.description().isComposite()).isTrue();
        assertThat(wait.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(wait))
                .startsWith("reindex", "task")
                .endsWith("get")
                .containsOnly("reindex", "task", "get");
        assertThat(observer.calls("reindex")).allMatch(c -> c.description().parent() == wait);
    }

    @Test
    void reindexAndWaitAsyncHoldsTheReindexAndItsPolls() {
        newCrawler().reindexAndWaitAsync(FAST).join();

        RecordingObserver.Call wait = observer.calls("reindexAndWait").get(0);
        assertThat(wait.awaitEnd(Duration.ofSeconds(5)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(wait))
                .startsWith("reindex", "task")
                .endsWith("get")
                .containsOnly("reindex", "task", "get");
    }
}
