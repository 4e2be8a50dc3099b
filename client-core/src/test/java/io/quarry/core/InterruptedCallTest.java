package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Blocking calls whose thread is interrupted end with a {@link TransportException}, try no further host, blame no
 * host and leave the thread's interrupt flag set. Before, a call on a thread already interrupted, with no connection
 * open yet, threw the checked {@link InterruptedException} that OkHttp's wait for a new connection throws without
 * declaring it, and cleared the flag; and a call interrupted while its success answer arrived marked its host down,
 * sending the next calls to another host.
 */
class InterruptedCallTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    @Test
    void anInterruptedBlockingCallEndsTypedAndKeepsTheFlag() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("first.test", port), host("second.test", port))
                .build())) {
            Thread.currentThread().interrupt();
            Throwable thrown;
            boolean stillInterrupted;
            try {
                thrown = catchThrowable(() -> api.request(GET_OBJECT)
                        .path("indexName", "products")
                        .path("objectID", "1")
                        .execute(Map.class));
            } finally {
                stillInterrupted = Thread.interrupted(); // clears it for the next tests
            }

            assertThat(thrown).isInstanceOf(TransportException.class).hasMessageContaining("interrupted");
            assertThat(stillInterrupted).as("the interrupt flag after the call").isTrue();
            assertThat(WM.findAll(anyRequestedFor(anyUrl())))
                    .as("requests sent")
                    .isEmpty();
        }
    }

    /** Whether reading the next answer's first item interrupts the reading thread. */
    private static final AtomicBoolean INTERRUPT_ON_FIRST_ITEM = new AtomicBoolean();

    /** An item of the answer; reading the first may interrupt the reading thread, while the rest is on its way. */
    record Item(int n) {
        Item {
            if (n == 0 && INTERRUPT_ON_FIRST_ITEM.getAndSet(false)) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void anInterruptWhileTheAnswerArrivesBlamesNoHost() {
        StringBuilder items = new StringBuilder("[");
        for (int n = 0; n < 5_000; n++) {
            items.append(n == 0 ? "" : ",").append("{\"n\":").append(n).append('}');
        }
        // larger than the client reads whole before decoding, and sent in parts: decoding waits on the network
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("first.test:"))
                .willReturn(okJson(items.append(']').toString()).withChunkedDribbleDelay(20, 400)));
        WM.stubFor(any(anyUrl()).withHeader("Host", containing("second.test:")).willReturn(okJson("[]")));
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("first.test", port), host("second.test", port))
                .build())) {
            Throwable thrown;
            INTERRUPT_ON_FIRST_ITEM.set(true);
            try {
                thrown = catchThrowable(() -> items(api));
            } finally {
                assertThat(Thread.interrupted())
                        .as("the interrupt flag after the call")
                        .isTrue();
            }
            assertThat(thrown).isInstanceOf(TransportException.class).hasMessageContaining("interrupted");

            WM.resetRequests();
            assertThat(items(api))
                    .as("the next call, from the first host still")
                    .hasSize(5_000);
            assertThat(WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing("second.test:"))))
                    .isEmpty();
        }
    }

    private static List<Item> items(ApiClient api) {
        return api.request(GET_OBJECT)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(new TypeRef<List<Item>>() {});
    }
}
