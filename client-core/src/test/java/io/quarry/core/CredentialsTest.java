package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CredentialsTest {

    @Test
    void apiKeyCredentialsUseTheServiceHeaders() {
        Credentials credentials = Credentials.apiKey("app", "SECRET");
        assertThat(credentials.headers())
                .containsEntry("X-Service-Application-Id", "app")
                .containsEntry("X-Service-API-Key", "SECRET");
        assertThat(credentials.applicationId()).contains("app");
        assertThat(credentials.secrets()).containsExactly("SECRET");
        assertThat(credentials.toString()).doesNotContain("SECRET").contains("X-Service-API-Key=***");
    }

    @Test
    void basicCredentialsUseTheAuthorizationHeader() {
        Credentials credentials = Credentials.basic("user", "pass");
        assertThat(credentials.headers()).containsEntry("Authorization", "Basic dXNlcjpwYXNz");
        assertThat(credentials.applicationId()).isEmpty();
        assertThat(credentials.toString()).doesNotContain("dXNlcjpwYXNz").doesNotContain("pass");
        assertThatThrownBy(() -> Credentials.basic("us:er", "p")).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void customHeadersNameTheirSecrets() {
        Credentials credentials =
                Credentials.headers(Map.of("X-Token", "TOKEN", "X-Tenant", "t1"), Set.of("X-Token"), null);
        assertThat(credentials.toString()).doesNotContain("TOKEN").contains("t1");
        assertThatThrownBy(() -> Credentials.headers(Map.of("X-Token", "T"), Set.of("X-Other"), null))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void keysThatCannotBeSentAsHeadersAreRejectedWithoutEchoingThem() {
        assertThatThrownBy(() -> Credentials.apiKey("app", "SECRET-FROM-FILE\n"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("trailing newline")
                .message()
                .doesNotContain("SECRET-FROM-FILE");
        assertThatThrownBy(() -> RequestOptions.builder().forwardedApiKey("USER-KEY\u00e9"))
                .isInstanceOf(InvalidRequestException.class)
                .message()
                .doesNotContain("USER-KEY");
    }

    @Test
    void requestOptionsMaskTheForwardedKey() {
        RequestOptions options = RequestOptions.builder()
                .forwardedFor("203.0.113.9")
                .forwardedApiKey("USER-KEY")
                .build();
        assertThat(options.headers())
                .containsEntry("X-Forwarded-For", "203.0.113.9")
                .containsEntry("X-Forwarded-API-Key", "USER-KEY");
        assertThat(options.toString()).doesNotContain("USER-KEY").contains("203.0.113.9");
    }

    @Test
    void requestOptionsMaskEveryHeaderTheLogsMask() {
        RequestOptions options = RequestOptions.builder()
                .header("x-service-api-key", "OTHER-KEY")
                .header("Authorization", "Bearer TOKEN")
                .header("Proxy-Authorization", "Basic PROXY")
                .header("X-Trace", "t-1")
                .build();

        assertThat(options.toString())
                .doesNotContain("OTHER-KEY")
                .doesNotContain("TOKEN")
                .doesNotContain("PROXY")
                .contains("X-Trace=t-1");
    }
}
