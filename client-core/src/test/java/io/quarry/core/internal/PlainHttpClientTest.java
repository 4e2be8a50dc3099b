package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import java.util.List;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

/** A client whose hosts are all plain http sets up no TLS (a cold start's saving); any other keeps OkHttp's. */
class PlainHttpClientTest {

    private static final ClientModule MODULE =
            new ClientModule("Test", "1.0", DefaultHosts.fixed(Host.of("https://test.example.net")));

    private static List<ConnectionSpec> specsOf(ClientConfig.Builder config) {
        try (HttpTransport transport = new HttpTransport(config.build(), MODULE)) {
            return transport.httpClient().connectionSpecs();
        }
    }

    @Test
    void plainHttpHostsOnlyGetAClearTextClient() {
        ClientConfig config = ClientConfig.builder("APP", "key")
                .hosts(Host.of("http://127.0.0.1:9"), Host.of("http://localhost:10"))
                .build();
        try (HttpTransport transport = new HttpTransport(config, MODULE)) {
            assertThat(transport.httpClient().connectionSpecs()).containsExactly(ConnectionSpec.CLEARTEXT);
            assertThatThrownBy(() -> transport.httpClient().sslSocketFactory())
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void anHttpsHostKeepsTheDefaultTlsSpecs() {
        List<ConnectionSpec> defaults = new OkHttpClient.Builder().build().connectionSpecs();
        assertThat(specsOf(ClientConfig.builder("APP", "key")
                        .hosts(Host.of("http://127.0.0.1:9"), Host.of("https://a.example.net"))))
                .isEqualTo(defaults);
        assertThat(specsOf(ClientConfig.builder("APP", "key"))).isEqualTo(defaults);
    }

    @Test
    void aCallersClientKeepsItsOwnSpecs() {
        List<ConnectionSpec> own = List.of(ConnectionSpec.MODERN_TLS, ConnectionSpec.CLEARTEXT);
        OkHttpClient callers = new OkHttpClient.Builder().connectionSpecs(own).build();
        assertThat(specsOf(ClientConfig.builder("APP", "key")
                        .hosts(Host.of("http://127.0.0.1:9"))
                        .httpClient(callers)))
                .isEqualTo(own);
    }
}
