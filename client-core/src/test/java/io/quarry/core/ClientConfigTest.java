package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClientConfigTest {

    @Test
    void blankApplicationIdOrKeyFailsAtBuildTime() {
        assertThatThrownBy(() -> ClientConfig.builder(" ", "key"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("application ID must not be blank");
        assertThatThrownBy(() -> ClientConfig.builder("app", ""))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("API key must not be blank");
        assertThatThrownBy(() -> ClientConfig.builder("app", null)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void hasTheDocumentedDefaults() {
        ClientConfig config = ClientConfig.builder("app", "key").build();
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.readTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.writeTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.hostDownTtl()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.requestCompression()).isEqualTo(RequestCompression.NONE);
        assertThat(config.maxRateLimitWait()).isEmpty();
        assertThat(config.hosts()).isEmpty();
        assertThat(config.domains()).isEqualTo(ServiceDomains.of());
    }

    @Test
    void plainHttpIsRefusedUnlessLoopbackOrAllowed() {
        assertThatThrownBy(() -> ClientConfig.builder("app", "key")
                        .hosts(Host.of("http://search.example.com"))
                        .build())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("refusing plain http");
        assertThat(ClientConfig.builder("app", "key")
                        .hosts(Host.of("http://127.0.0.1:8080"))
                        .build()
                        .hosts())
                .hasSize(1);
        assertThat(ClientConfig.builder("app", "key")
                        .hosts(Host.of("http://localhost:8080"))
                        .build()
                        .hosts())
                .hasSize(1);
        assertThat(ClientConfig.builder("app", "key")
                        .hosts(Host.of("http://search.example.com"))
                        .allowInsecureHttp()
                        .build()
                        .hosts())
                .hasSize(1);
    }

    @Test
    void plainHttpFromADefaultRuleIsRefusedToo() {
        ClientConfig config = ClientConfig.builder("app", "key").build();
        DefaultHosts insecure = DefaultHosts.fixed(Host.of("http://search.example.com"));
        assertThatThrownBy(() -> config.resolveHosts(insecure)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void customHostsReplaceTheDefaults() {
        Host custom = Host.of("http://127.0.0.1:9999");
        ClientConfig config = ClientConfig.builder("app", "key").hosts(custom).build();
        assertThat(config.resolveHosts(DefaultHosts.searchStyle())).containsExactly(custom);
    }

    @Test
    void clientShufflesTheDefaultFallbacksOnceWithTheInjectedRandom() {
        List<List<Host>> orders = new java.util.ArrayList<>();
        for (long seed = 0; seed < 10; seed++) {
            ClientConfig config =
                    ClientConfig.builder("app", "key").shuffle(new Random(seed)).build();
            try (ApiClient api = ApiClient.create(config, new ClientModule("Test", "1", DefaultHosts.searchStyle()))) {
                ClientConfig same = ClientConfig.builder("app", "key")
                        .shuffle(new Random(seed))
                        .build();
                assertThat(same.resolveHosts(DefaultHosts.searchStyle())).isEqualTo(api.hosts());
                assertThat(api.hosts()).isEqualTo(api.hosts());
                orders.add(api.hosts());
            }
        }
        assertThat(orders.stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void toStringNeverShowsTheKey() {
        ClientConfig config = ClientConfig.builder("app", "SECRET-KEY-1").build();
        assertThat(config.toString()).doesNotContain("SECRET-KEY-1").contains("app");
        assertThat(config.credentials().toString()).doesNotContain("SECRET-KEY-1");
    }

    @Test
    void toBuilderKeepsEverySetting() {
        ClientConfig config = ClientConfig.builder("app", "key")
                .readTimeout(Duration.ofSeconds(1))
                .addUserAgentSegment("x (1)")
                .requestCompression(RequestCompression.GZIP)
                .shuffle(new Random(1))
                .maxRateLimitWait(Duration.ofSeconds(3))
                .build();
        ClientConfig copy = config.toBuilder().build();
        assertThat(copy.readTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(copy.userAgentSegments()).isEqualTo(List.of("x (1)"));
        assertThat(copy.requestCompression()).isEqualTo(RequestCompression.GZIP);
        assertThat(copy.maxRateLimitWait()).isEqualTo(Optional.of(Duration.ofSeconds(3)));
    }

    @Test
    void userAgentSegmentsMustNotBreakTheHeader() {
        assertThatThrownBy(() -> ClientConfig.builder("app", "key").addUserAgentSegment("a; b"))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aUserAgentSegmentTooLongForServersIsRefusedWithoutBeingShown() {
        String segment = "x".repeat(257);
        assertThatThrownBy(() -> ClientConfig.builder("app", "key").addUserAgentSegment(segment))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("at most 256 characters")
                .hasMessageNotContaining(segment);
        assertThat(ClientConfig.builder("app", "key")
                        .addUserAgentSegment("x".repeat(256))
                        .build()
                        .userAgentSegments())
                .containsExactly("x".repeat(256));
        assertThatThrownBy(() -> ClientConfig.builder("app", "key").addUserAgentSegment("shop\r\nX-Forged: 1"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageNotContaining("X-Forged");
    }

    @Test
    void aDefaultHeaderTheClientSetsItselfIsRefused() {
        for (String name : List.of(
                "Host",
                "content-length",
                "Content-Type",
                "Content-Encoding",
                "Transfer-Encoding",
                "Connection",
                "Upgrade",
                "Expect",
                "Accept",
                "User-Agent",
                "X-Service-API-Key",
                "x-service-application-id")) {
            assertThatThrownBy(() -> ClientConfig.builder("app", "the-key").defaultHeader(name, "the-key"))
                    .as(name)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("set by the client itself")
                    .hasMessageNotContaining("the-key");
        }
        // basic credentials send Authorization; API-key ones do not, so a gateway's own may be a default header
        assertThatThrownBy(() -> ClientConfig.builder(Credentials.basic("user", "pass"))
                        .defaultHeader("authorization", "Bearer x"))
                .isInstanceOf(ConfigurationException.class);
        assertThat(ClientConfig.builder("app", "key")
                        .defaultHeader("Authorization", "Bearer x")
                        .defaultHeader("X-Service-User-ID", "user-1")
                        .build()
                        .defaultHeaders())
                .containsKeys("Authorization", "X-Service-User-ID");
    }

    @Test
    void aDefaultHeaderNameThatIsNotATokenIsRefusedWithoutBeingShown() {
        for (String name : List.of("", " ", "X Team", "X(Team)", "X:Team", "X-T\u00e9am", "X\r\nX-Forged")) {
            assertThatThrownBy(() -> ClientConfig.builder("app", "key").defaultHeader(name, "v"))
                    .as(name)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageStartingWith("invalid header name")
                    .hasMessageNotContaining("X-Forged");
        }
    }

    @Test
    void aLimitTooShortForAnyAnswerIsRefused() {
        for (Duration tooShort : List.of(Duration.ofNanos(1), Duration.ofNanos(999_999))) {
            assertThatThrownBy(() -> ClientConfig.builder("app", "key").callDeadline(tooShort))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageStartingWith("call deadline must be at least 1 ms");
            assertThatThrownBy(() -> ClientConfig.builder("app", "key").attemptTimeout(tooShort))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageStartingWith("attempt timeout must be at least 1 ms");
            assertThatThrownBy(() -> RequestOptions.builder().callDeadline(tooShort))
                    .isInstanceOf(InvalidRequestException.class);
        }
        assertThat(ClientConfig.builder("app", "key")
                        .callDeadline(Duration.ofMillis(1))
                        .attemptTimeout(Duration.ofMillis(1))
                        .build()
                        .callDeadline())
                .isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void roundsOfTheLongestDurationsShowThemselves() {
        Duration forever = Duration.ofSeconds(Long.MAX_VALUE);
        RetryRounds rounds = RetryRounds.forOutages().budget(forever).waits(forever, forever);
        assertThat(rounds.toString()).contains("budget=" + Long.MAX_VALUE + " ms");
        assertThat(ClientConfig.builder("app", "key")
                        .retryRounds(rounds)
                        .build()
                        .toString())
                .contains("retryRounds=");
    }
}
