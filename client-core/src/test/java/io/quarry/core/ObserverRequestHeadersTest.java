package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.TryStart;
import io.quarry.core.testing.LoopbackHttp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The headers a call observer gives each try ({@link ObservedCall#requestHeaders()}, a trace context) reach the
 * service on that try's request, and never replace a header the core sets: credentials, body headers, the client's
 * and the call's own headers.
 */
class ObserverRequestHeadersTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    record Reply(boolean ok) {}

    /** An observer whose every try offers the headers {@code headers} makes of the try's number. */
    private record OfferingObserver(IntFunction<Map<String, String>> headers) implements CallObserver {
        @Override
        public ObservedCall callStarted(CallDescription call) {
            return new ObservedCall() {
                private int tryNumber;

                @Override
                public void tryStarted(TryStart attempt) {
                    tryNumber = attempt.number();
                }

                @Override
                public Map<String, String> requestHeaders() {
                    return headers.apply(tryNumber);
                }

                @Override
                public void callEnded(CallEnd end) {}
            };
        }
    }

    private static ApiClient api(CallObserver observer, Host... hosts) {
        return client(config("secret-key-1234", hosts)
                .defaultHeader("X-Team", "catalogue")
                .callObserver(observer)
                .build());
    }

    private static ApiRequest search(ApiClient api) {
        return api.request(SEARCH).path("indexName", "products").body(Map.of("query", "phone"));
    }

    /** {@return the requests the server received, in the order it received them} */
    private static List<LoggedRequest> requests() {
        List<LoggedRequest> newestFirst = WM.getAllServeEvents().stream()
                .map(event -> event.getRequest())
                .collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new));
        java.util.Collections.reverse(newestFirst);
        return newestFirst;
    }

    @Test
    void eachTryCarriesTheHeadersTheObserverGaveForIt() {
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("first.test:"))
                .willReturn(aResponse().withStatus(503).withBody("{\"message\":\"down\"}")));
        WM.stubFor(any(anyUrl()).withHeader("Host", containing("second.test:")).willReturn(okJson("{\"ok\":true}")));
        OfferingObserver observer = new OfferingObserver(tryNumber -> Map.of(
                "traceparent",
                "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b" + tryNumber + "-01",
                "tracestate",
                "vendor=try" + tryNumber));
        int port = WM.getPort();
        try (ApiClient api = api(observer, host("first.test", port), host("second.test", port))) {
            search(api).execute(Reply.class);
            search(api).executeAsync(Reply.class).join();
        }

        List<LoggedRequest> sent = requests();
        assertThat(sent).hasSize(3);
        // the first call: a try refused by the first host, then its second try on the other host, each its own
        assertThat(sent.get(0).getHeader("traceparent")).endsWith("b1-01");
        assertThat(sent.get(0).getHeader("tracestate")).isEqualTo("vendor=try1");
        assertThat(sent.get(1).getHeader("traceparent")).endsWith("b2-01");
        assertThat(sent.get(1).getHeader("tracestate")).isEqualTo("vendor=try2");
        // the asynchronous call skips the host marked down: one try
        assertThat(sent.get(2).getHeader("traceparent")).endsWith("b1-01");
    }

    @Test
    void anObserverCannotReplaceOrAddTheCoresOwnHeaders() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        Map<String, String> offered = new LinkedHashMap<>();
        offered.put("x-service-api-key", "stolen");
        offered.put("X-Service-Application-Id", "other-app");
        offered.put("Authorization", "Bearer other");
        offered.put("Proxy-Authorization", "Basic other");
        offered.put("X-Forwarded-API-Key", "end-user-key");
        offered.put("X-Forwarded-For", "10.0.0.1");
        offered.put("Content-Type", "text/plain");
        offered.put("CONTENT-ENCODING", "br");
        offered.put("Content-Length", "1");
        offered.put("Transfer-Encoding", "chunked");
        offered.put("Host", "elsewhere.test");
        offered.put("Connection", "close");
        offered.put("Cookie", "session=1");
        offered.put("Accept", "text/html");
        offered.put("User-Agent", "observer");
        offered.put("x-team", "observer");
        offered.put("X-Call", "observer");
        offered.put("bad name", "value");
        offered.put("x-line", "a\r\nX-Injected: yes");
        offered.put("baggage", "userId=42");
        try (ApiClient api = api(new OfferingObserver(tryNumber -> offered), host("first.test", WM.getPort()))) {
            search(api)
                    .options(RequestOptions.builder().header("X-Call", "call").build())
                    .execute(Reply.class);
            // a body-less GET: OkHttp sets no Content-Type of its own, which the observer must not set either
            api.request(GET_OBJECT)
                    .path("indexName", "products")
                    .path("objectID", "1")
                    .execute(Reply.class);
        }

        List<LoggedRequest> sent = requests();
        assertThat(sent).hasSize(2);
        for (LoggedRequest request : sent) {
            assertThat(request.getHeader("X-Service-API-Key")).isEqualTo("secret-key-1234");
            assertThat(request.getHeader("X-Service-Application-Id")).isEqualTo("test-app");
            assertThat(request.containsHeader("Authorization")).isFalse();
            assertThat(request.containsHeader("Proxy-Authorization")).isFalse();
            assertThat(request.containsHeader("X-Forwarded-API-Key")).isFalse();
            assertThat(request.containsHeader("X-Forwarded-For")).isFalse();
            assertThat(request.containsHeader("Content-Encoding")).isFalse();
            assertThat(request.containsHeader("Transfer-Encoding")).isFalse();
            assertThat(request.containsHeader("Cookie")).isFalse();
            assertThat(request.containsHeader("X-Injected")).isFalse();
            assertThat(request.containsHeader("x-line")).isFalse();
            assertThat(request.getHeader("Host")).startsWith("first.test:");
            assertThat(request.getHeader("Accept")).isEqualTo("application/json");
            assertThat(request.getHeader("User-Agent")).doesNotContain("observer");
            assertThat(request.getHeader("X-Team")).isEqualTo("catalogue");
            assertThat(request.getHeader("baggage"))
                    .as("a header the core does not set")
                    .isEqualTo("userId=42");
        }
        LoggedRequest search = sent.get(0);
        assertThat(search.getHeader("Content-Type")).startsWith("application/json");
        assertThat(search.getHeader("Content-Length")).isEqualTo(String.valueOf("{\"query\":\"phone\"}".length()));
        assertThat(search.getHeader("X-Call")).isEqualTo("call");
        LoggedRequest get = sent.get(1);
        assertThat(get.containsHeader("Content-Type")).isFalse();
        assertThat(get.getHeader("X-Call"))
                .as("a header no call set is the observer's to add")
                .isEqualTo("observer");
    }

    @Test
    void anObserverThatFailsOrGivesNoneLeavesTheRequestAsItWas() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"ok\":true}")));
        try (ApiClient failing = api(
                        new OfferingObserver(tryNumber -> {
                            throw new IllegalStateException("no context");
                        }),
                        host("first.test", WM.getPort()));
                ApiClient giving = api(new OfferingObserver(tryNumber -> null), host("first.test", WM.getPort()))) {
            assertThat(search(failing).execute(Reply.class)).isEqualTo(new Reply(true));
            assertThat(search(giving).execute(Reply.class)).isEqualTo(new Reply(true));
        }

        assertThat(requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.containsHeader("traceparent")).isFalse();
            assertThat(request.getHeader("X-Service-API-Key")).isEqualTo("secret-key-1234");
        });
    }
}
