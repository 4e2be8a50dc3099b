package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One try per host, counted at the server: OkHttp's own silent retry on connection failure is off, even when
 * the caller's OkHttpClient has it on (OkHttp's default), so a write is never sent twice behind our back.
 */
class NoHiddenAttemptsTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint ADD = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    @ParameterizedTest
    @EnumSource(
            value = Fault.class,
            names = {"CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE", "RANDOM_DATA_THEN_CLOSE", "MALFORMED_RESPONSE_CHUNK"
            })
    void aFailedTryIsSentExactlyOnce(Fault fault) {
        WM.stubFor(any(anyUrl()).willReturn(aResponse().withFault(fault)));
        assertThat(LoopbackHttp.loopbackDnsClient().retryOnConnectionFailure()).isTrue();
        try (ApiClient api =
                client(config("key", host("only.test", WM.getPort())).build())) {
            assertThatThrownBy(() -> api.request(ADD)
                            .path("indexName", "i")
                            .body(Map.of("name", "x"))
                            .execute(FreeFormRecord.class))
                    // a 2xx whose body is cut was applied; this write is safe to repeat, so with no host left it
                    // fails as unreachable, its one attempt unreadable
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts().get(0).error())
                                    .isInstanceOf(
                                            fault == Fault.MALFORMED_RESPONSE_CHUNK
                                                    ? DeserializationException.class
                                                    : TransportException.class));
        }
        assertThat(WM.findAll(anyRequestedFor(anyUrl()))).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(
            value = Fault.class,
            names = {"CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE"})
    void aFailedAsyncTryIsSentExactlyOnce(Fault fault) {
        WM.stubFor(any(anyUrl()).willReturn(aResponse().withFault(fault)));
        try (ApiClient api =
                client(config("key", host("only.test", WM.getPort())).build())) {
            assertThat(api.request(ADD)
                            .path("indexName", "i")
                            .body(Map.of("name", "x"))
                            .executeAsync(Void.class))
                    .failsWithin(java.time.Duration.ofSeconds(10));
        }
        assertThat(WM.findAll(anyRequestedFor(anyUrl()))).hasSize(1);
    }
}
