package io.quarry.micrometer;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationView;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
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
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Whose observation a call's observation is a child of, and that neither the call's observation nor its caller's
 * stays current on a thread once the call is done: the caller's thread, the HTTP client's thread, another call's
 * callback, a virtual thread.
 */
@Timeout(60)
class CallContextObservationTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestObservationRegistry registry = TestObservationRegistry.create();

    /** The HTTP client's one thread, so that a probe sent after a call runs where the call completed. */
    private final ExecutorService httpThread = Executors.newSingleThreadExecutor();

    private SearchClient client;
    private SearchIndex index;
    private Observation caller;

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
                .callObserver(MicrometerCallObserver.of(registry))
                .build());
        index = client.index("products");
        caller = Observation.start("caller", registry);
    }

    @AfterEach
    void stop() throws InterruptedException {
        caller.stop();
        client.close();
        httpThread.shutdownNow();
        assertThat(httpThread.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private List<Observation.ContextView> parentsOfSearches() {
        AtomicReference<List<Observation.Context>> seen = new AtomicReference<>();
        TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(seen::set);
        return seen.get().stream()
                .filter(c -> c instanceof QuarryCallContext call
                        && call.call().operation().equals("search"))
                .map(c -> {
                    ObservationView parent = c.getParentObservation();
                    return parent == null ? null : parent.getContextView();
                })
                .toList();
    }

    @Test
    @SuppressWarnings("try") // the scope makes the caller's observation current
    void aBlockingCallLeavesItsCallersObservationCurrentAndNoneWhereThereWasNone() {
        try (Observation.Scope ignored = caller.openScope()) {
            index.search(SearchQuery.of("phone"), FreeFormRecord.class);
            assertThat(registry.getCurrentObservation()).isSameAs(caller);
        }
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);

        assertThat(registry.getCurrentObservation()).isNull();
        assertThat(parentsOfSearches()).containsExactly(caller.getContextView(), null);
    }

    @Test
    @SuppressWarnings("try")
    void aCallMadeInAnotherCallsCallbackIsAChildOfTheCallerNotOfTheFirstCall() throws Exception {
        Observation seenInCallback;
        try (Observation.Scope ignored = caller.openScope()) {
            seenInCallback = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                    .thenCompose(first -> index.searchAsync(SearchQuery.of("tablet"), FreeFormRecord.class))
                    .thenApply(second -> registry.getCurrentObservation())
                    .join();
        }

        assertThat(seenInCallback).isSameAs(caller);
        assertThat(parentsOfSearches()).containsExactly(caller.getContextView(), caller.getContextView());
        // the HTTP client's thread, which ran the callbacks, keeps no observation once they are done
        assertThat(httpThread.submit(registry::getCurrentObservation).get(10, TimeUnit.SECONDS))
                .isNull();
    }

    @Test
    void anAsyncCallsContinuationsSeeNoObservationWhenItsCallerHadNone() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofMillis(300)));

        // attached before the answer comes, so it runs where the call completes
        Observation seen = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                .thenApply(r -> registry.getCurrentObservation())
                .join();

        assertThat(seen).isNull();
        assertThat(parentsOfSearches()).containsExactly((Observation.ContextView) null);
    }

    @Test
    void anAsyncHelpersContinuationsSeeNoObservationWhenItsCallerHadNone() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(300)));

        // attached before the helper ends, so they run where the helper completes: after its last call
        Observation seen = index.saveObjectsAsync(List.of(Map.of("objectID", "2")))
                .thenApply(r -> registry.getCurrentObservation())
                .thenCompose(observation -> index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                        .thenApply(r -> observation))
                .join();

        // none, or the observation Micrometer makes current to say there is none
        assertThat(seen == null || seen instanceof NullObservation)
                .as("current in the continuation: %s", seen)
                .isTrue();
        // and a call made there is not a child of the helper, which has ended
        assertThat(parentsOfSearches())
                .singleElement()
                .satisfies(parent -> assertThat(parent == null || parent instanceof NullObservation.NullContext)
                        .as("the search's parent: %s", parent)
                        .isTrue());
    }

    @Test
    @SuppressWarnings("try")
    void aCallOnAVirtualThreadIsAChildOfTheObservationCurrentThere() throws Exception {
        ExecutorService virtualThreads = virtualThreadsOrSkip();
        try {
            Observation afterTheCall = virtualThreads
                    .submit(() -> {
                        try (Observation.Scope ignored = caller.openScope()) {
                            index.search(SearchQuery.of("phone"), FreeFormRecord.class);
                            return registry.getCurrentObservation();
                        }
                    })
                    .get(30, TimeUnit.SECONDS);

            assertThat(afterTheCall).isSameAs(caller);
            assertThat(parentsOfSearches()).containsExactly(caller.getContextView());
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
