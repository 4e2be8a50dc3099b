package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.SocketFactory;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A caller-supplied OkHttpClient is shared and never closed; every socket gets TCP_NODELAY. */
class ClientLifecycleTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint STATUS = Endpoint.read("getStatus", "GET", "/1/status");

    record Reply(boolean ok) {}

    @Test
    void callerSuppliedClientIsNotShutDownOnClose() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        OkHttpClient caller = LoopbackHttp.loopbackDnsClient();
        try (ApiClient api = client(
                config("key", host("a.test", WM.getPort())).httpClient(caller).build())) {
            assertThat(api.request(STATUS).executeAsync(Reply.class).join()).isEqualTo(new Reply(true));
        }
        assertThat(caller.dispatcher().executorService().isShutdown()).isFalse();
        try (ApiClient again = client(
                config("key", host("a.test", WM.getPort())).httpClient(caller).build())) {
            assertThat(again.request(STATUS).executeAsync(Reply.class).join()).isEqualTo(new Reply(true));
        }
    }

    @Test
    void everySocketUsedHasTcpNoDelay() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        List<Socket> sockets = new CopyOnWriteArrayList<>();
        SocketFactory recording = new SocketFactory() {
            private Socket keep(Socket socket) {
                sockets.add(socket);
                return socket;
            }

            @Override
            public Socket createSocket() {
                return keep(new Socket());
            }

            @Override
            public Socket createSocket(String host, int port) throws IOException {
                return keep(new Socket(host, port));
            }

            @Override
            public Socket createSocket(String host, int port, InetAddress local, int localPort) throws IOException {
                return keep(new Socket(host, port, local, localPort));
            }

            @Override
            public Socket createSocket(InetAddress host, int port) throws IOException {
                return keep(new Socket(host, port));
            }

            @Override
            public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort)
                    throws IOException {
                return keep(new Socket(host, port, local, localPort));
            }
        };
        OkHttpClient caller = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .socketFactory(recording)
                .build();
        try (ApiClient api = client(
                config("key", host("a.test", WM.getPort())).httpClient(caller).build())) {
            assertThat(api.request(STATUS).execute(Reply.class)).isEqualTo(new Reply(true));
            assertThat(sockets).isNotEmpty().allSatisfy(socket -> {
                try {
                    assertThat(socket.getTcpNoDelay()).isTrue();
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
        }
    }
}
