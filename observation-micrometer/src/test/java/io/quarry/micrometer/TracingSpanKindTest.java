package io.quarry.micrometer;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import io.micrometer.tracing.test.simple.SimpleSpan;
import io.micrometer.tracing.test.simple.SimpleTracer;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The spans a Micrometer Tracing bridge makes of Quarry's observations, with the handlers Spring Boot registers (the
 * sender's first, the default one after): a call to the service is a CLIENT span naming the remote service, a child
 * of the caller's span; a composite call's requests are its children.
 */
@Timeout(60)
class TracingSpanKindTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final SimpleTracer tracer = new SimpleTracer();
    /** The trace headers the tracer asked to inject, by name. */
    private final List<String> injected = new ArrayList<>();

    private final ObservationRegistry registry = ObservationRegistry.create();
    private SearchClient client;
    private SearchIndex index;

    @BeforeEach
    void start() {
        registry.observationConfig()
                .observationHandler(new FirstMatchingCompositeObservationHandler(
                        new PropagatingSenderTracingObservationHandler<>(tracer, new W3cLikePropagator()),
                        new DefaultTracingObservationHandler(tracer)));
        try (SearchClient seeding = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            seeding.index("products")
                    .saveObjects(
                            List.of(Map.of("objectID", "1", "name", "phone")),
                            BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        client = SearchClient.create(
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                        .callObserver(MicrometerCallObserver.of(registry))
                        .build());
        index = client.index("products");
    }

    @AfterEach
    void stop() {
        client.close();
    }

    @Test
    void aCallIsAClientSpanNamingTheServiceUnderTheCallersSpan() {
        Observation.createNotStarted("caller", registry)
                .observe(() -> index.search(SearchQuery.of("phone"), FreeFormRecord.class));

        SimpleSpan parent = span("caller");
        SimpleSpan search = span("search.search");
        assertThat(search.getKind()).isEqualTo(Span.Kind.CLIENT);
        assertThat(search.getRemoteServiceName()).isEqualTo("quarry-search");
        assertThat(search.getParentId()).isEqualTo(parent.getSpanId());
        assertThat(search.getTraceId()).isEqualTo(parent.getTraceId());
        assertThat(search.getTags())
                .containsEntry("quarry.product", "search")
                .containsEntry("quarry.operation", "search")
                .containsEntry("http.request.method", "POST")
                .containsEntry("quarry.outcome", "SUCCESS")
                .containsEntry("http.response.status_code", "200")
                .containsEntry("quarry.index", "products")
                .containsKeys("server.address", "server.port", "url.template");
        // the tracer injected its trace header, which the call sent (TraceContextHeadersTest checks what arrives)
        assertThat(injected).containsExactly("traceparent");
    }

    @Test
    void anAsynchronousCallIsAClientSpanUnderTheCallersSpanToo() {
        Observation caller = Observation.start("caller", registry);
        caller.scoped(() ->
                index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class).join());
        caller.stop();

        SimpleSpan search = span("search.search");
        assertThat(search.getKind()).isEqualTo(Span.Kind.CLIENT);
        assertThat(search.getRemoteServiceName()).isEqualTo("quarry-search");
        assertThat(search.getParentId()).isEqualTo(span("caller").getSpanId());
    }

    @Test
    void aCompositeCallHoldsAClientSpanPerRequestAndNamesNoServiceItself() {
        index.saveObjects(
                List.of(Map.of("objectID", "2", "name", "case")),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));

        SimpleSpan save = span("search.saveObjects");
        SimpleSpan batch = span("search.batch");
        assertThat(save.getParentId()).as("a root span").isNullOrEmpty();
        assertThat(save.getRemoteServiceName()).isNull();
        assertThat(save.getTags())
                .containsEntry("quarry.operation", "saveObjects")
                .containsEntry("http.request.method", "none");
        assertThat(batch.getKind()).isEqualTo(Span.Kind.CLIENT);
        assertThat(batch.getRemoteServiceName()).isEqualTo("quarry-search");
        assertThat(batch.getParentId()).isEqualTo(save.getSpanId());
        assertThat(batch.getTraceId()).isEqualTo(save.getTraceId());
        SimpleSpan waitForTask = span("search.waitForTask");
        assertThat(waitForTask.getParentId()).isEqualTo(save.getSpanId());
        assertThat(tracer.getSpans())
                .filteredOn(span -> span.getName().equals("search.getTask"))
                .isNotEmpty()
                .allSatisfy(poll -> {
                    assertThat(poll.getKind()).isEqualTo(Span.Kind.CLIENT);
                    assertThat(poll.getParentId()).isEqualTo(waitForTask.getSpanId());
                });
    }

    private SimpleSpan span(String name) {
        return tracer.getSpans().stream()
                .filter(span -> name.equals(span.getName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + tracer.getSpans()));
    }

    /** Injects one header the way the W3C propagator does, whatever the carrier. */
    private final class W3cLikePropagator implements Propagator {
        @Override
        public List<String> fields() {
            return List.of("traceparent");
        }

        @Override
        public <C> void inject(TraceContext context, C carrier, Setter<C> setter) {
            injected.add("traceparent");
            setter.set(carrier, "traceparent", "00-" + context.traceId() + "-" + context.spanId() + "-01");
        }

        @Override
        public <C> Span.Builder extract(C carrier, Getter<C> getter) {
            return tracer.spanBuilder();
        }
    }
}
