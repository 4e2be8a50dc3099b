package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A sitemap whose fetch fails amid its body (a slow body at its deadline, a broken connection) counts the bytes it
 * fed in the reindex's budget of sitemap bytes: it counted none, so a site could feed a reindex bytes without end.
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
