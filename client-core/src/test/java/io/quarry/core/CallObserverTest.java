package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A registered call observer sees each call once, each try with its host and outcome, and composite calls. */
class CallObserverTest {

    /** The test's own threads for a blocking call the host holds, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    static final Endpoint ADD = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");
    static final Endpoint GET_KEY = Endpoint.read("getApiKey", "GET", "/1/keys/{key}");
    static final Duration WAIT = Duration.ofSeconds(10);

    record Reply(boolean ok) {}

    private final RecordingObserver observer = new RecordingObserver();

    @AfterEach
    void clearContext() {
        RecordingObserver.CONTEXT.remove();
    }

    private void stub(String hostName, ResponseDefinitionBuilder response) {
        WM.stubFor(any(anyUrl()).withHeader("Host", containing(hostName + ":")).willReturn(response));
    }

    private ApiClient twoHosts(CallObserver observer) {
        int port = WM.getPort();
        return client(config("secret-key-1234", host("first.test", port), host("second.test", port))
                .callObserver(observer)
                .build());
    }

    private static ApiRequest search(ApiClient api) {
        return api.request(SEARCH).path("indexName", "products").body(Map.of("query", "phone"));
    }

    @Test
    void aRequestThatWritesRecordsSaysHowManyWithItsBodySize() {
        stub("first.test", okJson("{\"ok\":true}"));
        try (ApiClient api = twoHosts(observer)) {
            search(api).records(12).execute(Reply.class);
            search(api).execute(Reply.class);
        }

        assertThat(observer.calls()).extracting(c -> c.description().records()).containsExactly(12, 0);
        assertThat(observer.calls().get(0).tryEnds().get(0).requestBytes()).isEqualTo("{\"query\":\"phone\"}".length());
    }

    @Test
    void aCallersOwnEventListenerStillHearsTheCallsWhoseBodySizesAreCounted() {
        stub("first.test", okJson("{\"ok\":true}"));
        List<Long> heard = new CopyOnWriteArrayList<>();
        OkHttpClient callers = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .eventListener(new EventListener() {
                    @Override
                    public void requestBodyEnd(Call call, long byteCount) {
                        heard.add(byteCount);
                    }
                })
                .build();
        try (ApiClient api = client(config("key", host("first.test", WM.getPort()))
                .httpClient(callers)
                .callObserver(observer)
                .build())) {
            search(api).execute(Reply.class);
        }

        long sent = "{\"query\":\"phone\"}".length();
        assertThat(heard).containsExactly(sent);
        TryEnd end = observer.calls().get(0).tryEnds().get(0);
        assertThat(end.requestBytes()).isEqualTo(sent);
        assertThat(end.responseBytes()).isPositive();
    }

    @Test
    void aFailoverIsOneCallWithTwoTriesTheFirstMarkingItsHostDown() {
        stub("first.test", aResponse().withStatus(503).withBody("{\"message\":\"down\"}"));
        stub("second.test", okJson("{\"ok\":true}").withHeader("X-Request-Id", "req-42"));
        try (ApiClient api = twoHosts(observer)) {
            assertThat(search(api).execute(Reply.class)).isEqualTo(new Reply(true));
        }

        assertThat(observer.calls()).hasSize(1);
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.description())
                .isEqualTo(new CallDescription(
                        "test",
                        "search",
                        "POST",
                        "/1/indexes/{indexName}/query",
                        "/1/indexes/products/query",
                        "products",
                        CallType.READ,
                        null,
                        0));
        assertThat(call.tryStarts()).extracting(t -> t.host().hostname()).containsExactly("first.test", "second.test");
        TryEnd first = call.tryEnds().get(0);
        TryEnd second = call.tryEnds().get(1);
        assertThat(first.number()).isEqualTo(1);
        assertThat(first.status()).isEqualTo(503);
        assertThat(first.errorType()).isEqualTo("ServerErrorException");
        assertThat(first.hostMarkedDown()).isTrue();
        assertThat(second.number()).isEqualTo(2);
        assertThat(second.succeeded()).isTrue();
        assertThat(second.hostMarkedDown()).isFalse();
        assertThat(second.requestId()).isEqualTo("req-42");
        assertThat(second.requestBytes()).isEqualTo("{\"query\":\"phone\"}".length());
        // as the bytes came over the network: WireMock gzips its answers for OkHttp
        assertThat(second.responseBytes()).isPositive();
        assertThat(call.end()).isEqualTo(new CallEnd(null, 200, 2));
        assertThat(call.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(call.endCount()).isEqualTo(1);
    }

    @Test
    void anObservationThatReadsNoBodySizesGetsNoneCounted() {
        stub("first.test", okJson("{\"ok\":true}"));
        List<TryEnd> tries = new CopyOnWriteArrayList<>();
        CallObserver sizeless = call -> new ObservedCall() {
            @Override
            public void tryEnded(TryEnd attempt) {
                tries.add(attempt);
            }

            @Override
            public void callEnded(CallEnd end) {}

            @Override
            public boolean readsBodySizes() {
                return false;
            }
        };
        try (ApiClient api = twoHosts(sizeless)) {
            assertThat(search(api).execute(Reply.class)).isEqualTo(new Reply(true));
        }

        assertThat(tries).singleElement().satisfies(t -> {
            assertThat(t.succeeded()).isTrue();
            assertThat(t.requestBytes()).isEqualTo(-1);
            assertThat(t.responseBytes()).isEqualTo(-1);
        });
    }

    @Test
    void aWriteThatMayHaveArrivedEndsWithTheOutcomeUnknownError() {
        stub("first.test", aResponse().withStatus(503).withBody("{\"message\":\"down\"}"));
        try (ApiClient api = twoHosts(observer)) {
            assertThatThrownBy(() -> api.request(ADD)
                            .path("indexName", "products")
                            .body(Map.of("name", "one"))
                            .notSafeToRepeat()
                            .execute(Reply.class))
                    .isInstanceOf(WriteOutcomeUnknownException.class);
        }
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.tryEnds()).singleElement().satisfies(t -> {
            assertThat(t.status()).isEqualTo(503);
            assertThat(t.errorType()).isEqualTo("ServerErrorException");
        });
        assertThat(call.end().errorType()).isEqualTo("WriteOutcomeUnknownException");
        assertThat(call.end().outcome()).isEqualTo(CallEnd.Outcome.FAILURE);
    }

    @Test
    void aClientErrorEndsTheCallWithItsStatusAndType() {
        stub("first.test", aResponse().withStatus(404).withBody("{\"message\":\"no such index\"}"));
        try (ApiClient api = twoHosts(observer)) {
            assertThatThrownBy(() -> search(api).execute(Reply.class)).isInstanceOf(NotFoundException.class);
        }
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.tryEnds()).singleElement().satisfies(t -> {
            assertThat(t.status()).isEqualTo(404);
            assertThat(t.hostMarkedDown()).isFalse();
        });
        assertThat(call.end().status()).isEqualTo(404);
        assertThat(call.end().errorType()).isEqualTo("NotFoundException");
    }

    @Test
    void aNetworkFailureIsReportedByTheTypeOfItsCause() {
        int closed = LoopbackHttp.closedPort();
        try (ApiClient api = client(config("key", host("gone.test", closed), host("second.test", WM.getPort()))
                .callObserver(observer)
                .build())) {
            stub("second.test", okJson("{\"ok\":true}"));
            search(api).execute(Reply.class);
        }
        TryEnd first = observer.calls().get(0).tryEnds().get(0);
        assertThat(first.status()).isZero();
        assertThat(first.errorType()).isEqualTo("ConnectException");
        assertThat(first.hostMarkedDown()).isTrue();
        assertThat(first.responseBytes()).isEqualTo(-1);
    }

    @Test
    void keySegmentsAreMaskedInThePath() {
        stub("first.test", okJson("{\"ok\":true}"));
        try (ApiClient api = twoHosts(observer)) {
            api.request(GET_KEY).path("key", "0123456789abcdef0123456789abcdef").execute(Reply.class);
        }
        CallDescription call = observer.calls().get(0).description();
        assertThat(call.path()).doesNotContain("0123456789abcdef").startsWith("/1/keys/");
        assertThat(call.toString()).doesNotContain("secret-key-1234");
    }

    @Test
    void anAsyncCallCompletesInTheCallersContextAndSendsInItsOwn() {
        stub("first.test", okJson("{\"ok\":true}").withFixedDelay(100));
        RecordingObserver.CONTEXT.set("caller");
        try (ApiClient api = twoHosts(observer)) {
            CompletableFuture<String> seen =
                    search(api).executeAsync(Reply.class).thenApply(r -> RecordingObserver.CONTEXT.get());
            RecordingObserver.CONTEXT.set("something else");
            assertThat(seen.join()).isEqualTo("caller");
        }
        RecordingObserver.Call call = observer.calls().get(0);
        assertThat(call.callerContext()).isEqualTo("caller");
        assertThat(call.awaitEnd(WAIT).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(call.tryEnds()).hasSize(1);
        assertThat(call.completesElsewhereCount()).isEqualTo(1);
    }

    @Test
    void onlyAnAsyncCallAsksTheObserverToKeepTheCallersContext() {
        stub("first.test", okJson("{\"ok\":true}"));
        try (ApiClient api = twoHosts(observer)) {
            search(api).execute(Reply.class);
        }
        // a blocking call completes on the caller's thread: the observer need not copy its MDC
        assertThat(observer.calls().get(0).completesElsewhereCount()).isZero();
    }

    @Test
    void closingTheClientEndsACallInFlightWithTheClosedClientError() throws Exception {
        stub("first.test", okJson("{\"ok\":true}").withFixedDelay(3_000));
        int port = WM.getPort();
        // a close that cancels at once: one given the time would let the held answers arrive
        ApiClient api = client(config("secret-key-1234", host("first.test", port), host("second.test", port))
                .callObserver(observer)
                .closeTimeout(Duration.ZERO)
                .build());
        CompletableFuture<Reply> sync =
                CompletableFuture.supplyAsync(() -> search(api).execute(Reply.class), threads);
        CompletableFuture<Reply> async = search(api).executeAsync(Reply.class);
        // in flight: both requests are at the server, which holds their answers for 3 s
        Eventually.waitUntil(
                "both calls' requests to reach the server",
                () -> WM.findAll(anyRequestedFor(anyUrl())).size() >= 2);
        assertThat(WM.findAll(anyRequestedFor(anyUrl()))).hasSize(2);
        assertThat(observer.calls())
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.tryStarts()).hasSize(1));
        api.close();

        assertThatThrownBy(sync::join).hasCauseInstanceOf(ClientClosedException.class);
        assertThatThrownBy(async::join).isInstanceOf(CompletionException.class);
        for (RecordingObserver.Call call : observer.awaitEnded(WAIT).calls()) {
            assertThat(call.end().errorType()).isEqualTo("ClientClosedException");
            assertThat(call.tryEnds())
                    .singleElement()
                    .satisfies(t -> assertThat(t.errorType()).isEqualTo("ClientClosedException"));
            assertThat(call.endCount()).isEqualTo(1);
        }
    }

    @Test
    void cancellingAnAsyncCallEndsItAsCancelled() throws Exception {
        stub("first.test", okJson("{\"ok\":true}").withFixedDelay(3_000));
        try (ApiClient api = twoHosts(observer)) {
            CompletableFuture<Reply> future = search(api).executeAsync(Reply.class);
            Eventually.waitUntil(
                    "the call's try to start",
                    () -> !observer.calls().isEmpty()
                            && !observer.calls().get(0).tryStarts().isEmpty());
            future.cancel(true);
            CallEnd end = observer.calls().get(0).awaitEnd(WAIT);
            assertThat(end.outcome()).isEqualTo(CallEnd.Outcome.CANCELLED);
        }
    }

    @Test
    void aCompositeCallHoldsTheCallsMadeThroughItsScope() {
        stub("first.test", okJson("{\"ok\":true}"));
        try (ApiClient api = twoHosts(observer)) {
            CallScope index = CallScope.of(api).withPathParameter("indexName", "products");
            String result = index.compositeCall("searchTwice", scope -> {
                scope.request(SEARCH).execute(Reply.class);
                scope.request(SEARCH).execute(Reply.class);
                return RecordingObserver.CONTEXT.get();
            });
            assertThat(result).isEqualTo("in searchTwice");
        }
        RecordingObserver.Call composite = observer.calls("searchTwice").get(0);
        assertThat(composite.description().isComposite()).isTrue();
        assertThat(composite.description().indexName()).isEqualTo("products");
        assertThat(composite.description().product()).isEqualTo("test");
        assertThat(composite.end()).isEqualTo(new CallEnd(null, 0, 0));
        assertThat(observer.calls("search"))
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.description().parent()).isSameAs(composite))
                .allSatisfy(c -> assertThat(c.callerContext()).isEqualTo("in searchTwice"));
    }

    @Test
    void anAsyncCompositeCallEndsWhenItsStepsDo() {
        stub("first.test", okJson("{\"ok\":true}").withFixedDelay(50));
        try (ApiClient api = twoHosts(observer)) {
            CallScope index = CallScope.of(api).withPathParameter("indexName", "products");
            index.compositeCallAsync(
                            "searchTwice",
                            scope -> scope.request(SEARCH)
                                    .executeAsync(Reply.class)
                                    .thenCompose(r -> scope.request(SEARCH).executeAsync(Reply.class)))
                    .join();
        }
        RecordingObserver.Call composite = observer.calls("searchTwice").get(0);
        assertThat(composite.awaitEnd(WAIT).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.calls("search"))
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.description().parent()).isSameAs(composite));
    }

    @Test
    void anObserverThatThrowsLeavesTheCallAlone() {
        stub("first.test", okJson("{\"ok\":true}"));
        CallObserver broken = call -> {
            throw new IllegalStateException("observer bug");
        };
        try (ApiClient api = twoHosts(broken)) {
            assertThat(search(api).execute(Reply.class)).isEqualTo(new Reply(true));
            assertThat(search(api).executeAsync(Reply.class).join()).isEqualTo(new Reply(true));
        }
    }

    @Test
    void productNamesAreLowerCaseWithHyphens() {
        assertThat(io.quarry.core.internal.CallObservation.productOf(
                        new ClientModule("QuerySuggestions", "1", DefaultHosts.fixed(Host.of("https://a.test")))))
                .isEqualTo("query-suggestions");
    }
}
