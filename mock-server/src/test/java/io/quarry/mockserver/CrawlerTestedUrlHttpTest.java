package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /test} reads its URL as a crawl does, without fragment, dot segments and ignored query parameters, so its
 * records are those a crawl of that URL writes.
 */
class CrawlerTestedUrlHttpTest {

    private final HttpServer site = LoopbackSite.start(
            null,
            exchange -> LoopbackSite.html(
                    exchange,
                    exchange.getRequestURI().getRawPath().contains("/.") ? 404 : 200,
                    "<html><title>t</title><h1>Docs</h1></html>"));
    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    @Test
    void itsRecordsAreThoseACrawlWrites() {
        String config = "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"ignoreQueryParams\": [\"utm_*\"],"
                + " \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [\"" + url("/docs/a?id=1") + "\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
        String id = client.crawler("POST", "/crawlers", "{\"name\": \"n\", \"config\": " + config + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();

        Reply tested = client.crawler(
                "POST",
                "/crawlers/" + id + "/test",
                "{\"url\": \"" + url("/x/../docs/a?utm_source=news&id=1#top") + "\"}");

        JsonNode body = tested.requireOk().body();
        assertThat(body.get("error").isEmpty()).as(body.toString()).isTrue();
        assertThat(body.get("records").get(0).get("records").get(0).get("url").asString())
                .isEqualTo(url("/docs/a?id=1"));
    }
}
