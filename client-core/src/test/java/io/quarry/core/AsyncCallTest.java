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

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.spi.CallScope;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LoopbackHttp;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The async form: retries chained through callbacks, typed failures, cancellation reaching the HTTP call, and the
 * calls of an asynchronous composite call cancelled with it.
 */
class AsyncCallTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    record Reply(String host) {}

    private int requestsTo(String hostName) {
        return WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing(hostName + ":")))
                .size();
    }

    @Test
    void retriesOnTheNextHostWithoutBlocking() throws Exception {
        int port = WM.getPort();
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("first.test:"))
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("second.test:"))
                .willReturn(aResponse().withStatus(500)));
        WM.stubFor(
                any(anyUrl()).withHeader("Host", containing("third.test:")).willReturn(okJson("{\"host\":\"third\"}")));
        try (ApiClient api =
                client(config("key", host("first.test", port), host("second.test", port), host("third.test", port))
                        .build())) {
            CompletableFuture<ApiResponse<Reply>> future =
                    api.request(SEARCH).path("indexName", "i").body(Map.of()).executeForResponseAsync(Reply.class);
            ApiResponse<Reply> response = future.get(10, TimeUnit.SECONDS);
            assertThat(response.value()).isEqualTo(new Reply("third"));
            assertThat(response.statusCode()).isEqualTo(200);
        }
        assertThat(requestsTo("first.test")).isEqualTo(1);
        assertThat(requestsTo("second.test")).isEqualTo(1);
    }

    @Test
    void failuresArriveAsTypedExceptions() {
        WM.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(400).withBody("{\"message\":\"bad filter\"}")));
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            CompletableFuture<Reply> future =
                    api.request(SEARCH).path("indexName", "i").executeAsync(Reply.class);
            assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOfSatisfying(
                            BadRequestException.class,
                            e -> assertThat(e.serviceMessage()).isEqualTo("bad filter"));
        }
    }

    @Test
    void allHostsFailingGivesOneUnreachableHostsException() {
        int closed = LoopbackHttp.closedPort();
        try (ApiClient api = client(
                config("key", host("x.test", closed), host("y.test", closed)).build())) {
            CompletableFuture<Reply> future =
                    api.request(SEARCH).path("indexName", "i").executeAsync(Reply.class);
            assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
                    .cause()
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts()).hasSize(2));
        }
    }

    @Test
    void cancellingTheFutureCancelsTheHttpCallAndStopsRetries() throws Exception {
        int port = WM.getPort();
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("slow.test:"))
                .willReturn(okJson("{\"host\":\"slow\"}").withFixedDelay(10_000)));
        WM.stubFor(
                any(anyUrl()).withHeader("Host", containing("spare.test:")).willReturn(okJson("{\"host\":\"spare\"}")));
        CountDownLatch canceled = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        OkHttpClient listening = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .eventListener(new EventListener() {
                    @Override
                    public void canceled(Call call) {
                        canceled.countDown();
                    }

                    @Override
                    public void callFailed(Call call, java.io.IOException ioe) {
                        finished.countDown();
                    }
                })
                .build();
        try (ApiClient api = client(config("key", host("slow.test", port), host("spare.test", port))
                .httpClient(listening)
                .build())) {
            CompletableFuture<Reply> future =
                    api.request(SEARCH).path("indexName", "i").executeAsync(Reply.class);
            Eventually.waitUntil("the request to reach slow.test", () -> requestsTo("slow.test") > 0);
            assertThat(requestsTo("slow.test")).isEqualTo(1);
            assertThat(future).isNotDone();

            assertThat(future.cancel(true)).isTrue();

            assertThat(canceled.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(future).isCancelled();
        }
        assertThat(requestsTo("spare.test")).isZero();
    }

    /**
     * Without an observer: two calls in flight at once and a third chained after them; the composite call cancelled
     * cancels both HTTP calls, never makes the third, and a call its steps ask their scope for afterwards is
     * cancelled unsent.
     */
    @Test
    void cancellingAnAsyncCompositeCallCancelsItsCallsInFlightAndMakesNoOther() throws Exception {
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("group.test:"))
                .willReturn(okJson("{\"host\":\"late\"}").withFixedDelay(2_000)));
        CountDownLatch canceled = new CountDownLatch(2);
        OkHttpClient listening = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .eventListener(new EventListener() {
                    @Override
                    public void canceled(Call call) {
                        canceled.countDown();
                    }
                })
                .build();
        AtomicReference<CallScope> inside = new AtomicReference<>();
        try (ApiClient api = client(config("key", host("group.test", WM.getPort()))
                .httpClient(listening)
                .build())) {
            CompletableFuture<Reply> composite = CallScope.of(api).compositeCallAsync("both", scope -> {
                inside.set(scope);
                CompletableFuture<Reply> first = search(scope, "first");
                CompletableFuture<Reply> second = search(scope, "second");
                return first.thenCombine(second, (a, b) -> a).thenCompose(a -> search(scope, "third"));
            });
            Eventually.waitUntil("both calls to reach group.test", () -> requestsTo("group.test") == 2);

            assertThat(composite.cancel(false)).isTrue();

            assertThat(composite).isCancelled();
            assertThat(canceled.await(5, TimeUnit.SECONDS))
                    .as("both HTTP calls cancelled")
                    .isTrue();
            assertThat(search(inside.get(), "later"))
                    .as("a call asked for after the cancel")
                    .isCancelled();
        }
        assertThat(requestsTo("group.test")).isEqualTo(2);
    }

    private static CompletableFuture<Reply> search(CallScope scope, String index) {
        return scope.request(SEARCH).path("indexName", index).executeAsync(Reply.class);
    }
}
