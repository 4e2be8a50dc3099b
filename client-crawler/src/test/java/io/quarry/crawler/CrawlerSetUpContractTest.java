package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A crawler client set up as a new user would: the crawler credentials and the server's bare URL. */
@ExtendWith(MockServerExtension.class)
class CrawlerSetUpContractTest {

    @Test
    void aBareServerUrlReachesTheCrawlerApi(MockServer server) {
        ClientConfig config = ClientConfig.builder(Credentials.basic(server.crawlerUserId(), server.crawlerApiKey()))
                .hosts(Host.of(server.url()))
                .logLevel(LogLevel.NONE)
                .build();
        try (CrawlerClient client = CrawlerClient.create(config)) {
            CrawlerConfiguration docs = CrawlerConfiguration.of()
                    .appId(server.applicationId())
                    .rateLimit(4)
                    .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url }) => [{ url: url.href }]")));
            String id = client.create("docs", docs).id();

            assertThat(client.listPage(CrawlerListQuery.of()).items())
                    .singleElement()
                    .satisfies(crawler -> assertThat(crawler.id()).isEqualTo(id));
        }
    }
}
