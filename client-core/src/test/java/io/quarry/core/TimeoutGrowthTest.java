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
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The timeout the strategy computes for a host that timed out before is the one the socket really uses:
 * a host slower than the base timeout eventually answers because each timeout gives it more time. With a
 * fixed timeout every call would fail forever.
 */
class TimeoutGrowthTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    record Reply(boolean ok) {}

    @Test
    void grownTimeoutIsAppliedToTheCall() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}").withFixedDelay(500)));
        ClientConfig cfg = config("key", host("slow.test", WM.getPort()))
                .readTimeout(Duration.ofMillis(200))
                .build();
        int failedCalls = 0;
        Reply reply = null;
        try (ApiClient api = client(cfg)) {
            for (int call = 0; call < 12 && reply == null; call++) {
                try {
                    reply = api.request(SEARCH).path("indexName", "i").execute(Reply.class);
                } catch (UnreachableHostsException e) {
                    assertThat(e.attempts().get(0).error())
                            .isInstanceOfSatisfying(
                                    TransportException.class,
                                    t -> assertThat(t.isTimeout()).isTrue());
                    failedCalls++;
                }
            }
        }
        assertThat(reply).isEqualTo(new Reply(true));
        // 200 ms and 400 ms cannot wait for a 500 ms answer; a later, longer one (600 ms, then the 800 ms cap) does
        assertThat(failedCalls).isGreaterThanOrEqualTo(2);
    }

    @Test
    void perRequestTimeoutReplacesTheConfiguredOne() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}").withFixedDelay(400)));
        ClientConfig cfg = config("key", host("slow.test", WM.getPort()))
                .readTimeout(Duration.ofMillis(100))
                .build();
        try (ApiClient api = client(cfg)) {
            RequestOptions patient =
                    RequestOptions.builder().readTimeout(Duration.ofSeconds(10)).build();
            assertThat(api.request(SEARCH)
                            .path("indexName", "i")
                            .options(patient)
                            .execute(Reply.class))
                    .isEqualTo(new Reply(true));
        }
    }
}
