package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * URL statistics of a reindex of a small loopback site: the links found but outside every action's paths, or
 * excluded, are counted SKIPPED with their reason, once each, in the service's categories.
 */
class CrawlerStatisticsHttpTest {

    private final HttpServer site = site(Map.of(
            "/docs/",
            "<a href='/docs/a'>A</a> <a href='/blog/x'>Blog</a> <a href='/blog/y'>Blog</a>"
                    + " <a href='/docs/private'>Private</a> <a href='/blog/x#again'>Blog again</a>",
            "/docs/a",
            "<h1>A</h1><a href='/blog/x'>Blog</a>",
            "/blog/x",
            "<h1>X</h1>",
            "/idn/",
            "<a href='http://bücher.example/private'>Private</a> <a href='http://bücher.example/docs'>Docs</a>"));
    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private static HttpServer site(Map<String, String> pages) {
        return LoopbackSite.start(null, exchange -> {
            String page = pages.get(exchange.getRequestURI().getPath());
            LoopbackSite.html(
                    exchange,
                    page == null ? 404 : 200,
                    "<html><head><title>t</title></head><body>" + (page == null ? "" : page) + "</body></html>");
        });
    }

    private String siteUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort();
    }

    private Reply crawler(String method, String path, String json) {
        return client.crawler(method, path, json);
    }

    private String reindexed(String config) throws InterruptedException {
        Reply created = crawler("POST", "/crawlers", "{\"name\": \"docs\", \"config\": " + config + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        String id = created.body().get("id").asString();
        String task = crawler("POST", "/crawlers/" + id + "/reindex", null)
                .requireOk()
                .body()
                .get("taskId")
                .asString();
        Eventually.waitUntil(
                "the reindex to end",
                () -> !crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                        .body()
                        .get("pending")
                        .asBoolean(),
                Duration.ofSeconds(60));
        return id;
    }

    private static long count(JsonNode stats, String status, String reason) {
        for (JsonNode row : stats.get("data")) {
            if (row.get("status").asString().equals(status)
                    && row.get("reason").asString().equals(reason)) {
                return row.get("count").asLong();
            }
        }
        return 0;
    }

    @Test
    void patternsWithAHostInAnotherScriptMatchItsUrls() throws InterruptedException {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\"" + siteUrl() + "/idn/\"],"
                + " \"exclusionPatterns\": [\"http://bücher.example/private\"],"
                + " \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [\"" + siteUrl()
                + "/**\", \"http://bücher.example/**\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        String id = reindexed(config);

        JsonNode stats = crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();

        assertThat(count(stats, "SKIPPED", "excluded")).as(stats.toString()).isEqualTo(1); // /private
        assertThat(count(stats, "FAILED", "host_not_allowed"))
                .as("/docs, followed")
                .isEqualTo(1);
        assertThat(count(stats, "SKIPPED", "no_action_matched")).isZero();
    }

    @Test
    void linksOutsideThePathsOrExcludedAreCountedSkippedOnceEach() throws InterruptedException {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\"" + siteUrl() + "/docs/\"],"
                + " \"exclusionPatterns\": [\"" + siteUrl() + "/docs/private\"],"
                + " \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [\"" + siteUrl() + "/docs/**\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        String id = reindexed(config);

        JsonNode stats = crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();

        assertThat(count(stats, "DONE", "success")).isEqualTo(2); // /docs/ and /docs/a
        assertThat(count(stats, "SKIPPED", "no_action_matched")).isEqualTo(2); // /blog/x (three links), /blog/y
        assertThat(count(stats, "SKIPPED", "excluded")).isEqualTo(1); // /docs/private
        assertThat(stats.get("count").asLong()).isEqualTo(5);
        for (JsonNode row : stats.get("data")) {
            assertThat(row.get("category").asString()).isIn("fetch", "extraction", "indexing", "success");
            assertThat(row.get("readable").asString()).isNotBlank();
        }
        JsonNode skipped = stats.get("data")
                .valueStream()
                .filter(row -> row.get("reason").asString().equals("no_action_matched"))
                .findFirst()
                .orElseThrow();
        assertThat(skipped.get("category").asString()).isEqualTo("fetch");
        assertThat(skipped.get("readable").asString()).contains("pathsToMatch");
    }
}
