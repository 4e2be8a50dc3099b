package io.quarry.crawler;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.ExtraUrls;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.crawler.model.UrlTestRequest;
import io.quarry.crawler.model.UrlTestResult;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A host name with an underscore ({@code my_host.example}), which the web has though {@link java.net.URI} reads no
 * host in it, goes through the client and is taken by the mock server like any other.
 */
class UnderscoreHostContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String HOST = "http://my_host.example";

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @AutoClose
    private final TestSite site = new TestSite().page("/", "Home", "<a href=\"" + HOST + "/docs/a\">A</a>");

    @Test
    void aConfigurationAUrlCrawlAndATestTakeIt() {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .rateLimit(2)
                .startUrls(HOST + "/", site.url() + "/")
                .exclusionPatterns(HOST + "/private/**")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("() => []"))
                        .pathsToMatch(HOST + "/docs/**", site.url() + "/**"));
        CrawlerHandle crawler =
                client.crawler(client.create("underscore", config).id());

        crawler.waitForTask(
                crawler.crawlUrls(
                                CrawlUrlsRequest.of(List.of(HOST + "/docs/new")).extraUrls(ExtraUrls.SAVE))
                        .taskId(),
                FAST);
        UrlTestResult page = crawler.test(UrlTestRequest.of(site.url() + "/"));
        UrlTestResult elsewhere = crawler.test(UrlTestRequest.of(HOST + "/docs/a"));

        assertThat(crawler.get().config().values()).containsEntry("extraUrls", List.of(HOST + "/docs/new"));
        assertThat(page.links()).containsExactly(HOST + "/docs/a");
        assertThat(elsewhere.error()).as("neither loopback nor allowed").containsEntry("code", "host_not_allowed");
    }
}
