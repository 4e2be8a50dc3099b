package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A link or start URL with {@code .} or {@code ..} segments is crawled at the URL a browser requests
 * ({@code /x/../docs/a} is {@code /docs/a}), once, and matched against the patterns so.
 */
class CrawlerDotSegmentsHttpTest {

    private final HttpServer site = LoopbackSite.start(null, exchange -> {
        String path = exchange.getRequestURI().getRawPath();
        LoopbackSite.html(
                exchange,
                path.contains("/.") ? 404 : 200,
                "<html><title>t</title><body><a href='" + url("/x/../docs/a") + "'>A</a>"
                        + " <a href='/docs/./b'>B</a> <a href='/docs/a'>A again</a></body></html>");
    });
    private final MockServer server = MockServer.builder().start();
    private final CrawlerRuns runs = new CrawlerRuns(new TestClient(server));

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    @Test
    void isCrawledWithoutThem() throws InterruptedException {
        String id = runs.reindexed("{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\""
                + url("/docs/../") + "\"], \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [\""
                + url("/") + "\", \"" + url("/docs/*") + "\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}");

        assertThat(runs.urlsIn("docs")).containsExactly(url("/"), url("/docs/a"), url("/docs/b"));
        assertThat(runs.count(id, "FAILED", "http_404")).isZero();
    }
}
