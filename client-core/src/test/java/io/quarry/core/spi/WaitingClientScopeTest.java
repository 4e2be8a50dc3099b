package io.quarry.core.spi;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ApiClient;
import io.quarry.core.Endpoint;
import io.quarry.core.testing.LoopbackHttp;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A composite call notes its client as the waiting one only while its own steps run: the caller's code chained on the
 * composite call's future, and a call observer, never see it. Before, the caller's continuations ran with the client
 * noted (the future completed inside the completion of the steps' last call), so a {@link Polling} wait they started
 * for something else registered with that client and ended when it closed.
 */
class WaitingClientScopeTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint TASK = Endpoint.read("getTask", "GET", "/1/indexes/books/task/7");
    private static final long HANG_GUARD_SECONDS = 60;

    record Task(String status) {}

    @BeforeEach
    void published() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"status\":\"published\"}")));
    }

    @Test
    void theCallersContinuationOnAnAsyncCompositeCallSeesNoWaitingClient() throws Exception {
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            AtomicReference<Optional<ApiClient>> inCallersCode = new AtomicReference<>();
            CompletableFuture<Void> stepsMayCall = new CompletableFuture<>();
            CompletableFuture<Task> helper = CallScope.of(api)
                    .compositeCallAsync(
                            "helper",
                            scope -> stepsMayCall.thenCompose(
                                    go -> scope.request(TASK).executeAsync(Task.class)));
            // chained before the call is made, so it runs on the thread that completes the call
            CompletableFuture<Task> callers = helper.whenComplete((task, error) -> inCallersCode.set(current()));

            stepsMayCall.complete(null);
            callers.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

            assertThat(inCallersCode.get()).as("the caller's continuation").isEmpty();
        }
    }

    @Test
    void aCallObserverSeesNoWaitingClient() {
        AtomicReference<Optional<ApiClient>> inObserver = new AtomicReference<>();
        CallObserver observer = call -> {
            inObserver.set(current());
            return ObservedCall.NONE;
        };
        try (ApiClient api = client(config("key", host("a.test", WM.getPort()))
                .callObserver(observer)
                .build())) {
            AtomicReference<Optional<ApiClient>> inSteps = new AtomicReference<>();
            CallScope.of(api).compositeCall("helper", scope -> {
                inSteps.set(current());
                return null;
            });

            assertThat(inSteps.get()).as("the steps").containsSame(api);
            assertThat(inObserver.get())
                    .as("the observer told of the composite call")
                    .isEmpty();
        }
    }

    /** The waiting client as read there: empty for none (the reference stays null until read). */
    private static Optional<ApiClient> current() {
        return Optional.ofNullable(WaitingClient.current()).map(CallScope::api);
    }
}
