package io.quarry.crawler;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.crawler.model.UrlTestRequest;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to the crawler calls: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    /** Sets the crawler up against the mock server itself. */
    @AutoClose
    private final CrawlerClient direct = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)).withBasePath("/api/1"))
            .build());

    @AutoClose
    private final TestSite site = new TestSite()
            .page("/docs/", "Docs home", "<h1>Welcome</h1><a href=\"/docs/install\">Install</a>")
            .page("/docs/install", "Install", "<h1>Install</h1><p>Run the installer.</p>");

    private CrawlerConfiguration config() {
        return CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("crawl_")
                .startUrls(site.url() + "/docs/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(site.url() + "/docs/**"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        String id = direct.create("docs", config()).id();
        String taskId = direct.crawler(id).pause().taskId();
        CrawlerHandle crawler = client.crawler(id);

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("create", () -> client.create("other", config()))
                .call("get", crawler::get)
                .call("listPage", () -> client.listPage(CrawlerListQuery.of()))
                .call("browse", () -> client.browse(CrawlerListQuery.of()).toList())
                .call("urlStatistics", crawler::urlStatistics)
                .call("test", () -> crawler.test(UrlTestRequest.of(site.url() + "/docs/install")))
                .call("crawlUrls", () -> crawler.crawlUrls(CrawlUrlsRequest.of(List.of(site.url() + "/docs/"))))
                .call("task", () -> crawler.task(taskId))
                .call("unblock", crawler::unblock)
                .call("getAsync", () -> crawler.getAsync().join())
                // a configuration is a free-form map; a test's records are the extractor's
                .untyped("$.config", "$.records[*].records[*]", "$.records[*].recordsPerExtractor[*].records[*]")
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
