package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.quarry.core.testing.LoopbackHttp;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A configured proxy carries the calls (here WireMock on loopback plays the HTTP proxy). */
class ProxyTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    record Reply(boolean ok) {}

    @Test
    void callsGoThroughTheConfiguredProxy() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        Proxy proxy = new Proxy(Proxy.Type.HTTP, new InetSocketAddress("127.0.0.1", WM.getPort()));
        ClientConfig cfg = ClientConfig.builder("app", "key")
                .hosts(Host.of("http://search.proxied.test"))
                .allowInsecureHttp()
                .proxy(proxy)
                .build();
        try (ApiClient api = ApiClient.create(cfg, LoopbackHttp.MODULE)) {
            assertThat(api.request(Endpoint.read("getSettings", "GET", "/1/indexes/{indexName}/settings"))
                            .path("indexName", "products")
                            .execute(Reply.class))
                    .isEqualTo(new Reply(true));
        }
        List<LoggedRequest> requests = WM.findAll(anyRequestedFor(anyUrl()));
        assertThat(requests).hasSize(1);
        assertThat(requests.get(0).getHeader("Host")).isEqualTo("search.proxied.test");
        assertThat(requests.get(0).getUrl()).endsWith("/1/indexes/products/settings");
    }
}
