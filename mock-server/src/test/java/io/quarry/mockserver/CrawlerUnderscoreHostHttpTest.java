package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Host names with an underscore ({@code my_host.example}), which DNS and RFC 3986 allow and the web has, are hosts
 * of crawler URLs like any other: taken in a configuration and by URL crawls and tests, and followed as links.
 */
class CrawlerUnderscoreHostHttpTest {

    private static final String HOST = "http://my_host.example";

    private final HttpServer site = LoopbackSite.start(
            null,
            exchange -> LoopbackSite.html(
                    exchange,
                    200,
                    "<html><body><a href='" + HOST + "/a'>A</a> <a href='" + HOST + "/b'>B</a></body></html>"));
    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server);
    private final CrawlerRuns runs = new CrawlerRuns(client);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private static String config(String startUrl, String paths) {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\"" + startUrl + "\"],"
                + " \"sitemaps\": [\"" + HOST + "/sitemap.xml\"], \"extraUrls\": [\"" + HOST + ":8080/x\"],"
                + " \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [" + paths + "],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
    }

    @Test
    void isTakenInAConfigurationAndByUrlCrawlsAndTests() {
        Reply created = client.crawler(
                "POST", "/crawlers", "{\"name\": \"n\", \"config\": " + config(HOST + "/", "\"**\"") + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        String id = created.body().get("id").asString();

        Reply crawled = client.crawler(
                "POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": [\"" + HOST + "/new\"], \"save\": false}");
        Reply tested =
                client.crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"https://_dmarc.my_host.example/\"}");

        assertThat(crawled.status()).as(crawled.toString()).isEqualTo(200);
        assertThat(tested.status()).as(tested.toString()).isEqualTo(200);
        assertThat(tested.body().get("error").get("code").asString())
                .as("a host neither loopback nor allowed")
                .isEqualTo("host_not_allowed");
    }

    @Test
    void isFollowedAsALinkWhenSomeActionsPathsMatchIt() throws InterruptedException {
        String siteUrl = "http://127.0.0.1:" + site.getAddress().getPort();
        String id = runs.reindexed(config(siteUrl + "/", "\"" + siteUrl + "/**\", \"" + HOST + "/a\""));

        JsonNode stats =
                client.crawler("GET", "/crawlers/" + id + "/stats/urls", null).body();
        assertThat(runs.count(id, "FAILED", "host_not_allowed"))
                .as("/a, followed; the sitemap and the extra URL: " + stats)
                .isEqualTo(3);
        assertThat(runs.count(id, "SKIPPED", "no_action_matched")).as("/b").isEqualTo(1);
        assertThat(runs.urlsIn("docs")).containsExactly(siteUrl + "/");
    }
}
