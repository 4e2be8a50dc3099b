package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.serviceUnavailable;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A request whose body tells, as it is written, whether it may be delivered twice
 * ({@link ApiRequest#notSafeToRepeatIf}): asked only once a try failed, after the body was written; not sent again
 * when it says so, sent to the next host when it does not.
 */
class NotSafeToRepeatAsWrittenTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint BATCH = Endpoint.write("batch", "POST", "/1/indexes/{indexName}/batch");

    /** A body noting, as it is serialised, whether it holds something that adds up. */
    public static final class Body {
        private final boolean cumulative;
        private final AtomicBoolean written = new AtomicBoolean();
        private final AtomicBoolean unsafe = new AtomicBoolean();

        Body(boolean cumulative) {
            this.cumulative = cumulative;
        }

        public String getOperation() {
            written.set(true);
            unsafe.set(cumulative);
            return cumulative ? "Increment" : "IncrementSet";
        }
    }

    @BeforeEach
    void stubs() {
        WM.stubFor(any(anyUrl()).withHeader("Host", containing("first.test:")).willReturn(serviceUnavailable()));
        WM.stubFor(any(anyUrl()).withHeader("Host", containing("second.test:")).willReturn(okJson("{\"taskID\":1}")));
    }

    private static int requestsTo(String hostName) {
        return WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing(hostName + ":")))
                .size();
    }

    private static String send(Body body, AtomicInteger askedBeforeWritten) {
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("first.test", port), host("second.test", port))
                .build())) {
            return api.request(BATCH)
                    .path("indexName", "products")
                    .body(body)
                    .notSafeToRepeatIf(() -> {
                        if (!body.written.get()) {
                            askedBeforeWritten.incrementAndGet();
                        }
                        return body.unsafe.get();
                    })
                    .execute(String.class);
        }
    }

    @Test
    void aBodyThatWroteSomethingCumulativeIsNotSentAgain() {
        AtomicInteger askedBeforeWritten = new AtomicInteger();

        assertThatThrownBy(() -> send(new Body(true), askedBeforeWritten))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(requestsTo("second.test")).isZero();
        assertThat(askedBeforeWritten).hasValue(0);
    }

    @Test
    void aBodyThatWroteNothingCumulativeIsSentToTheNextHost() {
        AtomicInteger askedBeforeWritten = new AtomicInteger();

        assertThat(send(new Body(false), askedBeforeWritten)).contains("taskID");

        assertThat(requestsTo("second.test")).isEqualTo(1);
        assertThat(askedBeforeWritten).hasValue(0);
    }
}
