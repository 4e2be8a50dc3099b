package io.quarry.testsupport;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.mockserver.MockServer;
import java.net.URI;

/**
 * Client configurations with two hosts, {@code a.test} then {@code b.test}, both the mock server (names resolved to
 * the loopback address), so that a fault scripted for one try shows as a failover to the other host.
 */
public final class TwoHostClients {

    /** A header value sent with every call, which must never be observed. */
    public static final String HEADER_VALUE = "header-value-7f3a";

    private TwoHostClients() {}

    /**
     * {@return a builder for the admin key, with the two hosts and the header}
     *
     * @param server the mock server
     */
    public static ClientConfig.Builder config(MockServer server) {
        return config(server, server.adminKey());
    }

    /**
     * {@return a builder with the two hosts and the header}
     *
     * @param server the mock server
     * @param apiKey the key to call with
     */
    public static ClientConfig.Builder config(MockServer server, String apiKey) {
        int port = URI.create(server.url()).getPort();
        return MockServerClients.builder(server, apiKey)
                .hosts(Host.of("http://a.test:" + port), Host.of("http://b.test:" + port))
                .allowInsecureHttp()
                .httpClient(LoopbackHttp.loopbackDnsClient())
                .defaultHeader("X-Team", HEADER_VALUE);
    }
}
