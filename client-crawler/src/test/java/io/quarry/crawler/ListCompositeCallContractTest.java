package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.PagedIterable;
import io.quarry.core.UnauthorizedException;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.CrawlerSummary;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lazy crawler listing shows to a call observer as one {@code browseCrawlers} call per iteration holding its
 * {@code listPage} calls, against the mock server.
 */
@Timeout(60)
class ListCompositeCallContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final RecordingObserver observer = new RecordingObserver();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
            .callObserver(observer)
            .build());

    /** Five crawlers: three pages of two. */
    @BeforeEach
    void crawlers() {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .startUrls("http://127.0.0.1:9/docs/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch("http://127.0.0.1:9/docs/**"));
        for (int i = 0; i < 5; i++) {
            client.create("crawler-" + i, config);
        }
    }

    @Test
    void aFullIterationIsOneCallHoldingItsPages() {
        List<CrawlerSummary> crawlers =
                client.browse(CrawlerListQuery.of().itemsPerPage(2)).toList();

        assertThat(crawlers).hasSize(5);
        assertThat(observer.calls("browseCrawlers")).hasSize(1);
        RecordingObserver.Call list = observer.calls("browseCrawlers").get(0);
        assertThat(list.description().isComposite()).isTrue();
        assertThat(list.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(list.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(list)).containsExactly("listPage", "listPage", "listPage");
        assertThat(observer.calls("listPage")).allMatch(c -> c.description().parent() == list);
    }

    @Test
    void anIterationStoppedEarlyEndsWhenItsStreamIsClosed() {
        PagedIterable<CrawlerSummary> all = client.browse(CrawlerListQuery.of().itemsPerPage(2));

        RecordingObserver.Call list;
        try (Stream<CrawlerSummary> crawlers = all.stream()) {
            assertThat(crawlers.limit(3).toList()).hasSize(3);
            list = observer.calls("browseCrawlers").get(0);
            assertThat(list.end()).isNull();
        }

        assertThat(list.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(list.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(list)).containsExactly("listPage", "listPage");
    }

    @Test
    void theAsyncFormHoldsItsPagesAndEndsInTheCallersContext() {
        RecordingObserver.CONTEXT.set("caller");
        try {
            String seen = client.browseAsync(CrawlerListQuery.of().itemsPerPage(2))
                    .thenApply(crawlers -> crawlers.size() + " " + RecordingObserver.CONTEXT.get())
                    .join();
            assertThat(seen).isEqualTo("5 caller");
        } finally {
            RecordingObserver.CONTEXT.remove();
        }

        RecordingObserver.Call list = observer.calls("browseCrawlers").get(0);
        assertThat(list.awaitEnd(Duration.ofSeconds(10)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(list)).containsExactly("listPage", "listPage", "listPage");
    }

    @Test
    void aFailedPageEndsTheCallWithItsError() {
        ClientConfig wrongKey = ClientConfig.builder(
                        Credentials.basic(MOCK.server().crawlerUserId(), "wrong-key"))
                .hosts(Host.of(MOCK.server().url()).withBasePath("/api/1"))
                .logLevel(LogLevel.NONE)
                .callObserver(observer)
                .build();
        try (CrawlerClient intruder = CrawlerClient.create(wrongKey)) {
            PagedIterable<CrawlerSummary> all = intruder.browse(CrawlerListQuery.of());

            assertThatThrownBy(() -> all.iterator().hasNext()).isInstanceOf(UnauthorizedException.class);
        }

        RecordingObserver.Call list = observer.calls("browseCrawlers").get(0);
        assertThat(list.end().outcome()).isEqualTo(CallEnd.Outcome.FAILURE);
        assertThat(list.end().error()).isInstanceOf(UnauthorizedException.class);
        assertThat(observer.operationsInside(list)).containsExactly("listPage");
    }
}
