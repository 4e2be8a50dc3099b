package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A URL as a crawl crawls and records it: one form for every way of writing one page's URL. */
class CrawledUrlTest {

    private static final CrawlerConfig CONFIG = CrawlerConfig.parse(
            JsonMapper.builder()
                    .build()
                    .readTree(
                            "{\"appId\": \"A\", \"rateLimit\": 1, \"ignoreQueryParams\": [\"utm_*\"], \"actions\":"
                                    + " [{\"indexName\": \"docs\", \"recordExtractor\": {\"__type\": \"function\", \"source\": \"\"}}]}"));

    private static String crawled(String url) {
        return SiteCrawl.normalize(url, CONFIG);
    }

    @Test
    void schemeAndHostAreInLowerCaseAndTheDefaultPortIsLeftOut() {
        assertThat(crawled("HTTPS://Docs.Example.COM:443/A/b?X=1#Top")).isEqualTo("https://docs.example.com/A/b?X=1");
        assertThat(crawled("http://User:PW@Example.com:80/")).isEqualTo("http://User:PW@example.com/");
        assertThat(crawled("http://example.com:443/")).isEqualTo("http://example.com:443/");
        assertThat(crawled("https://example.com:080/")).isEqualTo("https://example.com:80/");
        assertThat(crawled("http://example.com:/")).isEqualTo("http://example.com/");
        assertThat(crawled("http://[::1]:80/")).isEqualTo("http://[::1]/");
        assertThat(crawled("http://[::1]/a")).isEqualTo("http://[::1]/a");
        assertThat(crawled("http://My_Host.example:8080/")).isEqualTo("http://my_host.example:8080/");
    }

    @Test
    void dotSegmentsFragmentsAndIgnoredParametersAreLeftOut() {
        assertThat(crawled("http://example.com/docs/../blog/./a?utm_source=x&id=1#part"))
                .isEqualTo("http://example.com/blog/a?id=1");
        assertThat(crawled("http://example.com")).isEqualTo("http://example.com/");
    }
}
