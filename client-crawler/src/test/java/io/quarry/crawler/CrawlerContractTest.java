package io.quarry.crawler;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.ForbiddenException;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.LogLevel;
import io.quarry.core.UnauthorizedException;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerListPage;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.CrawlerSummary;
import io.quarry.crawler.model.CrawlerUpdate;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.crawler.model.UrlTestRequest;
import io.quarry.crawler.model.UrlTestResult;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every crawler endpoint through the client against the mock server: shapes, flags, validation and errors. */
class CrawlerContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @AutoClose
    private final TestSite site = new TestSite()
            .page(
                    "/docs/",
                    "Docs home",
                    "<h1>Welcome</h1><a href=\"/docs/install\">Install</a><a href=\"/blog/\">Blog</a>")
            .page("/docs/install", "Install", "<h1>Install</h1><h2>Steps</h2><p>Run the installer.</p>");

    static CrawlerConfiguration config(String siteUrl) {
        return CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("crawl_")
                .startUrls(siteUrl + "/docs/")
                .member("safetyChecks", java.util.Map.of("beforeIndexPublishing", java.util.Map.of()))
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(siteUrl + "/docs/**"));
    }

    @Test
    void createsReadsAndUpdatesACrawler() {
        String id = client.create("docs", config(site.url())).id();
        assertThat(UUID.fromString(id)).isNotNull();

        Crawler crawler = client.crawler(id).get();
        assertThat(crawler.name()).isEqualTo("docs");
        assertThat(crawler.createdAt()).isBefore(Instant.now().plusSeconds(1));
        assertThat(crawler.running()).isFalse();
        assertThat(crawler.reindexing()).isFalse();
        assertThat(crawler.blocked()).isFalse();
        assertThat(crawler.blockingTaskId()).isNull();
        assertThat(crawler.lastReindexStartedAt()).isNull();
        assertThat(crawler.config().appId()).contains(MOCK.server().applicationId());
        assertThat(crawler.config().rateLimit()).hasValue(4);
        assertThat(crawler.config().startUrls()).containsExactly(site.url() + "/docs/");
        assertThat(crawler.config().get("safetyChecks")).isPresent();
        CrawlerAction action = crawler.config().actions().get(0);
        assertThat(action.indexName()).contains("docs");
        assertThat(action.pathsToMatch()).containsExactly(site.url() + "/docs/**");
        assertThat(action.recordExtractor()).hasValueSatisfying(e -> {
            assertThat(e.type()).isEqualTo("function");
            assertThat(e.source()).contains("url.href");
        });
        assertThat(crawler.toString()).doesNotContain("target-secret-key");

        // the configuration read back (unknown members included) is sent back unchanged
        CrawlerHandle handle = client.crawler(id);
        handle.waitForTask(
                handle.update(CrawlerUpdate.of()
                                .name("renamed")
                                .config(crawler.config().maxDepth(3)))
                        .taskId(),
                FAST);
        Crawler renamed = handle.get();
        assertThat(renamed.name()).isEqualTo("renamed");
        assertThat(renamed.config().maxDepth()).hasValue(3);
        assertThat(renamed.config().get("safetyChecks"))
                .isEqualTo(crawler.config().get("safetyChecks"));

        handle.waitForTask(
                handle.updateConfig(CrawlerConfiguration.of().rateLimit(9)).taskId(), FAST);
        Crawler patched = handle.get();
        assertThat(patched.config().rateLimit()).hasValue(9);
        assertThat(patched.config().maxDepth()).hasValue(3);
        assertThat(patched.updatedAt()).isAfterOrEqualTo(crawler.updatedAt());
    }

    @Test
    void refusesInvalidConfigurationsAndNames() {
        CrawlerConfiguration good = config(site.url());
        assertThatThrownBy(() -> client.create("x".repeat(65), good))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("64");
        assertThatThrownBy(() -> client.create("c", good.member("appId", null)))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("appId");
        assertThatThrownBy(() -> client.create("c", good.rateLimit(101)))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("rateLimit");
        assertThatThrownBy(() -> client.create("c", good.actions(List.of())))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("actions");
        CrawlerAction noExtractor = CrawlerAction.of(java.util.Map.of("indexName", "docs"));
        assertThatThrownBy(() -> client.create("c", good.actions(noExtractor)))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("recordExtractor");
        List<CrawlerAction> tooMany = IntStream.range(0, 31)
                .mapToObj(i -> CrawlerAction.of("i" + i, RecordExtractor.function("() => []")))
                .toList();
        assertThatThrownBy(() -> client.create("c", good.actions(tooMany))).isInstanceOf(BadRequestException.class);

        String id = client.create("c", good).id();
        assertThatThrownBy(() -> client.crawler(id)
                        .updateConfig(CrawlerConfiguration.of().rateLimit(0)))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void anUnknownCrawlerIsForbiddenAndWrongCredentialsUnauthorized() {
        assertThatThrownBy(() -> client.crawler(UUID.randomUUID().toString()).get())
                .isInstanceOf(ForbiddenException.class);
        ClientConfig wrong = ClientConfig.builder(
                        Credentials.basic(MOCK.server().crawlerUserId(), "wrong-key"))
                .hosts(Host.of(MOCK.server().url()).withBasePath("/api/1"))
                .logLevel(LogLevel.NONE)
                .build();
        try (CrawlerClient intruder = CrawlerClient.create(wrong)) {
            assertThatThrownBy(() -> intruder.listPage(CrawlerListQuery.of()))
                    .isInstanceOf(UnauthorizedException.class)
                    .hasMessageNotContaining("wrong-key");
        }
    }

    @Test
    void listsCrawlersPageByPageAndLazily() {
        for (int i = 0; i < 5; i++) {
            client.create("crawler-" + i, config(site.url()));
        }
        client.create("other-app", config(site.url()).appId("OTHERAPP"));

        CrawlerListPage first = client.listPage(CrawlerListQuery.of().itemsPerPage(2));
        assertThat(first.items()).extracting(CrawlerSummary::name).containsExactly("crawler-0", "crawler-1");
        assertThat(first.total()).isEqualTo(6);
        assertThat(first.page()).isEqualTo(1);
        assertThat(first.itemsPerPage()).isEqualTo(2);

        assertThat(client.browse(CrawlerListQuery.of().itemsPerPage(2)).toList())
                .hasSize(6);
        assertThat(client.browseAsync(CrawlerListQuery.of().itemsPerPage(4)).join())
                .hasSize(6);
        assertThat(client.browse(CrawlerListQuery.of().name("crawler-3")).toList())
                .extracting(CrawlerSummary::name)
                .containsExactly("crawler-3");
        assertThat(client.browse(CrawlerListQuery.of().appId("OTHERAPP")).toList())
                .extracting(CrawlerSummary::name)
                .containsExactly("other-app");
    }

    @Test
    void runAndPauseFlipRunning() {
        CrawlerHandle crawler =
                client.crawler(client.create("docs", config(site.url())).id());

        crawler.waitForTask(crawler.run().taskId(), FAST);
        assertThat(crawler.get().running()).isTrue();
        crawler.waitForTask(crawler.pauseAsync().join().taskId(), FAST);
        assertThat(crawler.get().running()).isFalse();
    }

    @Test
    void testsAUrlWithoutWritingAnything() {
        CrawlerHandle crawler =
                client.crawler(client.create("docs", config(site.url())).id());

        UrlTestResult result = crawler.test(UrlTestRequest.of(site.url() + "/docs/install"));

        assertThat(result.failed()).isFalse();
        assertThat(result.startDate()).isNotNull();
        assertThat(result.endDate()).isAfterOrEqualTo(result.startDate());
        assertThat(result.logs()).isNotEmpty();
        assertThat(result.records()).singleElement().satisfies(index -> {
            assertThat(index.indexName()).isEqualTo("crawl_docs");
            assertThat(index.records()).singleElement().satisfies(record -> {
                assertThat(record).containsEntry("title", "Install").containsEntry("url", site.url() + "/docs/install");
                assertThat(record.get("content").toString()).contains("Run the installer.");
            });
            assertThat(index.recordsPerExtractor())
                    .singleElement()
                    .satisfies(e -> assertThat(e.index()).isZero());
        });
        assertThat(crawler.test(UrlTestRequest.of(site.url() + "/docs/")).links())
                .contains(site.url() + "/docs/install", site.url() + "/blog/");

        // an override narrows the actions' paths for this test only: the page is no longer extracted
        UrlTestResult narrowed = crawler.test(UrlTestRequest.of(site.url() + "/docs/install")
                .overriding(CrawlerConfiguration.of()
                        .actions(CrawlerAction.of("docs", RecordExtractor.function("() => []"))
                                .pathsToMatch(site.url() + "/elsewhere/**"))));
        assertThat(narrowed.records()).isEmpty();
        assertThat(crawler.test(UrlTestRequest.of(site.url() + "/missing")).failed())
                .isTrue();
        assertThat(crawler.urlStatistics().count()).isZero();
    }

    @Test
    void aPageTheCrawlerWillNotReadIsAResultOfTheTestNotAnException() {
        // 12,000 sibling divs: "p ~ div" would walk back along all of them from each, more than a page may take
        site.page("/docs/crowded", "Crowded", "<a href=\"/docs/install\">Install</a>" + "<div></div>".repeat(12_000));
        CrawlerHandle crawler =
                client.crawler(client.create("docs", config(site.url())).id());

        UrlTestResult result = crawler.test(UrlTestRequest.of(site.url() + "/docs/crowded")
                .overriding(CrawlerConfiguration.of()
                        .actions(CrawlerAction.of("docs", RecordExtractor.function("() => []"))
                                .selectorsToMatch("p ~ div"))));

        assertThat(result.failed()).isTrue();
        assertThat(result.error()).containsEntry("code", "selectors_too_costly");
        assertThat(result.error().get("message").toString()).contains("p ~ div");
        assertThat(result.records()).isEmpty();
        assertThat(result.links()).as("a crawl follows its links still").contains(site.url() + "/docs/install");
    }

    @Test
    void crawlingUrlsRefusesMoreThanFiftyBeforeSending() {
        List<String> urls =
                IntStream.range(0, 51).mapToObj(i -> site.url() + "/docs/" + i).toList();

        assertThatThrownBy(() -> CrawlUrlsRequest.of(urls))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("50");
        assertThatThrownBy(() -> CrawlUrlsRequest.of(List.of())).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void cancellingATaskThatDoesNotBlockIsRefused() {
        CrawlerHandle crawler =
                client.crawler(client.create("docs", config(site.url())).id());
        String task = crawler.run().taskId();

        assertThat(crawler.task(task).pending()).isFalse();
        assertThatThrownBy(() -> crawler.cancelTask(task))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("not blocking");
        assertThat(crawler.unblock()).isEmpty();
    }
}
