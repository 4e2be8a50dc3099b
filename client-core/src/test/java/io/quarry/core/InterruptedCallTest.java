package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A blocking call on a thread already interrupted, with no connection open yet: OkHttp waits for a new connection
 * in a way that throws a checked {@link InterruptedException} it does not declare. The call ends with a
 * {@link TransportException}, tries no further host and leaves the thread's interrupt flag set. Before, the
 * undeclared {@code InterruptedException} itself reached the caller, and the flag was cleared.
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
}
