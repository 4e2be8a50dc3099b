package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.TransportException;
import io.quarry.core.UnreachableHostsException;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A client reaches an HTTPS server with a self-signed certificate only once told to trust it. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(https = true)
class TlsTrustTest {

    private static ClientConfig.Builder config(MockServer server) {
        return ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .logLevel(LogLevel.NONE);
    }

    @Test
    void trustManagerOfTheServerLetsTheClientIn(MockServer server) {
        try (SearchClient client = SearchClient.create(config(server)
                .trustManager(server.trustMaterial().trustManager())
                .build())) {
            assertThat(client.listIndices().items()).isNotNull();
        }
    }

    @Test
    void withoutItTheCertificateIsRefused(MockServer server) {
        try (SearchClient client = SearchClient.create(config(server).build())) {
            assertThatThrownBy(client::listIndices)
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts())
                                    .singleElement()
                                    .satisfies(a -> assertThat(a.error())
                                            .isInstanceOf(TransportException.class)
                                            .hasMessageContaining("SSL")));
        }
    }

    @Test
    void configShowsThatTrustIsCustomWithoutDetails(MockServer server) {
        ClientConfig config = config(server)
                .trustManager(server.trustMaterial().trustManager())
                .build();

        assertThat(config.trustManager()).isPresent();
        assertThat(config.toString()).contains("trustManager=custom");
        assertThat(config.toBuilder().build().trustManager()).isPresent();
    }
}
