package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import org.junit.jupiter.api.Test;

/** The crawler client's hosts carry the crawler API's base path /api/1, whatever host the caller starts from. */
class CrawlerBasePathTest {

    private static ClientConfig.Builder crawlerCredentials() {
        return ClientConfig.builder(Credentials.basic("crawler-user", "crawler-key"));
    }

    @Test
    void theDefaultHostIsTheCrawlerHostUnderApi1() {
        try (CrawlerClient client = CrawlerClient.create("crawler-user", "crawler-key")) {
            assertThat(client.hosts()).containsExactly(Host.of("https://crawler.quarry.io/api/1"));
        }
    }

    @Test
    void aBareHostGetsTheBasePathAdded() {
        try (CrawlerClient client = CrawlerClient.create(
                crawlerCredentials().hosts(Host.of("http://localhost:8080")).build())) {
            assertThat(client.hosts()).containsExactly(Host.of("http://localhost:8080/api/1"));
            assertThat(client.config().hosts()).containsExactly(Host.of("http://localhost:8080/api/1"));
        }
    }

    @Test
    void aHostEndingInTheBasePathIsKeptAsGiven() {
        ClientConfig config = crawlerCredentials()
                .hosts(
                        Host.of("https://crawler.example.net/api/1/"),
                        Host.of("https://proxy.example.net/crawler/api/1"))
                .build();
        try (CrawlerClient client = CrawlerClient.create(config)) {
            assertThat(client.hosts())
                    .containsExactly(
                            Host.of("https://crawler.example.net/api/1"),
                            Host.of("https://proxy.example.net/crawler/api/1"));
            assertThat(client.config()).isSameAs(config);
        }
    }

    @Test
    void anotherBasePathIsRefusedWithAMessageNamingTheRightOne() {
        ClientConfig config = crawlerCredentials()
                .hosts(Host.of("https://crawler.example.net/api/2"))
                .build();
        assertThatThrownBy(() -> CrawlerClient.create(config))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("base path /api/1")
                .hasMessageContaining("https://crawler.example.net/api/2")
                .hasMessageNotContaining("crawler-key");
    }
}
