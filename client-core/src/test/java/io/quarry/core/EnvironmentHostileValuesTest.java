package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Values of the call settings' variables that a deployment could set by mistake: each is refused with a message
 * naming the variable and never the value, or gives a client whose calls go through. The hosts are a port nothing
 * listens on, then a working one: every call meets a failed host, so the host-down TTL and the rounds are used.
 */
class EnvironmentHostileValuesTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint READ = Endpoint.read("getSettings", "GET", "/1/indexes/{indexName}/settings");

    /** A duration past what {@code Duration.toNanos} and {@code Instant.plus} can hold, but a valid Duration. */
    private static final String PAST_NANOS = "99999999999999h";

    private static final String LONGEST = "PT" + Long.MAX_VALUE + "S";

    private static final String ONE_NANO = "PT0.000000001S";

    private static final String LONG_SEGMENT = "a".repeat(10_000);

    record Reply(boolean ok) {}

    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void workingHostSecond() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", "the-key");
        env.put("QUARRY_HOSTS", "http://127.0.0.1:" + LoopbackHttp.closedPort() + ",http://127.0.0.1:" + WM.getPort());
    }

    @Test
    void aTimeoutTooShortForAnyTryIsRefused() {
        for (String variable : List.of("QUARRY_ATTEMPT_TIMEOUT", "QUARRY_CALL_DEADLINE")) {
            for (String value :
                    List.of("0", "0s", "PT0S", "-1s", "-PT1S", ONE_NANO, "1ns", "999us", "999999999999999999h")) {
                refused(variable, value);
            }
        }
    }

    @Test
    void theLongestTimeoutsAndTtlsMeanNoLimit() {
        for (String variable : List.of(
                "QUARRY_ATTEMPT_TIMEOUT",
                "QUARRY_CALL_DEADLINE",
                "QUARRY_HOST_DOWN_TTL",
                "QUARRY_MAX_RATE_LIMIT_WAIT")) {
            for (String value : List.of(PAST_NANOS, LONGEST)) {
                works(variable, value);
            }
        }
    }

    @Test
    void aHostDownTtlOrRateLimitWaitOfANanosecondIsTaken() {
        works("QUARRY_HOST_DOWN_TTL", ONE_NANO);
        works("QUARRY_MAX_RATE_LIMIT_WAIT", ONE_NANO);
        // Spring Boot's units, in any case, so that one environment means the same with the starter
        works("QUARRY_HOST_DOWN_TTL", "1ns");
        works("QUARRY_HOST_DOWN_TTL", "3650D");
        works("QUARRY_MAX_RATE_LIMIT_WAIT", "500us");
        for (String variable : List.of("QUARRY_HOST_DOWN_TTL", "QUARRY_MAX_RATE_LIMIT_WAIT")) {
            for (String value : List.of("0", "0s", "-1s", "-PT1S", "999999999999999999h", "5 s", "1w")) {
                refused(variable, value);
            }
        }
    }

    @Test
    void theRoundsTakeTheLongestValuesAndRefuseTheImpossibleOnes() {
        works("QUARRY_RETRY_ROUNDS_BUDGET", "0");
        works("QUARRY_RETRY_ROUNDS_BUDGET", PAST_NANOS);
        works("QUARRY_RETRY_ROUNDS_BUDGET", LONGEST);
        works("QUARRY_RETRY_ROUNDS_MAX_WAIT", PAST_NANOS);
        works("QUARRY_RETRY_ROUNDS_MAX_WAIT", LONGEST);
        works("QUARRY_RETRY_ROUNDS_FIRST_WAIT", ONE_NANO);
        works("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", "1");
        works("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", Integer.toString(Integer.MAX_VALUE));
        works("QUARRY_RETRY_ROUNDS_MODE", "OFF");
        works("QUARRY_RETRY_ROUNDS_MODE", "for_outages");
        refused("QUARRY_RETRY_ROUNDS_BUDGET", "-1s");
        refused("QUARRY_RETRY_ROUNDS_BUDGET", "999999999999999999h");
        refused("QUARRY_RETRY_ROUNDS_FIRST_WAIT", "0s");
        refused("QUARRY_RETRY_ROUNDS_FIRST_WAIT", PAST_NANOS); // longer than the 8 s most
        refused("QUARRY_RETRY_ROUNDS_MAX_WAIT", ONE_NANO); // shorter than the 250 ms first
        refused("QUARRY_RETRY_ROUNDS_MAX_WAIT", "-1s");
        for (String rounds : List.of("0", "-1", "2147483648", "1.5", "1e3")) {
            refused("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", rounds);
        }
        for (String mode : List.of("sometimes", "for outages", "true", "0")) {
            refused("QUARRY_RETRY_ROUNDS_MODE", mode);
        }
    }

    @Test
    void aResponseSizeIsTakenUpToTheLargestLongAndRefusedBeyond() {
        works("QUARRY_MAX_RESPONSE_BYTES", "8388607TB");
        works("QUARRY_MAX_RESPONSE_BYTES", Long.toString(Long.MAX_VALUE));
        for (String size : List.of(
                "0", "0B", "0TB", "-1", "-1B", "8388608TB", "9223372036854775808", "99999999999999999999B", "1.5MB")) {
            refused("QUARRY_MAX_RESPONSE_BYTES", size);
        }
    }

    @Test
    void aUserAgentSegmentHttpDoesNotAllowOrTooLongForServersIsRefused() {
        works("QUARRY_USER_AGENT_SEGMENT", "my-shop (2.1)");
        works("QUARRY_USER_AGENT_SEGMENT", "a".repeat(256));
        for (String segment :
                List.of("my-shop\r\nX-Injected: 1", "my\u0000shop", "my\u007fshop", "caf\u00e9", "a;b", LONG_SEGMENT)) {
            refused("QUARRY_USER_AGENT_SEGMENT", segment);
        }
    }

    /** The variable's value is taken: the configuration builds, shows itself, and its client's calls go through. */
    private void works(String variable, String value) {
        env.put(variable, value);
        ClientConfig config = EnvironmentConfig.of(env::get, name -> null).config();
        assertThat(config.toString()).as(variable + "=" + value).startsWith("ClientConfig{");
        try (ApiClient api = LoopbackHttp.client(config)) {
            for (int call = 0; call < 2; call++) {
                assertThat(api.request(READ).path("indexName", "i").execute(Reply.class))
                        .as(variable + "=" + value)
                        .isEqualTo(new Reply(true));
            }
        }
        env.remove(variable);
    }

    /** The variable's value is refused, naming it and never showing the value. */
    private void refused(String variable, String value) {
        env.put(variable, value);
        assertThatThrownBy(() -> EnvironmentConfig.of(env::get, name -> null).config())
                .as(variable + "=" + value)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(variable)
                .satisfies(e -> {
                    if (value.trim().length() > 3) {
                        assertThat(e.getMessage()).doesNotContain(value.trim());
                    }
                });
        env.remove(variable);
    }
}
