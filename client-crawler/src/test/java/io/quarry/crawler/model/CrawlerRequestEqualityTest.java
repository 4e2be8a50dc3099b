package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The crawler's request types are values: built alike they are equal, so a test can match what a call was given. */
class CrawlerRequestEqualityTest {

    private static final CrawlerConfiguration CONFIG =
            CrawlerConfiguration.of().appId("APP").apiKey("write-key").startUrls("https://www.example.com");

    @Test
    void urlCrawlsBuiltAlikeAreEqual() {
        CrawlUrlsRequest one = CrawlUrlsRequest.of(List.of("https://a.example", "https://b.example"));
        CrawlUrlsRequest two = CrawlUrlsRequest.of(List.of("https://a.example", "https://b.example"));

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one.extraUrls(ExtraUrls.SAVE)).isEqualTo(two.extraUrls(ExtraUrls.SAVE));
        assertThat(one.extraUrls(ExtraUrls.SAVE)).isNotEqualTo(two);
        assertThat(CrawlUrlsRequest.of(List.of("https://b.example", "https://a.example")))
                .isNotEqualTo(one);
    }

    @Test
    void updatesBuiltAlikeAreEqual() {
        assertThat(CrawlerUpdate.of().name("docs").config(CONFIG))
                .isEqualTo(CrawlerUpdate.of().name("docs").config(CONFIG.schedule(null)))
                .hasSameHashCodeAs(CrawlerUpdate.of().name("docs").config(CONFIG));
        assertThat(CrawlerUpdate.of().name("docs"))
                .isNotEqualTo(CrawlerUpdate.of().name("docs").config(CONFIG));
        assertThat(CrawlerUpdate.of().name("docs"))
                .isNotEqualTo(CrawlerUpdate.of().name("blog"));
        assertThat(CrawlerUpdate.of()).isEqualTo(CrawlerUpdate.of());
    }

    @Test
    void urlTestsBuiltAlikeAreEqualAndShowNoKey() {
        UrlTestRequest one = UrlTestRequest.of("https://www.example.com/a").overriding(CONFIG);
        UrlTestRequest two = UrlTestRequest.of("https://www.example.com/a").overriding(CONFIG);

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one).isNotEqualTo(UrlTestRequest.of("https://www.example.com/a"));
        assertThat(one)
                .isNotEqualTo(UrlTestRequest.of("https://www.example.com/b").overriding(CONFIG));
        assertThat(one.toString()).doesNotContain("write-key").contains("***");
    }
}
