package io.quarry.crawler;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.testsupport.WireMockClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A configuration's integer members are read only when they hold an int: never truncated, never wrapped. */
class ConfigIntegersTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final CrawlerClient client =
            CrawlerClient.create(ClientConfig.builder(Credentials.basic("crawler-user", "crawler-key"))
                    .hosts(Host.of(WireMockClients.url(WM)).withBasePath("/api/1"))
                    .logLevel(LogLevel.NONE)
                    .build());

    private CrawlerConfiguration configAnswered(String members) {
        WM.stubFor(get(urlPathEqualTo("/api/1/crawlers/c1"))
                .willReturn(okJson("{\"name\":\"docs\",\"config\":{" + members + "}}")));
        return client.crawler("c1").get().config();
    }

    @Test
    void wholeNumbersAnIntHoldsAreRead() {
        CrawlerConfiguration config = configAnswered("\"rateLimit\":8,\"maxUrls\":2147483647,\"maxDepth\":3.0");

        assertThat(config.rateLimit()).hasValue(8);
        assertThat(config.maxUrls()).hasValue(Integer.MAX_VALUE);
        assertThat(config.maxDepth()).hasValue(3);
    }

    @Test
    void fractionsAndNumbersPastAnIntAreNone() {
        CrawlerConfiguration config =
                configAnswered("\"rateLimit\":1.5,\"maxUrls\":5000000000,\"maxDepth\":123456789012345678901234567890");

        assertThat(config.rateLimit()).isEmpty();
        assertThat(config.maxUrls()).isEmpty();
        assertThat(config.maxDepth()).isEmpty();
    }
}
