package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A reindex reads a hostile sitemap within the bounds of a page: a 5 MB sitemap of nested tags was parsed whole
 * (seconds and about 80 MB) and gave nothing; it is now counted FAILED {@code sitemap_too_many_elements} once the
 * element bound is passed, and the other sitemaps' URLs are crawled still. The row says it was a sitemap: it read
 * as a page with too many HTML elements, which sent users looking among the pages.
 */
class CrawlerHostileSitemapHttpTest {

    private static final Map<String, String> FILES = Map.of(
            "/nested.xml", "<urlset>" + "<a>".repeat(1_700_000),
            "/good.xml", "<urlset><url><loc>%s/docs/a</loc></url></urlset>",
            "/docs/a", "<html><head><title>A</title></head><body><h1>A</h1></body></html>");

    private final HttpServer site = LoopbackSite.start(null, exchange -> {
        String file = FILES.getOrDefault(exchange.getRequestURI().getPath(), "");
        byte[] body = file.replace("%s", siteUrl()).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", file.startsWith("<html") ? "text/html" : "application/xml");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    });
    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String siteUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // liveness guard: the reindex takes well under a second
    void aSitemapPastTheElementBoundIsCountedFailedAndTheOthersAreRead() throws InterruptedException {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"sitemaps\": [\"" + siteUrl()
                + "/nested.xml\", \"" + siteUrl() + "/good.xml\"], \"actions\": [{\"indexName\": \"docs\","
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        String id = client.crawler("POST", "/crawlers", "{\"name\": \"docs\", \"config\": " + config + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        String task = client.crawler("POST", "/crawlers/" + id + "/reindex", null)
                .requireOk()
                .body()
                .get("taskId")
                .asString();
        Eventually.waitUntil(
                "the reindex to end",
                () -> !client.crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                        .body()
                        .get("pending")
                        .asBoolean(),
                Duration.ofSeconds(60));

        JsonNode stats = client.crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();
        assertThat(count(stats, "FAILED", "sitemap_too_many_elements"))
                .as(stats.toString())
                .isEqualTo(1);
        assertThat(count(stats, "FAILED", "too_many_elements")).as("no page").isZero();
        JsonNode row = stats.get("data")
                .valueStream()
                .filter(r -> r.get("reason").asString().equals("sitemap_too_many_elements"))
                .findFirst()
                .orElseThrow();
        assertThat(row.get("readable").asString()).contains("sitemap").doesNotContain("HTML");
        assertThat(count(stats, "DONE", "success")).as(stats.toString()).isEqualTo(1);
    }

    private static long count(JsonNode stats, String status, String reason) {
        return stats.get("data")
                .valueStream()
                .filter(row -> row.get("status").asString().equals(status)
                        && row.get("reason").asString().equals(reason))
                .mapToLong(row -> row.get("count").asLong())
                .sum();
    }
}
