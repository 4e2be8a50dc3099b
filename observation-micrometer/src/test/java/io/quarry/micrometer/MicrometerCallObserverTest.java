package io.quarry.micrometer;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.ObservationView;
import io.micrometer.observation.tck.ObservationContextAssert;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.quarry.core.ClientClosedException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.ApiKeyChange;
import io.quarry.search.BatchOptions;
import io.quarry.search.Ingester;
import io.quarry.search.IngesterOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.MDC;

/**
 * Quarry calls against the mock server with scripted faults, observed through a {@link TestObservationRegistry}
 * that feeds a real {@link SimpleMeterRegistry}.
 */
@Timeout(60)
class MicrometerCallObserverTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /** Ours, and {@code error}, which Micrometer's meter handler adds itself. */
    private static final Set<String> TIMER_TAGS = Set.of(
            "error",
            "quarry.product",
            "quarry.operation",
            "http.request.method",
            "quarry.outcome",
            "quarry.status_class");

    private static final Set<String> RUNNING_TAGS = Set.of("quarry.product", "quarry.operation", "http.request.method");

    private final TestObservationRegistry registry = TestObservationRegistry.create();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    /** Every event seen: {@code name|contextual name}. */
    private final EventRecorder recorder = new EventRecorder();

    private final List<String> events = recorder.events();

    private static final String WRONG_KEY = "wrong-key-5d2e91";

    private SearchClient client;
    private SearchIndex index;

    @BeforeEach
    void start() {
        try (SearchClient seeding = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            seeding.index("products")
                    .saveObjects(
                            List.of(Map.of("objectID", "1", "name", "phone")),
                            BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        registry.observationConfig()
                .observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(recorder);
        client = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(MicrometerCallObserver.of(registry))
                .closeTimeout(Duration.ZERO) // close() cancels the call in flight at once, as the close test observes
                .build());
        index = client.index("products");
    }

    @AfterEach
    void stop() {
        client.close();
        MDC.clear();
    }

    private List<QuarryCallContext> calls() {
        AtomicReference<List<Observation.Context>> seen = new AtomicReference<>();
        TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(seen::set);
        return seen.get().stream()
                .filter(QuarryCallContext.class::isInstance)
                .map(QuarryCallContext.class::cast)
                .toList();
    }

    private List<QuarryCallContext> calls(String operation) {
        return calls().stream()
                .filter(c -> c.call().operation().equals(operation))
                .toList();
    }

    private static Observation.ContextView parentOf(Observation.ContextView context) {
        ObservationView parent = context.getParentObservation();
        return parent == null ? null : parent.getContextView();
    }

    @Test
    void aSearchWhoseFirstHostAnswers503IsOneCallWithTwoTriesAndAFailover() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));

        assertThat(index.search(SearchQuery.of("phone"), FreeFormRecord.class).nbHits())
                .isEqualTo(1);

        TestObservationRegistryAssert.assertThat(registry)
                .hasNumberOfObservationsWithNameEqualTo("quarry.client.call", 1)
                .hasObservationWithNameEqualTo("quarry.client.call")
                .that()
                .hasContextualNameEqualTo("search.search")
                .hasLowCardinalityKeyValue("quarry.product", "search")
                .hasLowCardinalityKeyValue("quarry.operation", "search")
                .hasLowCardinalityKeyValue("http.request.method", "POST")
                .hasLowCardinalityKeyValue("quarry.outcome", "SUCCESS")
                .hasLowCardinalityKeyValue("quarry.status_class", "2xx")
                .doesNotHaveLowCardinalityKeyValueWithKey("error.type")
                .hasHighCardinalityKeyValue("quarry.tries", "2")
                .hasHighCardinalityKeyValue("http.request.resend_count", "1")
                .hasHighCardinalityKeyValue("server.address", "b.test")
                .hasHighCardinalityKeyValue("quarry.index", "products")
                .hasHighCardinalityKeyValue("url.template", "/1/indexes/{indexName}/query")
                .hasHighCardinalityKeyValue("url.path", "/1/indexes/products/query")
                .hasHighCardinalityKeyValue("http.response.status_code", "200")
                .doesNotHaveError();
        assertThat(events)
                .anySatisfy(e -> assertThat(e)
                        .startsWith("hosts.down|")
                        .contains("a.test")
                        .contains("503"))
                .anySatisfy(e ->
                        assertThat(e).isEqualTo("failovers|failover from a.test:" + port() + " to b.test:" + port()))
                .anySatisfy(e -> assertThat(e).startsWith("retries|retry 2 on b.test"));
        assertThat(meters.get("quarry.client.call").timer().count()).isEqualTo(1);
        assertThat(meters.get("quarry.client.call.failovers").counter().count()).isEqualTo(1);
        assertThat(meters.get("quarry.client.call.retries").counter().count()).isEqualTo(1);
        assertThat(meters.get("quarry.client.call.hosts.down").counter().count())
                .isEqualTo(1);
    }

    @Test
    void aTryThatTimedOutWithoutItsHostMarkedDownIsNamedByTheRetryAfterIt() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofSeconds(5)));

        index.withOptions(RequestOptions.builder()
                        .readTimeout(Duration.ofMillis(300))
                        .build())
                .search(SearchQuery.of("phone"), FreeFormRecord.class);

        // no hosts.down event: a timeout leaves its host up, so the retry says which host failed and how
        assertThat(events)
                .containsExactly(
                        "retries|retry 2 on b.test:" + port() + " after try 1 on a.test:" + port()
                                + " failed (SocketTimeoutException)",
                        "failovers|failover from a.test:" + port() + " to b.test:" + port());
    }

    private static int port() {
        return java.net.URI.create(MOCK.server().url()).getPort();
    }

    @Test
    void aWriteThatMayHaveReachedTheServiceEndsWithTheOutcomeUnknownError() {
        MOCK.faults().next(1, "POST", "/1/indexes/products", Fault.failAfterWrite(503));

        assertThatThrownBy(() -> index.addObject(Map.of("name", "tablet")))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        QuarryCallContext call = calls("addObject").get(0);
        ObservationContextAssert.assertThat(call)
                .hasLowCardinalityKeyValue("quarry.outcome", "FAILURE")
                .hasLowCardinalityKeyValue("quarry.status_class", "5xx")
                .hasHighCardinalityKeyValue("quarry.tries", "1")
                .hasError();
        assertThat(meters.get("quarry.client.call")
                        .tag("error", "WriteOutcomeUnknownException")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void aLazyChunkedSaveIsOneParentWithItsBatchesAndTaskPollsInside() {
        // a lazy source: a stream, read as the chunks are sent
        index.saveObjects(
                IntStream.range(0, 25).mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "name", "record " + i))
                        ::iterator,
                BatchOptions.of().chunkSize(10).waitingForTasks().waitPolicy(FAST));

        QuarryCallContext save = calls("saveObjects").get(0);
        assertThat(save.call().isComposite()).isTrue();
        ObservationContextAssert.assertThat(save)
                .hasContextualNameEqualTo("search.saveObjects")
                .hasLowCardinalityKeyValue("http.request.method", "none")
                .hasLowCardinalityKeyValue("quarry.outcome", "SUCCESS")
                .doesNotHaveParentObservation();
        assertThat(calls("batch"))
                .hasSize(3)
                .allSatisfy(batch -> assertThat(parentOf(batch)).isSameAs(save));
        assertThat(calls("batch")).extracting(batch -> batch.call().records()).containsExactlyInAnyOrder(10, 10, 5);
        // an index applies its tasks in order: the last one is waited for
        List<QuarryCallContext> waits = calls("waitForTask");
        assertThat(waits)
                .hasSize(1)
                .allSatisfy(wait -> assertThat(parentOf(wait)).isSameAs(save));
        assertThat(calls("getTask"))
                .hasSizeGreaterThanOrEqualTo(1)
                .allSatisfy(poll -> assertThat(waits)
                        .anySatisfy(wait -> assertThat(parentOf(poll)).isSameAs(wait)));
    }

    @Test
    void countsTheRecordsAndBytesThatBatchCallsWriteInTheMeterRegistryWhenAsked() throws Exception {
        try (SearchClient counting = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(MicrometerCallObserver.of(registry).countingRecordsIn(meters))
                .build())) {
            SearchIndex counted = counting.index("products");
            counted.saveObjects(
                    IntStream.range(0, 25)
                            .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i))
                            .toList(),
                    BatchOptions.of().chunkSize(10));
            // an ingester's first chunk is refused: its records count as failed
            MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.status(400));
            try (Ingester ingester =
                    counted.ingester(IngesterOptions.of().chunkSize(5).chunksInFlight(1))) {
                for (int i = 0; i < 12; i++) {
                    ingester.add(Map.of("objectID", "i" + i));
                }
            }
        }

        assertThat(ingested(MicrometerCallObserver.INGEST_RECORDS, "saveObjects", "SUCCESS"))
                .isEqualTo(25);
        assertThat(ingested(MicrometerCallObserver.INGEST_RECORDS, "ingest", "SUCCESS"))
                .isEqualTo(7);
        assertThat(ingested(MicrometerCallObserver.INGEST_RECORDS, "ingest", "FAILURE"))
                .isEqualTo(5);
        assertThat(ingested(MicrometerCallObserver.INGEST_BYTES, "saveObjects", "SUCCESS"))
                .isGreaterThan(25 * "{\"objectID\":\"r0\"}".length());
        // without a meter registry, nothing is counted
        assertThat(meters.find(MicrometerCallObserver.INGEST_RECORDS)
                        .tag("quarry.operation", "batch")
                        .counter())
                .isNull();
    }

    @Test
    void countsRecordsWhenAskedEvenThroughAnObservationRegistryWithoutHandlers() {
        // a registry with no handler is a no-op one: no observation is made, but the counters were asked for
        SimpleMeterRegistry counted = new SimpleMeterRegistry();
        try (SearchClient counting = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(
                        MicrometerCallObserver.of(ObservationRegistry.create()).countingRecordsIn(counted))
                .build())) {
            counting.index("products")
                    .saveObjects(
                            IntStream.range(0, 25)
                                    .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i))
                                    .toList(),
                            BatchOptions.of().chunkSize(10));
        }

        assertThat(counted.get(MicrometerCallObserver.INGEST_RECORDS)
                        .tag("quarry.operation", "saveObjects")
                        .tag("quarry.outcome", "SUCCESS")
                        .counter()
                        .count())
                .isEqualTo(25);
        assertThat(counted.find("quarry.client.call").timer()).isNull();
    }

    private double ingested(String counter, String operation, String outcome) {
        return meters.get(counter)
                .tag("quarry.operation", operation)
                .tag("quarry.outcome", outcome)
                .counter()
                .count();
    }

    @Test
    @SuppressWarnings("try") // the scope makes the caller's observation current
    void anAsyncCallKeepsTheCallersObservationAndMdc() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofMillis(300)));
        Observation caller = Observation.start("caller", registry);
        CompletableFuture<String> seen;
        try (Observation.Scope scope = caller.openScope()) {
            MDC.put("traceId", "trace-1");
            seen = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                    .thenApply(r -> (registry.getCurrentObservation() == caller ? "caller" : "other") + " "
                            + MDC.get("traceId"));
            MDC.remove("traceId");
        }

        assertThat(seen.join()).isEqualTo("caller trace-1");
        caller.stop();
        assertThat(parentOf(calls("search").get(0))).isSameAs(caller.getContextView());
    }

    @Test
    void closingTheClientEndsTheCallInFlightWithTheClosedClientError() throws Exception {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofSeconds(3)));
        CompletableFuture<?> search = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class);
        // in flight: the server took the search (and its one fault) and holds the answer for 3 s
        Eventually.waitUntil(
                "the search to reach the server", () -> MOCK.faults().active() == 0);
        assertThat(search).isNotDone();

        client.close();

        assertThatThrownBy(search::join).hasCauseInstanceOf(ClientClosedException.class);
        ObservationContextAssert.assertThat(calls("search").get(0))
                .hasLowCardinalityKeyValue("quarry.outcome", "FAILURE")
                .assertThatError()
                .isInstanceOf(ClientClosedException.class);
    }

    @Test
    void bodySizesAreCountedOnlyForAConventionThatMayReadThem() {
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);
        assertThat(calls("search").get(0).lastTry().responseBytes()).isEqualTo(-1);

        DefaultQuarryObservationConvention withSizes = new DefaultQuarryObservationConvention() {
            @Override
            public KeyValues getHighCardinalityKeyValues(QuarryCallContext context) {
                TryEnd last = context.lastTry();
                KeyValues values = super.getHighCardinalityKeyValues(context);
                return last == null ? values : values.and("body.bytes", Long.toString(last.responseBytes()));
            }
        };
        try (SearchClient sized = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(MicrometerCallObserver.of(registry, withSizes))
                .build())) {
            sized.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);
        }
        QuarryCallContext sizedCall = calls("search").get(1);
        assertThat(sizedCall.lastTry().responseBytes()).isPositive();
        ObservationContextAssert.assertThat(sizedCall)
                .hasHighCardinalityKeyValue(
                        "body.bytes", Long.toString(sizedCall.lastTry().responseBytes()));
    }

    @Test
    void noMeterCarriesAHighCardinalityKey() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);
        assertThatThrownBy(() -> client.index("missing").getObject("1", FreeFormRecord.class))
                .isNotNull();
        index.saveObjects(
                List.of(Map.of("objectID", "x")),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));

        assertThat(meters.getMeters()).isNotEmpty();
        for (Meter meter : meters.getMeters()) {
            Set<String> keys = meter.getId().getTags().stream().map(Tag::getKey).collect(Collectors.toSet());
            if (meter instanceof Timer) {
                assertThat(keys).as(meter.getId().toString()).isEqualTo(TIMER_TAGS);
            } else {
                assertThat(keys).as(meter.getId().toString()).isEqualTo(RUNNING_TAGS);
            }
            assertThat(meter.getId().getTags())
                    .extracting(Tag::getValue)
                    .noneMatch(v -> v.contains(".test") || v.contains("products") || v.contains("/"));
        }
    }

    @Test
    void noKeyAndNoHeaderValueIsEverObserved() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);
        client.apiKeys().list();
        String key = client.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        client.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);
        client.apiKeys().get(key);
        assertThatThrownBy(() -> client.index("missing").getObject("1", FreeFormRecord.class))
                .isNotNull();
        try (SearchClient wrongKey = SearchClient.create(TwoHostClients.config(MOCK.server(), WRONG_KEY)
                .callObserver(MicrometerCallObserver.of(registry))
                .build())) {
            assertThatThrownBy(() -> wrongKey.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class))
                    .isNotNull();
        }

        List<String> recorded = new ArrayList<>(events);
        for (QuarryCallContext call : calls()) {
            recorded.add(call.getName() + " " + call.getContextualName());
            call.getAllKeyValues().forEach(kv -> recorded.add(kv.getKey() + "=" + kv.getValue()));
            if (call.getError() != null) {
                recorded.add(call.getError().toString());
            }
        }
        meters.getMeters().forEach(m -> recorded.add(m.getId().toString()));

        assertThat(recorded).hasSizeGreaterThan(50);
        assertThat(String.join("\n", recorded))
                .doesNotContain(MOCK.server().adminKey())
                .doesNotContain(key)
                .doesNotContain(WRONG_KEY)
                .doesNotContain(TwoHostClients.HEADER_VALUE)
                .doesNotContain(MOCK.server().applicationId());
    }
}
