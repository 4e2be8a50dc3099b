package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * "No limit" written as the longest duration ({@code Duration.ofSeconds(Long.MAX_VALUE)}): every timeout, the
 * call deadline and the rounds' waits and budget take it, a timeout beyond OkHttp's longest (about 24.8 days) acting
 * as that, instead of an {@code IllegalArgumentException} from OkHttp or an {@code ArithmeticException} from
 * {@code Duration.toNanos}.
 */
class ForeverTimeoutsTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Duration FOREVER = Duration.ofSeconds(Long.MAX_VALUE);
    private static final Endpoint READ = Endpoint.read("getSettings", "GET", "/1/indexes/{indexName}/settings");

    record Reply(boolean ok) {}

    private static ClientConfig.Builder forever() {
        return config("key", host("a.test", WM.getPort()))
                .connectTimeout(FOREVER)
                .readTimeout(FOREVER)
                .writeTimeout(FOREVER)
                .attemptTimeout(FOREVER)
                .callDeadline(FOREVER)
                .retryRounds(RetryRounds.forOutages()
                        .waits(Duration.ofMillis(1), FOREVER)
                        .budget(FOREVER));
    }

    @Test
    void theLongestDurationsMeanNoLimitAndACallGoesThrough() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));

        try (ApiClient api = client(forever().build())) {
            assertThat(api.request(READ).path("indexName", "i").execute(Reply.class))
                    .isEqualTo(new Reply(true));
            assertThat(api.request(READ)
                            .path("indexName", "i")
                            .executeAsync(Reply.class)
                            .join())
                    .isEqualTo(new Reply(true));
        }
    }

    @Test
    void aRateLimitResettingInAFarFutureIsNotWaitedForAndStaysTyped() {
        WM.stubFor(any(anyUrl())
                .willReturn(aResponse()
                        .withStatus(429)
                        .withHeader("Content-Type", "application/json")
                        .withHeader("X-RateLimit-Limit", "1")
                        .withHeader("X-RateLimit-Remaining", "0")
                        .withHeader("X-RateLimit-Reset", Long.toString(Instant.MAX.getEpochSecond()))
                        .withBody("{\"message\":\"Too many requests\"}")));

        try (ApiClient api = client(forever()
                .retryRounds(RetryRounds.of())
                .maxRateLimitWait(FOREVER)
                .build())) {
            assertThatThrownBy(() -> api.request(READ).path("indexName", "i").execute(Reply.class))
                    .isInstanceOf(RateLimitException.class);
        }
    }
}
