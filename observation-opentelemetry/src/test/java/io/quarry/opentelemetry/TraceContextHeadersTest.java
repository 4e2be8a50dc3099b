package io.quarry.opentelemetry;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.spi.CallObserver;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.WireMockClients;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each request of a call carries the call's span context, written by the OpenTelemetry instance's propagator (the
 * W3C ones here): the service and a proxy in between can join their logs to the caller's trace. Without a
 * propagator nothing is sent, and no propagator can replace the credentials or the body's headers.
 */
@Timeout(60)
class TraceContextHeadersTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    @RegisterExtension
    static final WireMockExtension FIRST = WireMockClients.server();

    @RegisterExtension
    static final WireMockExtension SECOND = WireMockClients.server();

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String OBJECT = "{\"objectID\":\"1\",\"name\":\"phone\"}";

    private static SearchClient client(CallObserver observer, WireMockExtension... servers) {
        Host[] hosts = new Host[servers.length];
        for (int i = 0; i < servers.length; i++) {
            hosts[i] = Host.of(WireMockClients.url(servers[i]));
        }
        return SearchClient.create(
                WireMockClients.builder(hosts).callObserver(observer).build());
    }

    /** {@return the requests the server received, in the order it received them} */
    private static List<LoggedRequest> requests(WireMockExtension server) {
        List<LoggedRequest> newestFirst = server.getAllServeEvents().stream()
                .map(event -> event.getRequest())
                .collect(Collectors.toCollection(ArrayList::new));
        Collections.reverse(newestFirst);
        return newestFirst;
    }

    private static List<SpanData> spans(String name) {
        return OTEL.getSpans().stream().filter(s -> s.getName().equals(name)).toList();
    }

    private static String traceparent(SpanData span) {
        return "00-" + span.getTraceId() + "-" + span.getSpanId() + "-01";
    }

    @Test
    @SuppressWarnings("try") // the scope only makes the caller's context current
    void eachCallSendsItsSpanAsTraceparentWithTheCallersBaggage() {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        Span caller =
                OTEL.getOpenTelemetry().getTracer("test").spanBuilder("caller").startSpan();
        try (SearchClient client = client(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()), FIRST);
                Scope inCaller = Context.current()
                        .with(caller)
                        .with(Baggage.builder().put("tenant", "acme").build())
                        .makeCurrent()) {
            SearchIndex index = client.index("products");
            index.getObject("1", FreeFormRecord.class);
            index.getObjectAsync("1", FreeFormRecord.class).join();
        } finally {
            caller.end();
        }

        List<SpanData> calls = spans("search.getObject");
        assertThat(calls)
                .hasSize(2)
                .allSatisfy(call -> assertThat(call.getParentSpanId())
                        .isEqualTo(caller.getSpanContext().getSpanId()));
        List<LoggedRequest> sent = requests(FIRST);
        assertThat(sent)
                .hasSize(2)
                .allSatisfy(request -> assertThat(request.getHeader("baggage")).isEqualTo("tenant=acme"));
        assertThat(sent)
                .extracting(request -> request.getHeader("traceparent"))
                .containsExactlyInAnyOrderElementsOf(
                        calls.stream().map(TraceContextHeadersTest::traceparent).toList());
    }

    @Test
    void everyTryOfARetriedCallCarriesTheCallsSpan() {
        FIRST.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(503).withBody("{\"message\":\"down\"}")));
        SECOND.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        try (SearchClient client = client(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()), FIRST, SECOND)) {
            client.index("products").getObject("1", FreeFormRecord.class);
        }

        List<SpanData> calls = spans("search.getObject");
        assertThat(calls).hasSize(1);
        // one span over the call's tries: each try carries it, the service's spans of the tries its children
        String expected = traceparent(calls.get(0));
        assertThat(requests(FIRST)).extracting(r -> r.getHeader("traceparent")).containsExactly(expected);
        assertThat(requests(SECOND)).extracting(r -> r.getHeader("traceparent")).containsExactly(expected);
    }

    @Test
    void anInstanceWithoutPropagatorsSendsNothingThoughItRecordsTheSpan() {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson(OBJECT)));
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        // the SDK's default: no propagator configured (as with otel.propagators=none)
        OpenTelemetrySdk unpropagated = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exported))
                        .build())
                .build();
        // the README's way to keep Quarry's calls alone from sending it: the application's instance, no propagators
        OpenTelemetry quiet = new OpenTelemetry() {
            @Override
            public TracerProvider getTracerProvider() {
                return OTEL.getOpenTelemetry().getTracerProvider();
            }

            @Override
            public MeterProvider getMeterProvider() {
                return OTEL.getOpenTelemetry().getMeterProvider();
            }

            @Override
            public ContextPropagators getPropagators() {
                return ContextPropagators.noop();
            }
        };
        try (SearchClient bare = client(OpenTelemetryCallObserver.of(unpropagated), FIRST);
                SearchClient kept = client(OpenTelemetryCallObserver.of(quiet), FIRST)) {
            bare.index("products").getObject("1", FreeFormRecord.class);
            kept.index("products").getObject("1", FreeFormRecord.class);
            // read before the SDK closes: its exporter forgets its spans then
            assertThat(exported.getFinishedSpanItems())
                    .extracting(SpanData::getName)
                    .containsExactly("search.getObject");
        } finally {
            unpropagated.close();
        }

        assertThat(spans("search.getObject")).hasSize(1);
        assertThat(requests(FIRST)).hasSize(2).allSatisfy(request -> {
            assertThat(request.containsHeader("traceparent")).isFalse();
            assertThat(request.containsHeader("tracestate")).isFalse();
            assertThat(request.containsHeader("baggage")).isFalse();
        });
    }

    @Test
    void aPropagatorCannotReplaceTheKeyOrTheBodysType() {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson("{\"hits\":[],\"nbHits\":0,\"page\":0,\"nbPages\":0}")));
        TextMapPropagator overreaching = new TextMapPropagator() {
            @Override
            public Collection<String> fields() {
                return List.of("X-Service-API-Key", "Content-Type", "traceparent");
            }

            @Override
            public <C> void inject(Context context, C carrier, TextMapSetter<C> setter) {
                setter.set(carrier, "X-Service-API-Key", "propagated-key");
                setter.set(carrier, "Content-Type", "text/plain");
                W3CTraceContextPropagator.getInstance().inject(context, carrier, setter);
            }

            @Override
            public <C> Context extract(Context context, C carrier, TextMapGetter<C> getter) {
                return context;
            }
        };
        OpenTelemetry overreachingInstance = new OpenTelemetry() {
            @Override
            public TracerProvider getTracerProvider() {
                return OTEL.getOpenTelemetry().getTracerProvider();
            }

            @Override
            public ContextPropagators getPropagators() {
                return ContextPropagators.create(overreaching);
            }
        };
        try (SearchClient client = client(OpenTelemetryCallObserver.of(overreachingInstance), FIRST)) {
            client.index("products").search(SearchQuery.of("phone"), FreeFormRecord.class);
        }

        LoggedRequest sent = requests(FIRST).get(0);
        assertThat(sent.getHeader("X-Service-API-Key")).isEqualTo(WireMockClients.API_KEY);
        assertThat(sent.getHeader("Content-Type")).startsWith("application/json");
        assertThat(sent.getHeader("traceparent"))
                .isEqualTo(traceparent(spans("search.search").get(0)));
    }

    @Test
    @SuppressWarnings("try") // the scope only makes the caller's context current
    void theMockServerAnswersRequestsCarryingTraceContextAndBaggage() {
        try (SearchClient seeding = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            seeding.index("traced")
                    .saveObjects(
                            List.of(Map.of("objectID", "1", "name", "phone")),
                            BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        ClientConfig config = MockServerClients.builder(
                        MOCK.server(), MOCK.server().adminKey())
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
                .build();
        // a caller in a trace begun elsewhere with a vendor's state: traceparent, tracestate and baggage all go out
        Span upstream = Span.wrap(SpanContext.createFromRemoteParent(
                "0af7651916cd43dd8448eb211c80319c",
                "b7ad6b7169203331",
                TraceFlags.getSampled(),
                TraceState.builder().put("vendor", "opaque").build()));
        Span caller = OTEL.getOpenTelemetry()
                .getTracer("test")
                .spanBuilder("caller")
                .setParent(Context.root().with(upstream))
                .startSpan();
        try (SearchClient client = SearchClient.create(config);
                Scope inCaller = Context.current()
                        .with(caller)
                        .with(Baggage.builder().put("tenant", "acme").build())
                        .makeCurrent()) {
            assertThat(client.index("traced")
                            .search(SearchQuery.of("phone"), FreeFormRecord.class)
                            .records())
                    .extracting(record -> record.objectID().orElseThrow())
                    .containsExactly("1");
            assertThat(client.index("traced")
                            .getObject("1", FreeFormRecord.class)
                            .objectID())
                    .contains("1");
        } finally {
            caller.end();
        }
    }
}
