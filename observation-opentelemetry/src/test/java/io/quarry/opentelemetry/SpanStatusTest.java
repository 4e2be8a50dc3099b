package io.quarry.opentelemetry;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.RequestOptions;
import io.quarry.core.UnreachableHostsException;
import io.quarry.core.testing.Eventually;
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
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The status of a call's span as OpenTelemetry's conventions for HTTP clients set it: {@code ERROR} for every call
 * that did not return its result (a 4xx answer, a timeout on every host, a cancellation, a write applied in part),
 * with {@code error.type} saying which, and no status description repeating it.
 */
@Timeout(60)
class SpanStatusTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

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
                .build());
        index = client.index("products");
    }

    @AfterEach
    void stop() {
        client.close();
    }

    private static List<SpanData> spans(String name) {
        return OTEL.getSpans().stream().filter(s -> s.getName().equals(name)).toList();
    }

    private static SpanData span(String name) {
        List<SpanData> found = spans(name);
        assertThat(found).as(name).hasSize(1);
        return found.get(0);
    }

    private static void assertError(SpanData span, String errorType) {
        assertThat(span.getStatus().getStatusCode()).as(span.getName()).isEqualTo(StatusCode.ERROR);
        // the conventions: error.type says what failed; the description does not repeat it
        assertThat(span.getStatus().getDescription()).as(span.getName()).isEmpty();
        assertThat(span.getAttributes().get(QuarryAttributes.ERROR_TYPE)).isEqualTo(errorType);
    }

    private static HistogramPointData durationOf(String operation) {
        MetricData duration = OTEL.getMetrics().stream()
                .filter(m -> m.getName().equals(OpenTelemetryCallObserver.DURATION))
                .findFirst()
                .orElseThrow();
        return duration.getHistogramData().getPoints().stream()
                .filter(p -> operation.equals(p.getAttributes().get(QuarryAttributes.OPERATION)))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aClientErrorAnswerIsAnErrorSpanWithItsStatusCode() {
        assertThatThrownBy(() -> index.getObject("missing", FreeFormRecord.class))
                .isInstanceOf(NotFoundException.class);

        SpanData get = span("search.getObject");
        assertError(get, "NotFoundException");
        assertThat(get.getAttributes().get(QuarryAttributes.STATUS_CODE)).isEqualTo(404);
        assertThat(get.getAttributes().get(QuarryAttributes.TRIES)).isEqualTo(1);
        assertThat(get.getEvents()).extracting(EventData::getName).containsExactly("exception");
        assertThat(durationOf("getObject").getAttributes().get(QuarryAttributes.STATUS_CLASS))
                .isEqualTo("4xx");
    }

    @Test
    void aCallTimingOutOnEveryHostIsAnErrorSpanWithItsTries() {
        MOCK.faults().next(2, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofSeconds(5)));
        SearchIndex impatient = index.withOptions(
                RequestOptions.builder().readTimeout(Duration.ofMillis(300)).build());

        assertThatThrownBy(() -> impatient.search(SearchQuery.of("phone"), FreeFormRecord.class))
                .isInstanceOf(UnreachableHostsException.class);

        SpanData search = span("search.search");
        assertError(search, "UnreachableHostsException");
        assertThat(search.getAttributes().get(QuarryAttributes.STATUS_CODE)).isNull();
        assertThat(search.getAttributes().get(QuarryAttributes.TRIES)).isEqualTo(2);
        // a timeout does not mark its host down: the first try shows as failed, with its host; the last is the call's
        assertThat(search.getEvents())
                .extracting(EventData::getName)
                .containsExactly("quarry.try.failed", "quarry.retry", "quarry.failover", "exception");
        Attributes first = search.getEvents().get(0).getAttributes();
        assertThat(first.get(QuarryAttributes.SERVER_ADDRESS)).isEqualTo("a.test");
        assertThat(first.get(QuarryAttributes.SERVER_PORT)).isEqualTo(port());
        assertThat(first.get(QuarryAttributes.TRY_NUMBER)).isEqualTo(1);
        assertThat(first.get(QuarryAttributes.ERROR_TYPE)).isEqualTo("SocketTimeoutException");
        assertThat(first.get(QuarryAttributes.STATUS_CODE)).isNull();
    }

    private static int port() {
        return java.net.URI.create(MOCK.server().url()).getPort();
    }

    @Test
    void aCancelledCallIsAnErrorSpanWithTheCancelledOutcome() throws InterruptedException {
        MOCK.faults().next(1, "POST", "/1/indexes/*/query", Fault.delay(Duration.ofSeconds(5)));
        CompletableFuture<?> search = index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class);
        Eventually.waitUntil(
                "the search to reach the server", () -> MOCK.faults().active() == 0);

        search.cancel(true);

        Eventually.waitUntil(
                "the search's span to end", () -> spans("search.search").size() == 1);
        assertError(span("search.search"), "CancellationException");
        assertThat(durationOf("search").getAttributes().get(QuarryAttributes.OUTCOME))
                .isEqualTo("CANCELLED");
    }

    @Test
    void aWriteAppliedInPartIsAnErrorSpanHoldingTheFailedChunksErrorSpan() {
        // the second of three chunks is refused
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ZERO));
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.status(400));

        assertThatThrownBy(() -> index.saveObjects(
                        IntStream.range(0, 25)
                                .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i))
                                .toList(),
                        BatchOptions.of().chunkSize(10).chunksInFlight(1)))
                .isInstanceOf(PartialWriteException.class);

        assertError(span("search.saveObjects"), "PartialWriteException");
        assertThat(spans("search.batch"))
                .extracting(batch -> batch.getStatus().getStatusCode())
                .containsExactly(StatusCode.UNSET, StatusCode.ERROR);
    }
}
