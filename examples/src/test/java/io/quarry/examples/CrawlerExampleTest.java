package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.crawler.CrawlerClient;
import io.quarry.crawler.model.Crawler;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The crawler example crawls a two-page site served on loopback into a searchable index. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class CrawlerExampleTest {

    /** A page as the crawler's records hold it. */
    record Page(String url, String title) {}

    /** The site: a home page linking to an about page. */
    private static final Map<String, String> SITE = Map.of(
            "/", page("Home", "<h1>Welcome</h1><a href=\"/about\">About us</a>"),
            "/about", page("About", "<h1>About</h1><p>We sell pangolins.</p>"));

    private HttpServer site;

    @BeforeEach
    void serveTheSite() throws IOException {
        site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        site.createContext("/", exchange -> {
            String page = SITE.get(exchange.getRequestURI().getPath());
            byte[] body = (page == null ? "not found" : page).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        site.start();
    }

    private static String page(String title, String body) {
        return "<html><head><title>" + title + "</title></head><body>" + body + "</body></html>";
    }

    @AfterEach
    void stopTheSite() {
        site.stop(0);
    }

    @Test
    void crawlsBothPagesIntoTheIndex(MockServer server, CrawlerClient crawlers, SearchClient search) {
        String siteUrl = "http://127.0.0.1:" + site.getAddress().getPort();

        Crawler crawler = CrawlerExample.crawlSite(crawlers, server.applicationId(), server.adminKey(), siteUrl);

        assertThat(crawler.reindexing()).isFalse();
        assertThat(search.index(CrawlerExample.INDEX)
                        .search(SearchQuery.of("pangolins"), Page.class)
                        .hits())
                .extracting(hit -> hit.record())
                .containsExactly(new Page(siteUrl + "/about", "About"));
        assertThat(search.index(CrawlerExample.INDEX)
                        .search(SearchQuery.of(), Page.class)
                        .nbHits())
                .isEqualTo(2);
    }
}
