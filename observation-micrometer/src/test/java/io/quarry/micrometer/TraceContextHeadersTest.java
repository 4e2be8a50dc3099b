package io.quarry.micrometer;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import io.quarry.testsupport.WireMockClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each request of a call carries the call's span context, written into the observation context's carrier by the
 * tracing bridge's propagating sender handler, as Spring Boot registers it. Without that handler nothing is sent.
 */
@Timeout(60)
class TraceContextHeadersTest {

    @RegisterExtension
    static final WireMockExtension FIRST = WireMockClients.server();

    @RegisterExtension
    static final WireMockExtension SECOND = WireMockClients.server();

    private static final String OBJECT = "{\"objectID\":\"1\",\"name\":\"phone\"}";

    private final SimpleTracer tracer = new SimpleTracer();

    /** A registry with the tracing handlers Spring Boot registers: the propagating sender's first. */
    private ObservationRegistry tracing(PropagatingSenderTracingObservationHandler<?> sender) {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig()
                .observationHandler(new FirstMatchingCompositeObservationHandler(
                        sender, new DefaultTracingObservationHandler(tracer)));
        return registry;
    }

    private static SearchClient client(ObservationRegistry registry, WireMockExtension... servers) {
        Host[] hosts = new Host[servers.length];
        for (int i = 0; i < servers.length; i++) {
            hosts[i] = Host.of(WireMockClients.url(servers[i]));
        }
        return SearchClient.create(WireMockClients.builder(hosts)
                .callObserver(MicrometerCallObserver.of(registry))
                .build());
    }

    /** {@return the requests the server received, in the order it received them} */
    private static List<LoggedRequest> requests(WireMockExtension server) {
        List<LoggedRequest> newestFirst = server.getAllServeEvents().stream()
                .map(event -> event.getRequest())
                .collect(Collectors.toCollection(ArrayList::new));
        Collections.reverse(newestFirst);
        return newestFirst;
    }

    private List<SimpleSpan> spans(String name) {
        return tracer.getSpans().stream()
                .filter(span -> name.equals(span.getName()))
                .toList();
    }

    private static String traceparent(SimpleSpan span) {
        return "00-" + span.getTraceId() + "-" + span.getSpanId() + "-01";
    }

    @Test
    void eachCallSendsItsSpanWrittenByThePropagatingHandler() {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        ObservationRegistry registry = tracing(new PropagatingSenderTracingObservationHandler<>(tracer, W3C_LIKE));
        try (SearchClient client = client(registry, FIRST)) {
            Observation.createNotStarted("caller", registry).observe(() -> {
                client.index("products").getObject("1", FreeFormRecord.class);
                client.index("products")
                        .getObjectAsync("1", FreeFormRecord.class)
                        .join();
            });
        }

        List<SimpleSpan> calls = spans("search.getObject");
        assertThat(calls).hasSize(2);
        assertThat(requests(FIRST))
                .extracting(request -> request.getHeader("traceparent"))
                .containsExactlyInAnyOrderElementsOf(
                        calls.stream().map(TraceContextHeadersTest::traceparent).toList());
        assertThat(calls)
                .allSatisfy(call -> assertThat(call.getTraceId())
                        .isEqualTo(spans("caller").get(0).getTraceId()));
    }

    @Test
    void everyTryOfARetriedCallCarriesTheCallsSpan() {
        FIRST.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(503).withBody("{\"message\":\"down\"}")));
        SECOND.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        ObservationRegistry registry = tracing(new PropagatingSenderTracingObservationHandler<>(tracer, W3C_LIKE));
        try (SearchClient client = client(registry, FIRST, SECOND)) {
            client.index("products").getObject("1", FreeFormRecord.class);
        }

        String expected = traceparent(spans("search.getObject").get(0));
        assertThat(requests(FIRST)).extracting(r -> r.getHeader("traceparent")).containsExactly(expected);
        assertThat(requests(SECOND)).extracting(r -> r.getHeader("traceparent")).containsExactly(expected);
    }

    @Test
    void aRegistryWithoutThePropagatingHandlerSendsNothing() {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        ObservationRegistry metered = ObservationRegistry.create();
        metered.observationConfig().observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
        ObservationRegistry spansOnly = ObservationRegistry.create();
        spansOnly.observationConfig().observationHandler(new DefaultTracingObservationHandler(tracer));
        // Quarry's calls left out of propagation alone: a sender handler that declines them (Spring Boot's is
        // replaced by a bean of that type), the default tracing handler still making their spans
        ObservationRegistry declining = tracing(new PropagatingSenderTracingObservationHandler<>(tracer, W3C_LIKE) {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return !(context instanceof QuarryCallContext) && super.supportsContext(context);
            }
        });
        try (SearchClient plain = client(ObservationRegistry.create(), FIRST);
                SearchClient meters = client(metered, FIRST);
                SearchClient untraced = client(spansOnly, FIRST);
                SearchClient declined = client(declining, FIRST)) {
            for (SearchClient client : List.of(plain, meters, untraced, declined)) {
                client.index("products").getObject("1", FreeFormRecord.class);
            }
        }

        assertThat(spans("search.getObject")).hasSize(2);
        assertThat(requests(FIRST))
                .hasSize(4)
                .allSatisfy(request ->
                        assertThat(request.containsHeader("traceparent")).isFalse());
    }

    /** Writes one header the way the W3C propagator does (micrometer-tracing-test has no propagator). */
    private static final Propagator W3C_LIKE = new Propagator() {
        @Override
        public List<String> fields() {
            return List.of("traceparent");
        }

        @Override
        public <C> void inject(TraceContext context, C carrier, Setter<C> setter) {
            setter.set(carrier, "traceparent", "00-" + context.traceId() + "-" + context.spanId() + "-01");
        }

        @Override
        public <C> Span.Builder extract(C carrier, Getter<C> getter) {
            throw new UnsupportedOperationException("a client only injects");
        }
    };
}
