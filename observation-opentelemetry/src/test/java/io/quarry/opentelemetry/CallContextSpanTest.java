package io.quarry.opentelemetry;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Whose span a call's span is a child of, and that neither the call's span nor its caller's stays current on a
 * thread once the call is done: the caller's thread, the HTTP client's thread, another call's callback, a virtual
 * thread.
 */
@Timeout(60)
class CallContextSpanTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    /** The HTTP client's one thread, so that a probe sent after a call runs where the call completed. */
    private final ExecutorService httpThread = Executors.newSingleThreadExecutor();

    private SearchClient client;
    private SearchIndex index;
    private Span caller;

    @BeforeEach
    void start() {
        try (SearchClient seeding = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            seeding.index("products")
                    .saveObjects(
                            List.of(Map.of("objectID", "1", "name", "phone")),
                            BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        OkHttpClient http = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .dispatcher(new Dispatcher(httpThread))
                .build();
        client = SearchClient.create(TwoHostClients.config(MOCK.server())
                .httpClient(http)
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
                .build());
        index = client.index("products");
        caller = OTEL.getOpenTelemetry().getTracer("test").spanBuilder("caller").startSpan();
    }

    @AfterEach
    void stop() throws InterruptedException {
        caller.end();
        client.close();
        httpThread.shutdownNow();
        assertThat(httpThread.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private static List<SpanData> searches() {
        return OTEL.getSpans().stream()
                .filter(s -> s.getName().equals("search.search"))
                .toList();
    }

    private static SpanContext current() {
        return Span.current().getSpanContext();
    }

    @Test
    @SuppressWarnings("try") // the scope makes the caller's span current
    void aBlockingCallLeavesItsCallersSpanCurrentAndNoSpanWhereThereWasNone() {
        try (Scope ignored = caller.makeCurrent()) {
            index.search(SearchQuery.of("phone"), FreeFormRecord.class);
            assertThat(current()).isEqualTo(caller.getSpanContext());
        }
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);

        assertThat(current().isValid()).isFalse();
        assertThat(searches()).hasSize(2);
        assertThat(searches().get(0).getParentSpanId())
                .isEqualTo(caller.getSpanContext().getSpanId());
        assertThat(searches().get(1).getParentSpanContext().isValid()).isFalse();
    }

    @Test
    @SuppressWarnings("try") // the scope makes the caller's span current
    void aCallMadeInAnotherCallsCallbackIsAChildOfTheCallerNotOfTheFirstCall() throws Exception {
        SpanContext seenInCallback;
        try (Scope ignored = caller.makeCurrent()) {
            seenInCallback = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                    .thenCompose(first -> index.searchAsync(SearchQuery.of("tablet"), FreeFormRecord.class))
                    .thenApply(second -> current())
                    .join();
        }

        assertThat(seenInCallback).isEqualTo(caller.getSpanContext());
        assertThat(searches())
                .hasSize(2)
                .allSatisfy(search -> assertThat(search.getParentSpanId())
                        .isEqualTo(caller.getSpanContext().getSpanId()));
        // the HTTP client's thread, which ran the callbacks, keeps no span once they are done
        assertThat(httpThread
                        .submit(CallContextSpanTest::current)
                        .get(10, TimeUnit.SECONDS)
                        .isValid())
                .isFalse();
    }

    @Test
    void anAsyncHelpersContinuationsSeeNoSpanWhenItsCallerHadNone() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(300)));

        // attached before the helper ends, so it runs where the helper completes: after its last call
        SpanContext seen = index.saveObjectsAsync(List.of(Map.of("objectID", "2")))
                .thenApply(r -> current())
                .join();

        assertThat(seen.isValid()).isFalse();
    }

    @Test
    @SuppressWarnings("try") // the scope makes the caller's span current
    void aCallOnAVirtualThreadIsAChildOfTheSpanCurrentThere() throws Exception {
        ExecutorService virtualThreads = virtualThreadsOrSkip();
        try {
            SpanContext afterTheCall;
            try (Scope ignored = caller.makeCurrent()) {
                afterTheCall = Context.current()
                        .wrap(virtualThreads)
                        .submit(() -> {
                            index.search(SearchQuery.of("phone"), FreeFormRecord.class);
                            return current();
                        })
                        .get(30, TimeUnit.SECONDS);
            }

            assertThat(afterTheCall).isEqualTo(caller.getSpanContext());
            assertThat(searches())
                    .singleElement()
                    .satisfies(search -> assertThat(search.getParentSpanId())
                            .isEqualTo(caller.getSpanContext().getSpanId()));
        } finally {
            virtualThreads.shutdownNow();
        }
    }

    /** Java 21's virtual threads, found by reflection: the module compiles for Java 17. */
    static ExecutorService virtualThreadsOrSkip() throws ReflectiveOperationException {
        boolean available;
        try {
            Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
            available = true;
        } catch (NoSuchMethodException e) {
            available = false;
        }
        assumeTrue(available, "virtual threads need Java 21");
        return (ExecutorService)
                Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }
}
