package io.quarry.benchmarks.client;

import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.opentelemetry.OpenTelemetryCallObserver;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Search clients on the canned server of {@link CannedClients}, each with another call observer: a no-op one,
 * Micrometer (an observation registry feeding a simple meter registry, as an application without tracing has), and
 * OpenTelemetry (the SDK sampling every span into a batch processor whose exporter drops them, and an in-memory
 * metric reader).
 */
@State(Scope.Benchmark)
public class ObservedClients {

    SearchIndex noOp;
    SearchIndex micrometer;
    SearchIndex openTelemetry;

    private final List<SearchClient> clients = new ArrayList<>();
    private OpenTelemetrySdk sdk;

    /**
     * Builds the clients on the server the canned clients started.
     *
     * @param canned the server and the unobserved clients
     */
    @Setup(Level.Trial)
    public void start(CannedClients canned) {
        noOp = index(canned, call -> ObservedCall.NONE);

        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
        micrometer = index(canned, MicrometerCallObserver.of(registry));

        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(BatchSpanProcessor.builder(new DroppingExporter())
                                .build())
                        .build())
                .setMeterProvider(SdkMeterProvider.builder()
                        .registerMetricReader(InMemoryMetricReader.create())
                        .build())
                .build();
        openTelemetry = index(canned, OpenTelemetryCallObserver.of((OpenTelemetry) sdk));
        canned.quarryIndex.search(canned.quarryQuery, io.quarry.benchmarks.data.Product.class);
    }

    private SearchIndex index(CannedClients canned, CallObserver observer) {
        SearchClient client = SearchClient.create(ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret")
                .hosts(Host.of(canned.canned.url()))
                .callObserver(observer)
                .build());
        clients.add(client);
        SearchIndex index = client.index(CannedClients.INDEX);
        if (index.search(canned.quarryQuery, io.quarry.benchmarks.data.Product.class)
                        .hits()
                        .size()
                != 20) {
            throw new IllegalStateException("an observed client did not decode the canned answer");
        }
        return index;
    }

    /** Closes the clients and the OpenTelemetry SDK. */
    @TearDown(Level.Trial)
    public void stop() {
        clients.forEach(SearchClient::close);
        if (sdk != null) {
            sdk.close();
        }
    }

    /** Takes the spans the batch processor exports and keeps none. */
    private static final class DroppingExporter implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
