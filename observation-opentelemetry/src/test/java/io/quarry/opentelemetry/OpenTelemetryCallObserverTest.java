package io.quarry.opentelemetry;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarry.core.ClientClosedException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.MDC;

/** Quarry calls against the mock server with scripted faults, seen through the SDK's in-memory exporters. */
@Timeout(60)
class OpenTelemetryCallObserverTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    /** The test's own threads, for an OkHttp dispatcher that runs a call's request off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final String WRONG_KEY = "wrong-key-5d2e91";

    /** Spelt as OpenTelemetry's semantic conventions spell it, which is what dashboards read. */
    private static final AttributeKey<Long> RESEND_COUNT = AttributeKey.longKey("http.request.resend_count");

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
        client = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
                .closeTimeout(Duration.ZERO) // close() cancels the call in flight at once, as the close test observes
                .build());
        index = client.index("products");
    }

    @AfterEach
    void stop() {
        client.close();
        MDC.clear();
    }

    private static List<SpanData> spans(String name) {
        return OTEL.getSpans().stream().filter(s -> s.getName().equals(name)).toList();
    }

    private static SpanData span(String name) {
        List<SpanData> found = spans(name);
        assertThat(found).as(name).hasSize(1);
        return found.get(0);
    }

    private static MetricData metric(String name) {
        return OTEL.getMetrics().stream()
                .filter(m -> m.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + OTEL.getMetrics()));
    }

    private static long count(String counter) {
        return metric(counter).getLongSumData().getPoints().stream()
                .mapToLong(LongPointData::getValue)
                .sum();
    }

    private static int port() {
        return java.net.URI.create(MOCK.server().url()).getPort();
    }

    @Test
    void aSearchWhoseFirstHostAnswers503IsOneClientSpanWithAFailover() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));

        index.search(SearchQuery.of("phone"), FreeFormRecord.class);

        SpanData search = span("search.search");
        assertThat(search.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(search.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        Attributes attributes = search.getAttributes();
        assertThat(attributes.get(QuarryAttributes.PRODUCT)).isEqualTo("search");
        assertThat(attributes.get(QuarryAttributes.OPERATION)).isEqualTo("search");
        assertThat(attributes.get(QuarryAttributes.HTTP_METHOD)).isEqualTo("POST");
        assertThat(attributes.get(QuarryAttributes.URL_TEMPLATE)).isEqualTo("/1/indexes/{indexName}/query");
        assertThat(attributes.get(QuarryAttributes.URL_PATH)).isEqualTo("/1/indexes/products/query");
        assertThat(attributes.get(QuarryAttributes.INDEX)).isEqualTo("products");
        assertThat(attributes.get(QuarryAttributes.SERVER_ADDRESS)).isEqualTo("b.test");
        assertThat(attributes.get(QuarryAttributes.SERVER_PORT)).isEqualTo(port());
        assertThat(attributes.get(QuarryAttributes.STATUS_CODE)).isEqualTo(200);
        assertThat(attributes.get(QuarryAttributes.TRIES)).isEqualTo(2);
        assertThat(attributes.get(RESEND_COUNT)).isEqualTo(1);
        assertThat(attributes.get(QuarryAttributes.ERROR_TYPE)).isNull();
        assertThat(search.getEvents())
                .extracting(EventData::getName)
                .containsExactly("quarry.host.down", "quarry.retry", "quarry.failover");
        EventData down = search.getEvents().get(0);
        assertThat(down.getAttributes().get(QuarryAttributes.SERVER_ADDRESS)).isEqualTo("a.test");
        assertThat(down.getAttributes().get(QuarryAttributes.STATUS_CODE)).isEqualTo(503);
        assertThat(down.getAttributes().get(QuarryAttributes.ERROR_TYPE)).isEqualTo("ServerErrorException");
        EventData failover = search.getEvents().get(2);
        assertThat(failover.getAttributes().get(QuarryAttributes.SERVER_ADDRESS))
                .isEqualTo("b.test");
        assertThat(failover.getAttributes().get(QuarryAttributes.TRY_NUMBER)).isEqualTo(2);

        HistogramPointData duration = metric(OpenTelemetryCallObserver.DURATION).getHistogramData().getPoints().stream()
                .filter(p -> "search".equals(p.getAttributes().get(QuarryAttributes.OPERATION)))
                .findFirst()
                .orElseThrow();
        assertThat(duration.getCount()).isEqualTo(1);
        assertThat(duration.getAttributes().asMap().keySet())
                .extracting(AttributeKey::getKey)
                .containsExactlyInAnyOrder(
                        "quarry.product",
                        "quarry.operation",
                        "http.request.method",
                        "quarry.outcome",
                        "quarry.status_class");
        assertThat(duration.getAttributes().get(QuarryAttributes.OUTCOME)).isEqualTo("SUCCESS");
        assertThat(duration.getAttributes().get(QuarryAttributes.STATUS_CLASS)).isEqualTo("2xx");
        assertThat(count(OpenTelemetryCallObserver.RETRIES)).isEqualTo(1);
        assertThat(count(OpenTelemetryCallObserver.FAILOVERS)).isEqualTo(1);
        assertThat(count(OpenTelemetryCallObserver.HOSTS_DOWN)).isEqualTo(1);
    }

    @Test
    void aSearchThatBothHostsFailedOnceShowsItsSecondRoundAsAnEventAndACount() {
        MOCK.faults().next(2, "POST", "/1/indexes/*/query", Fault.status(503));
        RetryRounds quick = RetryRounds.forOutages().waits(Duration.ofMillis(10), Duration.ofMillis(20));

        index.withOptions(RequestOptions.builder().retryRounds(quick).build())
                .search(SearchQuery.of("phone"), FreeFormRecord.class);

        SpanData search = span("search.search");
        assertThat(search.getAttributes().get(QuarryAttributes.TRIES)).isEqualTo(3);
        assertThat(search.getAttributes().get(RESEND_COUNT)).isEqualTo(2);
        List<EventData> rounds = search.getEvents().stream()
                .filter(e -> e.getName().equals("quarry.round"))
                .toList();
        assertThat(rounds).singleElement().satisfies(round -> {
            assertThat(round.getAttributes().get(QuarryAttributes.ROUND_NUMBER)).isEqualTo(2);
            assertThat(round.getAttributes().get(QuarryAttributes.ROUND_DELAY_MS))
                    .isBetween(5L, 10L);
        });
        assertThat(count(OpenTelemetryCallObserver.ROUNDS)).isEqualTo(1);
    }

    @Test
    void aWriteThatMayHaveReachedTheServiceIsAnErrorSpanWithTheOutcomeUnknownType() {
        MOCK.faults().next(1, "POST", "/1/indexes/products", Fault.failAfterWrite(503));

        assertThatThrownBy(() -> index.addObject(Map.of("name", "tablet")))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        SpanData add = span("search.addObject");
        assertThat(add.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(add.getAttributes().get(QuarryAttributes.ERROR_TYPE)).isEqualTo("WriteOutcomeUnknownException");
        assertThat(add.getEvents()).extracting(EventData::getName).contains("exception");
        assertThat(metric(OpenTelemetryCallObserver.DURATION).getHistogramData().getPoints())
                .anySatisfy(p -> assertThat(p.getAttributes().get(QuarryAttributes.ERROR_TYPE))
                        .isEqualTo("WriteOutcomeUnknownException"));
    }

    @Test
    void aLazyChunkedSaveIsOneInternalSpanHoldingItsBatchesAndTaskPolls() {
        // a lazy source: a stream, read as the chunks are sent
        index.saveObjects(
                IntStream.range(0, 25).mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "name", "record " + i))
                        ::iterator,
                BatchOptions.of().chunkSize(10).waitingForTasks().waitPolicy(FAST));

        SpanData save = span("search.saveObjects");
        assertThat(save.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(save.getParentSpanContext().isValid()).isFalse();
        assertThat(spans("search.batch")).hasSize(3).allSatisfy(batch -> {
            assertThat(batch.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(batch.getParentSpanId()).isEqualTo(save.getSpanId());
            assertThat(batch.getTraceId()).isEqualTo(save.getTraceId());
        });
        assertThat(spans("search.batch"))
                .extracting(batch -> batch.getAttributes().get(QuarryAttributes.RECORDS))
                .containsExactlyInAnyOrder(10L, 10L, 5L);
        // an index applies its tasks in order: the last one is waited for
        List<SpanData> waits = spans("search.waitForTask");
        assertThat(waits)
                .hasSize(1)
                .allSatisfy(wait -> assertThat(wait.getParentSpanId()).isEqualTo(save.getSpanId()));
        List<String> waitIds = waits.stream().map(SpanData::getSpanId).toList();
        assertThat(spans("search.getTask"))
                .hasSizeGreaterThanOrEqualTo(1)
                .allSatisfy(poll -> assertThat(waitIds).contains(poll.getParentSpanId()));
    }

    @Test
    void countsTheRecordsAndBytesThatBatchCallsWriteByHelperAndOutcome() throws Exception {
        index.saveObjects(
                IntStream.range(0, 25)
                        .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i))
                        .toList(),
                BatchOptions.of().chunkSize(10));
        // an ingester's first chunk is refused: its records count as failed
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.status(400));
        try (Ingester ingester =
                index.ingester(IngesterOptions.of().chunkSize(5).chunksInFlight(1))) {
            for (int i = 0; i < 12; i++) {
                ingester.add(Map.of("objectID", "i" + i));
            }
        }

        assertThat(ingestPoints(OpenTelemetryCallObserver.INGEST_RECORDS))
                .containsEntry("saveObjects SUCCESS", 25L)
                .containsEntry("ingest SUCCESS", 7L)
                .containsEntry("ingest FAILURE", 5L);
        assertThat(ingestPoints(OpenTelemetryCallObserver.INGEST_BYTES).get("saveObjects SUCCESS"))
                .isGreaterThan(25L * "{\"objectID\":\"r0\"}".length());
        assertThat(spans("search.ingest")).hasSize(3);
    }

    /** The points of an ingest counter, by operation and outcome. */
    private static Map<String, Long> ingestPoints(String counter) {
        Map<String, Long> points = new java.util.HashMap<>();
        for (LongPointData point : metric(counter).getLongSumData().getPoints()) {
            points.merge(
                    point.getAttributes().get(QuarryAttributes.OPERATION) + " "
                            + point.getAttributes().get(QuarryAttributes.OUTCOME),
                    point.getValue(),
                    Long::sum);
        }
        return points;
    }

    @Test
    void anAsyncCallIsAChildOfTheCallersSpanAndKeepsItsContextAndMdc() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofMillis(300)));
        Span caller =
                OTEL.getOpenTelemetry().getTracer("test").spanBuilder("caller").startSpan();
        CompletableFuture<String> seen;
        try (Scope scope = caller.makeCurrent()) {
            MDC.put("traceId", "trace-1");
            seen = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                    .thenApply(r -> Span.current().getSpanContext().getSpanId() + " " + MDC.get("traceId"));
            MDC.remove("traceId");
            assertThat(scope).isNotNull();
        }

        assertThat(seen.join()).isEqualTo(caller.getSpanContext().getSpanId() + " trace-1");
        caller.end();
        SpanData search = span("search.search");
        assertThat(search.getParentSpanId()).isEqualTo(caller.getSpanContext().getSpanId());
        // one try: no resend to count
        assertThat(search.getAttributes().get(RESEND_COUNT)).isNull();
    }

    @Test
    void theCallsSpanIsCurrentWhileOkHttpRunsTheRequest() {
        List<String> current = new CopyOnWriteArrayList<>();
        // what the Java agent does to every executor: a task runs in the context it was submitted from
        OkHttpClient http = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .dispatcher(new Dispatcher(Context.taskWrapping(threads)))
                .addInterceptor(chain -> {
                    current.add(Span.current().getSpanContext().getSpanId());
                    return chain.proceed(chain.request());
                })
                .build();
        try (SearchClient traced = SearchClient.create(TwoHostClients.config(MOCK.server())
                .httpClient(http)
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
                .build())) {
            traced.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);
            traced.index("products")
                    .searchAsync(SearchQuery.of("phone"), FreeFormRecord.class)
                    .join();
        }

        assertThat(current)
                .containsExactlyElementsOf(
                        spans("search.search").stream().map(SpanData::getSpanId).toList());
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
        SpanData span = span("search.search");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().get(QuarryAttributes.ERROR_TYPE)).isEqualTo("ClientClosedException");
    }

    @Test
    void theDefaultObserverUsesTheGlobalOpenTelemetry() {
        try (SearchClient global = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(OpenTelemetryCallObserver.of())
                .build())) {
            global.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);
        }
        assertThat(spans("search.search")).hasSize(1);
    }

    @Test
    void noKeyAndNoHeaderValueIsEverRecorded() {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));
        index.search(SearchQuery.of("phone"), FreeFormRecord.class);
        String key = client.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        client.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);
        client.apiKeys().get(key);
        assertThatThrownBy(() -> client.index("missing").getObject("1", FreeFormRecord.class))
                .isNotNull();
        try (SearchClient wrongKey = SearchClient.create(TwoHostClients.config(MOCK.server(), WRONG_KEY)
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
                .build())) {
            assertThatThrownBy(() -> wrongKey.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class))
                    .isNotNull();
        }

        List<String> recorded = new ArrayList<>();
        for (SpanData span : OTEL.getSpans()) {
            recorded.add(span.getName() + " " + span.getStatus().getDescription());
            span.getAttributes().forEach((k, v) -> recorded.add(k.getKey() + "=" + v));
            for (EventData event : span.getEvents()) {
                recorded.add(event.getName());
                event.getAttributes().forEach((k, v) -> recorded.add(k.getKey() + "=" + v));
            }
        }
        for (MetricData metric : OTEL.getMetrics()) {
            recorded.add(metric.toString());
        }

        assertThat(recorded).hasSizeGreaterThan(50);
        assertThat(String.join("\n", recorded))
                .doesNotContain(MOCK.server().adminKey())
                .doesNotContain(key)
                .doesNotContain(WRONG_KEY)
                .doesNotContain(TwoHostClients.HEADER_VALUE)
                .doesNotContain(MOCK.server().applicationId());
    }
}
