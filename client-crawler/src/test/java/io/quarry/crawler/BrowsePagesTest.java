package io.quarry.crawler;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.CrawlerSummary;
import io.quarry.testsupport.WireMockClients;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Browsing counts the pages it asks for, whatever page number the answers echo. */
class BrowsePagesTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final CrawlerClient client =
            CrawlerClient.create(ClientConfig.builder(Credentials.basic("crawler-user", "crawler-key"))
                    .hosts(Host.of(WireMockClients.url(WM)).withBasePath("/api/1"))
                    .logLevel(LogLevel.NONE)
                    .build());

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness guard: the browse asked for page 1 forever
    void answersWithoutTheirPageNumberStillEndTheBrowse() {
        answer(1, "{\"items\":[{\"id\":\"a\",\"name\":\"one\"}],\"itemsPerPage\":1,\"total\":2}");
        answer(2, "{\"items\":[{\"id\":\"b\",\"name\":\"two\"}],\"itemsPerPage\":1,\"page\":7,\"total\":2}");

        assertThat(client.browse(CrawlerListQuery.of().itemsPerPage(1)).toList())
                .containsExactly(new CrawlerSummary("a", "one"), new CrawlerSummary("b", "two"));
        assertThat(client.browseAsync(CrawlerListQuery.of().itemsPerPage(1)).join())
                .extracting(CrawlerSummary::id)
                .containsExactly("a", "b");
        WM.verify(2, getRequestedFor(urlPathEqualTo("/api/1/crawlers")).withQueryParam("page", equalTo("2")));
    }

    private static void answer(int page, String body) {
        WM.stubFor(get(urlPathEqualTo("/api/1/crawlers"))
                .withQueryParam("page", equalTo(String.valueOf(page)))
                .willReturn(okJson(body)));
    }
}
