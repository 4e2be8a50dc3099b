package io.quarry.crawler;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.quarry.core.BadRequestException;
import io.quarry.core.RateLimitException;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.ExtraUrls;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.crawler.model.UrlStatistics;
import io.quarry.crawler.model.UrlStatisticsRow;
import io.quarry.crawler.model.UrlStatus;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mock server's crawler really crawls a small site served on loopback: reindex, URL crawls, the records found
 * by a search, the index replaced by a reindex, a blocked reindex cancelled, URL statistics and the daily limit.
 */
class CrawlContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @AutoClose
    private final TestSite site = new TestSite()
            .page(
                    "/docs/",
                    "Docs home",
                    "<h1>Welcome</h1><a href=\"/docs/install\">Install</a> <a href=\"/docs/guide#top\">Guide</a>"
                            + " <a href=\"/blog/secret\">Blog</a> <a href=\"/docs/draft\">Draft</a>")
            .page("/docs/install", "Install", "<h1>Install</h1><h2>Steps</h2><p>Run the zanzibar installer.</p>")
            .page(
                    "/docs/guide",
                    "Guide",
                    "<div class=\"doc\"><h1>Guide</h1><p>Configure the quokka.</p></div>"
                            + "<a href=\"/docs/deep/er/page\">Deep</a>")
            .page("/docs/draft", "Draft", "<div class=\"draft\"><p>Unfinished wombat.</p></div>")
            .page("/docs/deep/er/page", "Deep", "<p>Too deep narwhal.</p>")
            .page("/blog/secret", "Secret", "<p>Outside platypus.</p>");

    private CrawlerConfiguration config() {
        return CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-secret-key")
                .rateLimit(4)
                .indexPrefix("crawl_")
                .maxDepth(3)
                .startUrls(site.url() + "/docs/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(site.url() + "/docs/**")
                        .selectorsToMatch("h1", "!.draft"));
    }

    @Test
    void aReindexCrawlsTheSiteIntoASearchableIndex() throws Exception {
        CrawlerHandle crawler = client.crawler(client.create("docs", config()).id());

        Crawler done = crawler.reindexAndWait(FAST);

        assertThat(done.reindexing()).isFalse();
        assertThat(done.blocked()).isFalse();
        assertThat(done.lastReindexEndedAt()).isAfterOrEqualTo(done.lastReindexStartedAt());
        assertThat(hitUrls("zanzibar")).containsExactly(site.url() + "/docs/install");
        assertThat(hitUrls("quokka")).containsExactly(site.url() + "/docs/guide");
        assertThat(hitUrls("platypus")).as("outside pathsToMatch").isEmpty();
        assertThat(hitUrls("wombat")).as("a page matching a negated selector").isEmpty();
        assertThat(hitUrls("narwhal")).as("deeper than maxDepth").isEmpty();
        JsonNode install = search("zanzibar").get("hits").get(0);
        assertThat(install.get("title").asString()).isEqualTo("Install");
        assertThat(install.get("description").asString()).isEqualTo("About Install");
        assertThat(install.get("headings").toString()).contains("Install", "Steps");
        assertThat(indexNames()).doesNotContain("crawl_docs.tmp");

        UrlStatistics stats = crawler.urlStatistics();
        assertThat(stats.count(UrlStatus.DONE)).isEqualTo(3); // home, install, guide
        assertThat(stats.data())
                .extracting(UrlStatisticsRow::reason)
                .contains("success", "selectors_not_matched", "max_depth_exceeded");
        assertThat(stats.count())
                .isEqualTo(
                        stats.data().stream().mapToLong(UrlStatisticsRow::count).sum());
    }

    @Test
    void aReindexReplacesTheLiveIndex() throws Exception {
        CrawlerHandle crawler = client.crawler(client.create("docs", config()).id());
        crawler.reindexAndWait(FAST);
        assertThat(hitUrls("zanzibar")).hasSize(1);

        site.remove("/docs/install");
        site.page("/docs/guide", "Guide", "<h1>Guide</h1><p>Now about the okapi.</p>");
        crawler.reindexAndWait(FAST);

        assertThat(hitUrls("zanzibar")).isEmpty();
        assertThat(hitUrls("quokka")).isEmpty();
        assertThat(hitUrls("okapi")).containsExactly(site.url() + "/docs/guide");
        assertThat(crawler.urlStatistics().data())
                .filteredOn(row -> row.status().equals(UrlStatus.FAILED))
                .extracting(UrlStatisticsRow::reason)
                .containsExactly("http_404");
    }

    @Test
    void aReindexLosingTooManyRecordsBlocksTheCrawlerUntilItsTaskIsCancelled() throws Exception {
        CrawlerConfiguration guarded = config().member(
                        "safetyChecks", Map.of("beforeIndexPublishing", Map.of("maxLostRecordsPercentage", 10)));
        CrawlerHandle crawler = client.crawler(client.create("docs", guarded).id());
        crawler.reindexAndWait(FAST);
        site.remove("/docs/install");
        site.remove("/docs/guide");

        Crawler blocked = crawler.reindexAndWait(FAST);

        assertThat(blocked.blocked()).isTrue();
        String task = blocked.blockingTaskId();
        assertThat(crawler.task(task).pending()).isTrue();
        assertThat(hitUrls("zanzibar")).as("the live index is kept").hasSize(1);
        assertThatThrownBy(crawler::reindex).isInstanceOf(BadRequestException.class);

        assertThat(crawler.unblock()).contains(task);

        Crawler unblocked = crawler.get();
        assertThat(unblocked.blocked()).isFalse();
        assertThat(unblocked.blockingTaskId()).isNull();
        assertThat(crawler.task(task).pending()).isFalse();
        assertThat(hitUrls("zanzibar")).hasSize(1);
        assertThat(indexNames()).doesNotContain("crawl_docs.tmp");
    }

    @Test
    void cancellingABlockedReindexDiscardsItsTemporaryIndexThoughTheConfigurationChanged() throws Exception {
        CrawlerConfiguration guarded = config().member(
                        "safetyChecks", Map.of("beforeIndexPublishing", Map.of("maxLostRecordsPercentage", 10)));
        CrawlerHandle crawler = client.crawler(client.create("docs", guarded).id());
        crawler.reindexAndWait(FAST);
        site.remove("/docs/install");
        String task = crawler.reindexAndWait(FAST).blockingTaskId();
        assertThat(indexNames()).contains("crawl_docs.tmp");

        crawler.waitForTask(
                crawler.updateConfig(CrawlerConfiguration.of().indexPrefix("renamed_"))
                        .taskId(),
                FAST);
        crawler.cancelTask(task);

        assertThat(indexNames()).as("the blocked reindex's own temporary index").doesNotContain("crawl_docs.tmp");
    }

    @Test
    void crawlingUrlsAddsTheirRecordsAndSavesThemAsExtraUrls() throws Exception {
        CrawlerHandle crawler = client.crawler(client.create("docs", config()).id());
        site.page("/docs/new", "New", "<h1>New</h1><p>Fresh capybara.</p>");

        String task = crawler.crawlUrls(
                        CrawlUrlsRequest.of(List.of(site.url() + "/docs/new")).extraUrls(ExtraUrls.SAVE))
                .taskId();
        crawler.waitForTask(task, FAST);

        assertThat(hitUrls("capybara")).containsExactly(site.url() + "/docs/new");
        assertThat(hitUrls("zanzibar")).as("links are not followed").isEmpty();
        assertThat(crawler.get().config().get("extraUrls")).hasValue(List.of(site.url() + "/docs/new"));

        crawler.waitForTask(
                crawler.crawlUrlsAsync(CrawlUrlsRequest.of(List.of(site.url() + "/blog/secret"))
                                .extraUrls(ExtraUrls.DO_NOT_SAVE))
                        .join()
                        .taskId(),
                FAST);
        assertThat(hitUrls("platypus")).isEmpty();
        assertThat(crawler.urlStatistics().data())
                .extracting(UrlStatisticsRow::reason)
                .contains("no_action_matched");
    }

    @Test
    void sitemapsExclusionsAndIgnoredQueryParametersShapeTheCrawl() throws Exception {
        site.raw(
                "/sitemap.xml",
                "<?xml version=\"1.0\"?><urlset><url><loc>" + site.url()
                        + "/docs/install?utm_source=x</loc></url><url><loc>" + site.url()
                        + "/docs/guide</loc></url></urlset>");
        CrawlerConfiguration config = config().member("startUrls", null)
                .sitemaps(site.url() + "/sitemap.xml")
                .exclusionPatterns(site.url() + "/docs/guide")
                .ignoreQueryParams("utm_*");
        CrawlerHandle crawler = client.crawler(client.create("docs", config).id());

        Crawler done = crawler.reindexAndWaitAsync(FAST).join();

        assertThat(done.reindexing()).isFalse();
        assertThat(hitUrls("zanzibar")).containsExactly(site.url() + "/docs/install");
        assertThat(hitUrls("quokka")).isEmpty();
        assertThat(crawler.urlStatistics().data())
                .extracting(UrlStatisticsRow::reason)
                .containsExactlyInAnyOrder("success", "excluded");
    }

    @Test
    void aSitemapIndexIsFollowedAndASitemapNotReadIsNamedSo() {
        site.raw(
                "/sitemap-index.xml",
                "<?xml version=\"1.0\"?><sitemapindex><sitemap><loc>" + site.url()
                        + "/sitemap-docs.xml</loc></sitemap><sitemap><loc>" + site.url()
                        + "/sitemap-nested.xml</loc></sitemap></sitemapindex>");
        site.raw("/sitemap-docs.xml", "<urlset><url><loc>" + site.url() + "/docs/install</loc></url></urlset>");
        site.raw("/sitemap-nested.xml", "<urlset>" + "<a>".repeat(100_001));
        CrawlerHandle crawler = client.crawler(
                client.create("docs", config().member("startUrls", null).sitemaps(site.url() + "/sitemap-index.xml"))
                        .id());

        crawler.reindexAndWait(FAST);

        assertThat(crawler.urlStatistics().data())
                .extracting(UrlStatisticsRow::reason, UrlStatisticsRow::status, UrlStatisticsRow::readable)
                .containsExactlyInAnyOrder(
                        tuple("success", UrlStatus.DONE, "Record extracted"),
                        tuple(
                                "sitemap_too_many_elements",
                                UrlStatus.FAILED,
                                "The sitemap has more XML elements than the mock server parses"));
    }

    @Test
    void crawlingUrlsWithoutSaveAddsOnlyUrlsTheLastReindexDidNotIndex() {
        CrawlerHandle crawler = client.crawler(client.create("docs", config()).id());
        crawler.reindexAndWait(FAST);
        site.page("/docs/fresh", "Fresh", "<h1>Fresh</h1>");

        // the same page written otherwise (a fragment, an upper-case scheme) was indexed by the reindex too
        List<String> urls = List.of(
                site.url() + "/docs/install",
                site.url() + "/docs/install#steps",
                site.url().replace("http:", "HTTP:") + "/docs/install",
                site.url() + "/docs/fresh");
        crawler.waitForTaskAsync(crawler.crawlUrls(CrawlUrlsRequest.of(urls)).taskId())
                .join();

        assertThat(crawler.get().config().get("extraUrls")).hasValue(List.of(site.url() + "/docs/fresh"));
    }

    @Test
    void crawlingUrlsIsLimitedTo200CallsADay() {
        CrawlerHandle crawler = client.crawler(client.create("docs", config()).id());
        // a host the mock server never fetches: every crawl ends at once
        CrawlUrlsRequest request =
                CrawlUrlsRequest.of(List.of("http://192.0.2.1/page")).extraUrls(ExtraUrls.DO_NOT_SAVE);
        List<String> tasks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.add(crawler.crawlUrls(request).taskId());
        }

        assertThatThrownBy(() -> crawler.crawlUrls(request))
                .isInstanceOf(RateLimitException.class)
                .hasMessageContaining("200");
        crawler.waitForTask(tasks.get(199), FAST);
        assertThat(crawler.urlStatistics().data())
                .extracting(UrlStatisticsRow::reason)
                .containsExactly("host_not_allowed");
    }

    private List<String> hitUrls(String query) throws IOException, InterruptedException {
        List<String> urls = new ArrayList<>();
        search(query).get("hits").forEach(hit -> urls.add(hit.get("url").asString()));
        return urls;
    }

    private JsonNode search(String query) throws IOException, InterruptedException {
        return call("POST", "/1/indexes/crawl_docs/query", "{\"query\": \"" + query + "\"}");
    }

    private List<String> indexNames() throws IOException, InterruptedException {
        List<String> names = new ArrayList<>();
        call("GET", "/1/indexes", null)
                .get("items")
                .forEach(item -> names.add(item.get("name").asString()));
        return names;
    }

    /** A raw call to the search API of the same mock server application, with its admin key. */
    private static JsonNode call(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(MOCK.server().url() + path))
                .header("X-Service-Application-Id", MOCK.server().applicationId())
                .header("X-Service-API-Key", MOCK.server().adminKey())
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }
}
