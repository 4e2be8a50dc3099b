package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A sitemap not read is counted as a sitemap: its rows read as a page with too many HTML elements. */
class UrlStatisticsTest {

    @Test
    void aSitemapNotReadIsNamedSoInItsRowAndNotAsHtml() {
        UrlStatistics statistics = new UrlStatistics();
        statistics.failed(Sitemaps.TOO_MANY_ELEMENTS);
        statistics.failed(Sitemaps.PARSER_FAILED);
        statistics.failed(HtmlPages.PARSER_FAILED);

        JsonNode data = statistics.toJson().get("data");

        assertThat(data.size()).isEqualTo(3);
        for (int row = 0; row < 2; row++) {
            assertThat(data.get(row).get("readable").asString())
                    .as(data.get(row).toString())
                    .contains("sitemap")
                    .doesNotContain("HTML")
                    .doesNotContain("page");
            assertThat(data.get(row).get("category").asString()).isEqualTo("fetch");
        }
        assertThat(data.get(2).get("readable").asString()).contains("HTML parser failed on the page");
    }
}
