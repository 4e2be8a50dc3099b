package io.quarry.search;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.CallType;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;

/** WireMock servers on loopback and search clients pointed at them, for request-shape tests. */
final class WireMockClients {

    static final String APP_ID = "TESTAPP";
    static final String API_KEY = "test-admin-key";

    private WireMockClients() {
    }

    static WireMockExtension server() {
        return WireMockExtension.newInstance()
                .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
                .build();
    }

    static SearchClient client(WireMockExtension server) {
        return client(Host.of(server.baseUrl()));
    }

    /** A client whose reads go to one server and writes to the other. */
    static SearchClient client(WireMockExtension read, WireMockExtension write) {
        return client(Host.of(read.baseUrl(), CallType.READ), Host.of(write.baseUrl(), CallType.WRITE));
    }

    private static SearchClient client(Host... hosts) {
        return SearchClient.create(ClientConfig.builder(APP_ID, API_KEY)
                .hosts(hosts)
                .logLevel(LogLevel.NONE)
                .build());
    }
}
