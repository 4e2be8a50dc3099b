package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.RateLimitException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.ExtraUrls;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Past the 200 URL crawls a day, the 429 asks for a wait of hours ({@code Retry-After}): a call fails after its one
 * try with the {@link RateLimitException} carrying that wait, whatever the client's retry policy, and never sleeps
 * inside the call.
 */
class DailyLimitContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final CrawlUrlsRequest CRAWL =
            CrawlUrlsRequest.of(List.of("http://192.0.2.1/page")).extraUrls(ExtraUrls.DO_NOT_SAVE);

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    private String id;
    private CrawlerHandle crawler;

    @BeforeEach
    void useUpTheDay() {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .rateLimit(4)
                .actions(CrawlerAction.of("docs", RecordExtractor.function("() => []")));
        id = client.create("limited", config).id();
        crawler = client.crawler(id);
        // a host the mock server never fetches: every crawl ends at once
        for (int i = 0; i < 200; i++) {
            crawler.crawlUrls(CRAWL);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a call sleeping on the hours asked for would end far later
    void theRefusalCarriesItsWaitOfHours() {
        assertRefusedForHours(catchThrowable(() -> crawler.crawlUrls(CRAWL)));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aCallWithRetryRoundsFailsAfterOneTryRatherThanWaitHours() {
        RecordingObserver observer = new RecordingObserver();
        try (CrawlerClient observed = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
                .callObserver(observer)
                .build())) {
            CrawlerHandle riding = observed.crawler(id)
                    .withOptions(RequestOptions.builder()
                            .retryRounds(RetryRounds.forOutages())
                            .build());

            assertRefusedForHours(catchThrowable(() -> riding.crawlUrls(CRAWL)));
        }
        RecordingObserver.Call call = observer.calls("crawlUrls").get(0);
        assertThat(call.tryStarts()).as("one try").hasSize(1);
        assertThat(call.rounds()).as("no wait for a round").isEmpty();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aClientWaitingOnRateLimitsFailsAtOnceToo() {
        try (CrawlerClient waiting = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()).toBuilder()
                .maxRateLimitWait(Duration.ofHours(2))
                .build())) {
            assertRefusedForHours(catchThrowable(() -> waiting.crawler(id).crawlUrls(CRAWL)));
        }
    }

    private static void assertRefusedForHours(Throwable thrown) {
        assertThat(thrown).isInstanceOf(RateLimitException.class).hasMessageContaining("200 calls per 24 hours");
        long seconds = Long.parseLong(
                ((RateLimitException) thrown).header("Retry-After").orElseThrow());
        assertThat(seconds)
                .isBetween(
                        Duration.ofHours(23).toSeconds(), Duration.ofHours(24).toSeconds());
    }
}
