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
import io.quarry.core.spi.RoundStart;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.MutableClock;
import io.quarry.core.testing.RecordingObserver;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A call whose every host fails goes on in rounds only under a {@link RetryRounds} policy, and only when safe to
 * repeat; observers hear each round. Waits between rounds are a few milliseconds here.
 */
@Timeout(30)
class RetryRoundsCallTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint GET_SETTINGS = Endpoint.read("getSettings", "GET", "/1/indexes/books/settings");
    static final Endpoint ADD_OBJECT = Endpoint.write("addObject", "POST", "/1/indexes/books");

    record Reply(boolean ok) {}

    private static final RetryRounds QUICK =
            RetryRounds.forOutages().waits(Duration.ofMillis(5), Duration.ofMillis(20));

    /** The instant the date of a {@code Retry-After} is a whole second after. */
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    /** The wait a {@code Retry-After} date asks for, on the client's clock. */
    private static final Duration ASKED = Duration.ofMillis(200);

    private final RecordingObserver observer = new RecordingObserver();

    private static ResponseDefinitionBuilder unavailable() {
        return aResponse()
                .withStatus(503)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"status\":503,\"message\":\"unavailable\"}");
    }

    /** The first {@code failures} requests answer 503, the next ones succeed. */
    private static void failFirst(int failures) {
        String state = Scenario.STARTED;
        for (int i = 1; i <= failures; i++) {
            String next = "failed " + i;
            WM.stubFor(any(anyUrl())
                    .inScenario("outage")
                    .whenScenarioStateIs(state)
                    .willReturn(unavailable())
                    .willSetStateTo(next));
            state = next;
        }
        WM.stubFor(any(anyUrl()).inScenario("outage").whenScenarioStateIs(state).willReturn(okJson("{\"ok\":true}")));
    }

    private ApiClient twoHosts(RetryRounds rounds) {
        int port = WM.getPort();
        return client(config("key", host("a.test", port), host("b.test", port))
                .retryRounds(rounds)
                .callObserver(observer)
                .build());
    }

    private static int requests() {
        return WM.findAll(anyRequestedFor(anyUrl())).size();
    }

    @Test
    void aCallWhoseEveryHostFailedTriesThemAgainInANewRound() {
        failFirst(2);
        try (ApiClient api = twoHosts(QUICK)) {
            assertThat(api.request(GET_SETTINGS).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(3);
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.rounds()).extracting(RoundStart::number).containsExactly(2);
        assertThat(call.tryStarts()).hasSize(3);
        assertThat(call.end().error()).isNull();
    }

    @Test
    void theAsyncFormSchedulesTheNextRound() throws Exception {
        failFirst(4);
        try (ApiClient api = twoHosts(QUICK)) {
            assertThat(api.request(GET_SETTINGS).executeAsync(Reply.class).get(10, TimeUnit.SECONDS))
                    .isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(5);
        assertThat(observer.awaitEnded(Duration.ofSeconds(5)).calls().get(0).rounds())
                .extracting(RoundStart::number)
                .containsExactly(2, 3);
    }

    @Test
    void byDefaultASingleCallFailsOnceEveryHostFailed() {
        failFirst(2);
        try (ApiClient api = twoHosts(RetryRounds.of())) {
            assertThatThrownBy(() -> api.request(GET_SETTINGS).execute(Reply.class))
                    .isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                        assertThat(e.rounds()).isEqualTo(1);
                        assertThat(e.getMessage()).startsWith("all 2 attempt(s) failed");
                    });
        }
        assertThat(requests()).isEqualTo(2);
        assertThat(observer.calls().get(0).rounds()).isEmpty();
    }

    @Test
    void aCallOptsInThroughItsOptions() {
        failFirst(2);
        try (ApiClient api = twoHosts(RetryRounds.of())) {
            Reply reply = api.request(GET_SETTINGS)
                    .options(RequestOptions.builder().retryRounds(QUICK).build())
                    .execute(Reply.class);
            assertThat(reply).isEqualTo(new Reply(true));
        }
        assertThat(requests()).isEqualTo(3);
    }

    @Test
    void whenTheRoundsRunOutTheErrorNamesThem() {
        WM.stubFor(any(anyUrl()).willReturn(unavailable()));
        try (ApiClient api = twoHosts(QUICK.maxRounds(3))) {
            assertThatThrownBy(() -> api.request(GET_SETTINGS).execute(Reply.class))
                    .isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                        assertThat(e.rounds()).isEqualTo(3);
                        assertThat(e.attempts()).hasSize(6);
                        assertThat(e.getMessage()).startsWith("all 6 attempt(s) in 3 rounds failed");
                    });
        }
        assertThat(observer.calls().get(0).rounds())
                .extracting(RoundStart::number)
                .containsExactly(2, 3);
    }

    @Test
    void aWriteNotSafeToRepeatNeverGetsASecondRound() {
        WM.stubFor(any(anyUrl()).willReturn(unavailable()));
        try (ApiClient api = twoHosts(QUICK)) {
            assertThatThrownBy(() -> api.request(ADD_OBJECT)
                            .body(java.util.Map.of("title", "Emma"))
                            .notSafeToRepeat()
                            .execute(Reply.class))
                    .isInstanceOf(WriteOutcomeUnknownException.class);
        }
        assertThat(requests()).as("one try: a 503 may follow an applied write").isEqualTo(1);
        assertThat(observer.calls().get(0).rounds()).isEmpty();
    }

    /**
     * The wait is asked for as a date a whole second after {@link #NOW}, on a client's clock {@link #ASKED} before it:
     * ten times the longest wait of {@link #QUICK}, where a number of seconds would ask for a second at least.
     */
    @Test
    void aWaitAskedForWithRetryAfterIsHonoured() {
        WM.stubFor(any(anyUrl())
                .inScenario("asked")
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(unavailable().withHeader("Retry-After", "Thu, 01 Jan 2026 00:00:01 GMT"))
                .willSetStateTo("over"));
        WM.stubFor(any(anyUrl()).inScenario("asked").whenScenarioStateIs("over").willReturn(okJson("{\"ok\":true}")));
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("a.test", port))
                .clock(new MutableClock(NOW.plusSeconds(1).minus(ASKED)))
                .retryRounds(QUICK)
                .callObserver(observer)
                .build())) {
            assertThat(api.request(GET_SETTINGS).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        assertThat(observer.calls().get(0).rounds())
                .singleElement()
                .satisfies(round -> assertThat(round.delay()).isGreaterThanOrEqualTo(ASKED));
    }

    @Test
    void a429GivingRetryAfterTwiceWithDifferingWaitsWaitsTheRoundsOwnBackOff() {
        // a singleton field given twice: the client cannot tell which wait the server meant. Before, the last one
        // (an hour) was taken, past the budget, and the call ended with the rate limit after one try
        WM.stubFor(any(anyUrl())
                .inScenario("twice")
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse()
                        .withStatus(429)
                        .withHeader("Content-Type", "application/json")
                        .withHeader("Retry-After", "1", "3600")
                        .withBody("{\"status\":429,\"message\":\"Too many requests\"}"))
                .willSetStateTo("over"));
        WM.stubFor(any(anyUrl()).inScenario("twice").whenScenarioStateIs("over").willReturn(okJson("{\"ok\":true}")));
        try (ApiClient api = twoHosts(QUICK)) {
            assertThat(api.request(GET_SETTINGS).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        assertThat(observer.calls().get(0).rounds())
                .singleElement()
                .satisfies(round -> assertThat(round.delay())
                        .as("the round's own back-off, neither wait asked for")
                        .isLessThan(Duration.ofSeconds(1)));
    }

    private static ResponseDefinitionBuilder rateLimited(String retryAfter) {
        return aResponse()
                .withStatus(429)
                .withHeader("Content-Type", "application/json")
                .withHeader("Retry-After", retryAfter)
                .withBody("{\"status\":429,\"message\":\"Too many requests\"}");
    }

    @Test
    void a429AskingForAWaitPastTheBudgetEndsTheCallWithTheRateLimitAfterOneTry() {
        WM.stubFor(any(anyUrl()).willReturn(rateLimited("3600")));
        try (ApiClient api = twoHosts(QUICK)) {
            assertThatThrownBy(() -> api.request(GET_SETTINGS).execute(Reply.class))
                    .isInstanceOfSatisfying(
                            RateLimitException.class,
                            e -> assertThat(e.header("Retry-After")).contains("3600"));
        }
        assertThat(requests())
                .as("the rate limit is the application's: no other host is tried")
                .isEqualTo(1);
        assertThat(observer.calls().get(0).rounds()).isEmpty();
    }

    @Test
    void theAsyncFormEndsWithTheRateLimitToo() {
        WM.stubFor(any(anyUrl()).willReturn(rateLimited("3600")));
        try (ApiClient api = twoHosts(QUICK)) {
            assertThat(api.request(GET_SETTINGS).executeAsync(Reply.class))
                    .failsWithin(Duration.ofSeconds(10))
                    .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(RateLimitException.class);
        }
        assertThat(requests()).isEqualTo(1);
    }

    @Test
    void aCallStillRateLimitedWhenTheRoundsRunOutEndsWithTheRateLimit() {
        WM.stubFor(any(anyUrl()).willReturn(rateLimited("0")));
        try (ApiClient api = twoHosts(QUICK.maxRounds(2))) {
            assertThatThrownBy(() -> api.request(GET_SETTINGS).execute(Reply.class))
                    .isInstanceOf(RateLimitException.class);
        }
        assertThat(requests()).as("one try a round").isEqualTo(2);
    }

    @Test
    void aCallThatSucceedsAtOnceHearsOfNoRound() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        try (ApiClient api = twoHosts(QUICK)) {
            assertThat(api.request(GET_SETTINGS).execute(Reply.class)).isEqualTo(new Reply(true));
        }
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.tryStarts()).hasSize(1);
        assertThat(call.rounds()).isEmpty();
    }
}
