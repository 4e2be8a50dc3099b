package io.quarry.micrometer;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.mockserver.MockServer;
import io.quarry.testsupport.MockServerClients;
import java.net.URI;

/** Client configurations with two hosts, {@code a.test} then {@code b.test}, both the mock server. */
final class TwoHostClients {

    /** A header value sent with every call, which must never be observed. */
    static final String HEADER_VALUE = "header-value-7f3a";

    private TwoHostClients() {}

    static ClientConfig.Builder config(MockServer server) {
        return config(server, server.adminKey());
    }

    static ClientConfig.Builder config(MockServer server, String apiKey) {
        int port = URI.create(server.url()).getPort();
        return MockServerClients.builder(server, apiKey)
                .hosts(Host.of("http://a.test:" + port), Host.of("http://b.test:" + port))
                .allowInsecureHttp()
                .httpClient(LoopbackHttp.loopbackDnsClient())
                .defaultHeader("X-Team", HEADER_VALUE);
    }
}
