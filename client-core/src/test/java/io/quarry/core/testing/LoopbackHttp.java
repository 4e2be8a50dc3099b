package io.quarry.core.testing;

import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.List;
import okhttp3.OkHttpClient;

/**
 * Test helpers: a WireMock server bound to 127.0.0.1, and an OkHttp client whose DNS maps every name to
 * 127.0.0.1, so tests can give each host a name ({@code read.test}, {@code fallback-1.test}, ...) and tell
 * hosts apart by the {@code Host} header, while every byte stays on loopback.
 */
public final class LoopbackHttp {

    /** The module used by transport tests. */
    public static final ClientModule MODULE =
            new ClientModule("Test", "1.0", DefaultHosts.fixed(Host.of("https://unused.test")));

    private LoopbackHttp() {}

    /** @return a WireMock extension on a dynamic port of 127.0.0.1 */
    public static WireMockExtension wireMock() {
        return WireMockExtension.newInstance()
                .options(WireMockConfiguration.wireMockConfig()
                        .dynamicPort()
                        .bindAddress("127.0.0.1")
                        .containerThreads(20))
                .build();
    }

    /** @return an OkHttp client resolving every host name to 127.0.0.1 */
    public static OkHttpClient loopbackDnsClient() {
        return new OkHttpClient.Builder().dns(name -> List.of(loopback(name))).build();
    }

    /**
     * A host named {@code name} on the given loopback port.
     *
     * @param name      a test host name such as {@code read.test}
     * @param port      the port
     * @param callTypes the call types served
     * @return the host
     */
    public static Host host(String name, int port, io.quarry.core.CallType... callTypes) {
        return Host.of("http://" + name + ":" + port, callTypes);
    }

    /**
     * A config builder for the given hosts, with loopback DNS and plain http allowed.
     *
     * @param apiKey the API key to use
     * @param hosts  the hosts
     * @return the builder
     */
    public static ClientConfig.Builder config(String apiKey, Host... hosts) {
        return ClientConfig.builder("test-app", apiKey)
                .hosts(hosts)
                .allowInsecureHttp()
                .httpClient(loopbackDnsClient());
    }

    /**
     * A client of {@link #MODULE}.
     *
     * @param config the configuration
     * @return the client
     */
    public static ApiClient client(ClientConfig config) {
        return ApiClient.create(config, MODULE);
    }

    /** @return a loopback port nothing listens on */
    public static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InetAddress loopback(String name) throws UnknownHostException {
        return InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1});
    }
}
