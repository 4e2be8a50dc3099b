package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A sitemap whose fetch fails amid its body (a slow body at its deadline, a broken connection), or that is answered
 * with an error page, counts the bytes it fed in the reindex's budget of sitemap bytes: it counted none, so a site
 * could feed a reindex bytes past the budget.
 */
class SitemapWalkBudgetTest {

    private static final int BODY = 10_000;

    @Test
    void theBytesOfASitemapThatFailedAmidItsBodyCountInTheBudget() throws Exception {
        try (BrokenSite site = new BrokenSite(BODY)) {
            UrlStatistics statistics = new UrlStatistics();
            SitemapWalk walk = new SitemapWalk(new PageFetcher(Set.of()), statistics, () -> false, BODY + BODY / 2);
            List<String> sitemaps = List.of(
                    site.uri("/a.xml").toString(),
                    site.uri("/b.xml").toString(),
                    site.uri("/c.xml").toString());

            walk.addPages(sitemaps, new HashSet<>(), 100);

            assertThat(count(statistics, "FAILED", "network_error"))
                    .as("two sitemaps broke off amid their bodies: %s", statistics.toJson())
                    .isEqualTo(2);
            assertThat(count(statistics, "SKIPPED", SitemapWalk.LIMIT_REACHED))
                    .as("their bytes filled the budget: %s", statistics.toJson())
                    .isEqualTo(1);
        }
    }

    @Test
    void theBodiesOfSitemapsAnsweredWithAnErrorCountInTheBudget() throws Exception {
        HttpServer site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        site.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, BODY);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(new byte[BODY]);
            }
        });
        site.start();
        try {
            UrlStatistics statistics = new UrlStatistics();
            SitemapWalk walk = new SitemapWalk(new PageFetcher(Set.of()), statistics, () -> false, BODY + BODY / 2);
            String root = "http://127.0.0.1:" + site.getAddress().getPort();

            walk.addPages(List.of(root + "/a.xml", root + "/b.xml", root + "/c.xml"), new HashSet<>(), 100);

            assertThat(count(statistics, "FAILED", "http_404"))
                    .as("two error pages were read: %s", statistics.toJson())
                    .isEqualTo(2);
            assertThat(count(statistics, "SKIPPED", SitemapWalk.LIMIT_REACHED))
                    .as("their bytes filled the budget: %s", statistics.toJson())
                    .isEqualTo(1);
        } finally {
            site.stop(0);
        }
    }

    private static long count(UrlStatistics statistics, String status, String reason) {
        for (JsonNode row : statistics.toJson().get("data")) {
            if (row.get("status").asString().equals(status)
                    && row.get("reason").asString().equals(reason)) {
                return row.get("count").asLong();
            }
        }
        return 0;
    }
}
