package io.quarry.testsupport;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.CallType;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;

/** WireMock servers on loopback and client configurations pointed at them, for request-shape tests. */
public final class WireMockClients {

    /** The application ID the configurations carry. */
    public static final String APP_ID = "TESTAPP";
    /** The API key the configurations carry. */
    public static final String API_KEY = "test-admin-key";

    private WireMockClients() {}

    /**
     * A WireMock server on a free loopback port, for {@code @RegisterExtension}.
     *
     * @return the extension
     */
    public static WireMockExtension server() {
        return WireMockExtension.newInstance()
                .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
                .build();
    }

    /**
     * A configuration whose every call goes to one server.
     *
     * @param server the server
     * @return the configuration
     */
    public static ClientConfig config(WireMockExtension server) {
        return builder(Host.of(url(server))).build();
    }

    /**
     * A configuration whose reads go to one server and writes to the other.
     *
     * @param read  the server for reads
     * @param write the server for writes
     * @return the configuration
     */
    public static ClientConfig config(WireMockExtension read, WireMockExtension write) {
        return builder(Host.of(url(read), CallType.READ), Host.of(url(write), CallType.WRITE))
                .build();
    }

    /**
     * The server's base URL. WireMock's own {@code baseUrl()} formats the port in the default locale, which writes
     * it in Thai digits in a Thai locale, for one.
     *
     * @param server the server
     * @return its URL, {@code http://127.0.0.1:<port>}
     */
    public static String url(WireMockExtension server) {
        return "http://127.0.0.1:" + server.getPort();
    }

    /**
     * A builder over some hosts, logging off, to adjust further.
     *
     * @param hosts the hosts
     * @return the builder
     */
    public static ClientConfig.Builder builder(Host... hosts) {
        return ClientConfig.builder(APP_ID, API_KEY).hosts(hosts).logLevel(LogLevel.NONE);
    }
}
