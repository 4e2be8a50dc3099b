package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The timeouts both builders set through one piece: defaults, copies, merges and rejected values. */
class TimeoutSettingsTest {

    @Test
    void aConfigurationStartsFromTheDefaultsAndItsCopyKeepsWhatWasSet() {
        ClientConfig config = ClientConfig.builder("APP", "key")
                .connectTimeout(Duration.ofSeconds(1))
                .attemptTimeout(Duration.ofSeconds(9))
                .build();

        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.readTimeout()).isEqualTo(ClientConfig.DEFAULT_READ_TIMEOUT);
        assertThat(config.writeTimeout()).isEqualTo(ClientConfig.DEFAULT_WRITE_TIMEOUT);
        assertThat(config.callDeadline()).isEqualTo(ClientConfig.DEFAULT_CALL_DEADLINE);
        assertThat(config.attemptTimeout()).contains(Duration.ofSeconds(9));
        ClientConfig copy = config.toBuilder().build();
        assertThat(copy.connectTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(copy.attemptTimeout()).contains(Duration.ofSeconds(9));
    }

    @Test
    void optionsSetNothingUntilAskedAndTheLaterOptionsWinWhereTheySetALimit() {
        RequestOptions none = RequestOptions.builder().build();
        assertThat(none.connectTimeout()).isEmpty();
        assertThat(none.callDeadline()).isEmpty();

        RequestOptions base = RequestOptions.builder()
                .readTimeout(Duration.ofSeconds(1))
                .writeTimeout(Duration.ofSeconds(2))
                .build();
        RequestOptions override = RequestOptions.builder()
                .readTimeout(Duration.ofSeconds(3))
                .callDeadline(Duration.ofSeconds(4))
                .build();
        RequestOptions merged = base.mergedWith(override);

        assertThat(merged.readTimeout()).contains(Duration.ofSeconds(3));
        assertThat(merged.writeTimeout()).contains(Duration.ofSeconds(2));
        assertThat(merged.callDeadline()).contains(Duration.ofSeconds(4));
        assertThat(merged.connectTimeout()).isEmpty();
        assertThat(merged.attemptTimeout()).isEmpty();
        assertThat(merged.toString())
                .contains("readTimeout=PT3S", "callDeadline=PT4S")
                .doesNotContain("connect");
    }

    @Test
    void aLimitMustBePositiveAndEachBuilderSaysSoInItsOwnTerms() {
        assertThatThrownBy(() -> ClientConfig.builder("APP", "key").readTimeout(Duration.ZERO))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("read timeout must be positive, got pt0s");
        assertThatThrownBy(() -> RequestOptions.builder().callDeadline(Duration.ofSeconds(-1)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("call deadline must be positive, got pt-1s");
    }
}
