package io.quarry.querysuggestions;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.testsupport.WireMockClients;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A build's duration in seconds is read exactly, or refused when no {@code Duration} holds it: never wrapped. */
class BuildDurationTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final QuerySuggestionsClient client = QuerySuggestionsClient.create(WireMockClients.config(WM));

    private Duration durationAnswered(String seconds) {
        WM.stubFor(get("/1/configs/sugg/status")
                .willReturn(okJson("{\"indexName\":\"sugg\",\"isRunning\":false,\"lastSuccessfulBuildDuration\":"
                        + seconds + "}")));
        return client.getConfigStatus("sugg").lastSuccessfulBuildDuration();
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS) // liveness guard for the long texts
    void secondsAreReadToTheNanosecond() {
        assertThat(durationAnswered("\"2.000000001\"")).isEqualTo(Duration.ofSeconds(2, 1));
        assertThat(durationAnswered("-1.5")).isEqualTo(Duration.ofMillis(-1500));
        assertThat(durationAnswered("\"9223372036854775807.5\""))
                .isEqualTo(Duration.ofSeconds(Long.MAX_VALUE, 500_000_000));
        assertThat(durationAnswered("\"1e-999999999\"")).isZero();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"1e30", "\"123456789012345678901234567890\"", "\"1e999999999\"", "\"-9223372036854775809\""})
    void secondsPastADurationsRangeFailToDecode(String seconds) {
        assertThatThrownBy(() -> durationAnswered(seconds))
                .isInstanceOf(DeserializationException.class)
                .hasMessageContaining("lastSuccessfulBuildDuration");
    }
}
