package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** 429 is typed with its headers; the opt-in wait retries once; rate-limit headers are readable on success. */
class RateLimitTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint TOP_SEARCHES = Endpoint.read("getTopSearches", "GET", "/2/searches");
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    /**
     * Where the clock stands in the tests of a wait: a reset or a date one second after {@link #NOW} is then a tenth
     * of a second away, so that the wait is real but short (a {@code Retry-After} in seconds still waits one).
     */
    private static final Duration ALMOST_A_SECOND = Duration.ofMillis(900);

    record Reply(boolean ok) {}

    private static ResponseDefinitionBuilder tooMany(Instant reset) {
        return aResponse()
                .withStatus(429)
                .withHeader("Content-Type", "application/json")
                .withHeader("X-RateLimit-Limit", "100")
                .withHeader("X-RateLimit-Remaining", "0")
                .withHeader("X-RateLimit-Reset", Long.toString(reset.getEpochSecond()))
                .withBody("{\"status\":429,\"message\":\"Too many requests\"}");
    }

    /** The first call is answered 429 until {@code reset}, every later one 200. */
    private static void limitedOnceThenOk(Instant reset) {
        WM.stubFor(any(anyUrl())
                .inScenario("limit")
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(tooMany(reset))
                .willSetStateTo("reset"));
        WM.stubFor(
                any(anyUrl()).inScenario("limit").whenScenarioStateIs("reset").willReturn(okJson("{\"ok\":true}")));
    }

    private int requests() {
        return WM.findAll(anyRequestedFor(anyUrl())).size();
    }

    @Test
    void tooManyRequestsIsTypedWithParsedHeadersAndNotRetried() {
        WM.stubFor(any(anyUrl()).willReturn(tooMany(NOW.plusSeconds(30))));
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("a.test", port), host("b.test", port))
                .clock(new MutableClock(NOW))
                .build())) {
            assertThatThrownBy(() ->
                            api.request(TOP_SEARCHES).query("index", "products").execute(Reply.class))
                    .isInstanceOfSatisfying(RateLimitException.class, e -> {
                        assertThat(e.statusCode()).isEqualTo(429);
                        assertThat(e.serviceMessage()).isEqualTo("Too many requests");
                        assertThat(e.rateLimit()).contains(new RateLimit(100, 0, NOW.plusSeconds(30)));
                    });
        }
        assertThat(requests()).isEqualTo(1);
    }

    @Test
    void optInWaitsUntilTheResetAndRetriesOnce() {
        limitedOnceThenOk(NOW.plusSeconds(1));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW.plus(ALMOST_A_SECOND)))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThat(api.request(TOP_SEARCHES).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(2);
    }

    /** A 429 naming no reset, only a {@code Retry-After}, as a proxy's or gateway's does; then 200. */
    private static void retryAfterOnceThenOk(String retryAfter) {
        WM.stubFor(any(anyUrl())
                .inScenario("limit")
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse()
                        .withStatus(429)
                        .withHeader("Retry-After", retryAfter)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"Too many requests\"}"))
                .willSetStateTo("reset"));
        WM.stubFor(
                any(anyUrl()).inScenario("limit").whenScenarioStateIs("reset").willReturn(okJson("{\"ok\":true}")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "Thu, 01 Jan 2026 00:00:01 GMT", "Wed, 31 Dec 2025 23:00:00 GMT"})
    void optInWaitsForTheRetryAfterOfA429NamingNoReset(String retryAfter) {
        // a date already past asks for no wait: the try is made again at once
        retryAfterOnceThenOk(retryAfter);
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW.plus(ALMOST_A_SECOND)))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThat(api.request(TOP_SEARCHES).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"6", "99999999999999999999", "Thu, 01 Jan 2026 01:00:00 GMT", "-1", "soon"})
    void optInDoesNotWaitForARetryAfterPastItsBoundOrUnreadable(String retryAfter) {
        retryAfterOnceThenOk(retryAfter);
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThatThrownBy(() -> api.request(TOP_SEARCHES).execute(Reply.class))
                    .isInstanceOf(RateLimitException.class);
        }
        assertThat(requests()).isEqualTo(1);
    }

    @Test
    void optInRetriesTheHostThatAnsweredNotTheNextOne() {
        limitedOnceThenOk(NOW);
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("a.test", port), host("b.test", port))
                .clock(new MutableClock(NOW))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThat(api.request(TOP_SEARCHES).execute(Reply.class)).isEqualTo(new Reply(true));
            WM.resetScenarios();
            assertThat(api.request(TOP_SEARCHES).executeAsync(Reply.class).join())
                    .isEqualTo(new Reply(true));
        }
        // the 429 and the retry after the wait, blocking then async, all on the first host
        assertThat(WM.findAll(anyRequestedFor(anyUrl())))
                .extracting(request -> request.getHeader("Host"))
                .containsOnly("a.test:" + port)
                .hasSize(4);
    }

    @Test
    void optInWaitsAsynchronouslyToo() {
        limitedOnceThenOk(NOW);
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThat(api.request(TOP_SEARCHES).executeAsync(Reply.class).join())
                    .isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(2);
    }

    @Test
    void optInRetriesOnlyOnce() {
        WM.stubFor(any(anyUrl()).willReturn(tooMany(NOW)));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThatThrownBy(() -> api.request(TOP_SEARCHES).execute(Reply.class))
                    .isInstanceOf(RateLimitException.class);
        }
        assertThat(requests()).isEqualTo(2);
    }

    @Test
    void optInDoesNotWaitBeyondItsBound() {
        WM.stubFor(any(anyUrl()).willReturn(tooMany(NOW.plusSeconds(3600))));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .clock(new MutableClock(NOW))
                .maxRateLimitWait(Duration.ofSeconds(5))
                .build())) {
            assertThatThrownBy(() -> api.request(TOP_SEARCHES).execute(Reply.class))
                    .isInstanceOf(RateLimitException.class);
        }
        assertThat(requests()).isEqualTo(1);
    }

    @Test
    void rateLimitHeadersAreReadableOnSuccess() {
        WM.stubFor(any(anyUrl())
                .willReturn(okJson("{\"ok\":true}")
                        .withHeader("X-RateLimit-Limit", "100")
                        .withHeader("X-RateLimit-Remaining", "99")
                        .withHeader("X-RateLimit-Reset", Long.toString(NOW.getEpochSecond()))));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            ApiResponse<Reply> response = api.request(TOP_SEARCHES).executeForResponse(Reply.class);
            assertThat(response.value()).isEqualTo(new Reply(true));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.rateLimit()).contains(new RateLimit(100, 99, NOW));
            assertThat(response.header("x-ratelimit-remaining")).contains("99");
        }
    }

    @Test
    void headersThatAreNoRateLimitReadAsNone() {
        for (String reset : new String[] {"99999999999999999", "-99999999999999999", "soon", "", "1.5"}) {
            assertThat(RateLimit.fromHeaders(java.util.Map.of(
                            "X-RateLimit-Limit", java.util.List.of("100"),
                            "X-RateLimit-Remaining", java.util.List.of("0"),
                            "X-RateLimit-Reset", java.util.List.of(reset))))
                    .as(reset)
                    .isEmpty();
        }
    }
}
