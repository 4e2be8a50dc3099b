package io.quarry.opentelemetry;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.WireMockClients;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Searches run under the real OpenTelemetry Java agent, in JVMs of their own ({@link SearchesUnderJavaAgent}),
 * against the mock server of this JVM through a recording proxy. The agent exports as OTLP JSON lines on the JVM's
 * standard output when the JVM exits: one JVM its spans, another its metrics. This test reads them and checks that
 * each search's span is the parent of the HTTP span the agent made for OkHttp, that each request carried that HTTP
 * span's context, and that the call metrics reached the agent's meter. The application is configured with the line
 * the README shows.
 */
@Timeout(180)
class OpenTelemetryJavaAgentTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /** Between the application and the mock server: forwards every request, and keeps what it received. */
    @RegisterExtension
    static final WireMockExtension PROXY = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
            .resetOnEachTest(false) // the runs happen once, before the tests that read what it received
            .build();

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String INDEX = "agent-products";
    /** Client spans per OTLP: the JSON's number for SPAN_KIND_CLIENT. */
    private static final int CLIENT = 3;

    @TempDir
    static Path output;

    private static final List<ExportedSpan> spans = new ArrayList<>();
    private static final List<JsonNode> metrics = new ArrayList<>();

    /** A span as the agent exported it. */
    private record ExportedSpan(
            String scope,
            String name,
            int kind,
            String traceId,
            String spanId,
            String parentSpanId,
            long startNanos,
            Map<String, String> attributes) {}

    @BeforeAll
    @Timeout(180)
    static void runTheSearchesUnderTheAgent() throws Exception {
        try (SearchClient seeding = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            seeding.index(INDEX)
                    .saveObjects(
                            List.of(Map.of("objectID", "1", "name", "phone")),
                            BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        PROXY.stubFor(
                any(anyUrl()).willReturn(aResponse().proxiedFrom(MOCK.server().url())));
        Path agent =
                Path.of(System.getProperty("quarry.otel.javaagent", "target/javaagent/opentelemetry-javaagent.jar"));
        assertThat(agent).as("the agent jar the build copies").isRegularFile();
        // at exit the agent exports spans and metrics on two threads, and in one standard output their lines can
        // interleave: so one JVM exports the spans and another the metrics, run side by side
        Process traced = underTheAgent(agent, "traces", "experimental-otlp/stdout", "none");
        Process metered = underTheAgent(agent, "metrics", "none", "experimental-otlp/stdout");
        exportedLines(traced, "traces").forEach(OpenTelemetryJavaAgentTest::read);
        exportedLines(metered, "metrics").forEach(OpenTelemetryJavaAgentTest::read);
    }

    /**
     * {@return the searches' JVM under the agent, started, its standard output and error in files named after the
     * run}
     *
     * @param agent the agent's jar
     * @param run names the output files
     * @param tracesExporter the agent's span exporter
     * @param metricsExporter the agent's metric exporter
     */
    private static Process underTheAgent(Path agent, String run, String tracesExporter, String metricsExporter)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-javaagent:" + agent.toAbsolutePath(),
                        "-Dotel.service.name=quarry-agent-test",
                        "-Dotel.traces.exporter=" + tracesExporter,
                        "-Dotel.metrics.exporter=" + metricsExporter,
                        "-Dotel.logs.exporter=none",
                        // metrics are exported once, when the JVM exits
                        "-Dotel.metric.export.interval=600000",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SearchesUnderJavaAgent.class.getName(),
                        WireMockClients.url(PROXY),
                        MOCK.server().applicationId(),
                        INDEX)
                .redirectOutput(output.resolve(run + ".jsonl").toFile())
                .redirectError(output.resolve(run + ".stderr.txt").toFile());
        // the agent reads OTEL_* variables too: only the flags above configure it
        builder.environment().keySet().removeIf(name -> name.startsWith("OTEL_"));
        builder.environment()
                .put(SearchesUnderJavaAgent.API_KEY_VARIABLE, MOCK.server().adminKey());
        return builder.start();
    }

    /** {@return the lines the run's JVM exported, once it has exited with 0} */
    private static List<JsonNode> exportedLines(Process child, String run) throws Exception {
        boolean exited = child.waitFor(150, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        assertThat(exited && child.exitValue() == 0)
                .as(
                        "the JVM under the agent (%s) exits with 0; its standard error:%n%s",
                        run, Files.readString(output.resolve(run + ".stderr.txt")))
                .isTrue();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(output.resolve(run + ".jsonl"))) {
            if (line.startsWith("{")) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    private static void read(JsonNode export) {
        for (JsonNode resource : export.path("resourceSpans")) {
            for (JsonNode scope : resource.path("scopeSpans")) {
                for (JsonNode span : scope.path("spans")) {
                    spans.add(new ExportedSpan(
                            scope.path("scope").path("name").asString(),
                            span.path("name").asString(),
                            span.path("kind").asInt(),
                            span.path("traceId").asString(),
                            span.path("spanId").asString(),
                            span.path("parentSpanId").asString(""),
                            Long.parseLong(span.path("startTimeUnixNano").asString()),
                            attributes(span)));
                }
            }
        }
        for (JsonNode resource : export.path("resourceMetrics")) {
            for (JsonNode scope : resource.path("scopeMetrics")) {
                if (scope.path("scope")
                        .path("name")
                        .asString()
                        .equals(OpenTelemetryCallObserver.INSTRUMENTATION_NAME)) {
                    scope.path("metrics").forEach(metrics::add);
                }
            }
        }
    }

    private static Map<String, String> attributes(JsonNode owner) {
        Map<String, String> attributes = new HashMap<>();
        for (JsonNode attribute : owner.path("attributes")) {
            // {"key": "...", "value": {"stringValue": "..."}} or intValue, boolValue...
            JsonNode value = attribute.path("value");
            value.properties()
                    .forEach(typed -> attributes.put(
                            attribute.path("key").asString(), typed.getValue().asString()));
        }
        return attributes;
    }

    private static List<ExportedSpan> quarrySearchSpans() {
        return spans.stream()
                .filter(s -> s.scope().equals(OpenTelemetryCallObserver.INSTRUMENTATION_NAME))
                .filter(s -> s.name().equals("search.search"))
                .sorted(Comparator.comparingLong(ExportedSpan::startNanos))
                .toList();
    }

    private static List<ExportedSpan> okHttpSpans() {
        return spans.stream()
                .filter(s -> s.scope().startsWith("io.opentelemetry.okhttp"))
                .toList();
    }

    private static List<ExportedSpan> childrenOf(ExportedSpan parent) {
        return spans.stream()
                .filter(s -> s.parentSpanId().equals(parent.spanId()))
                .toList();
    }

    @Test
    void eachSearchIsAClientSpanOfTheQuarryScope() {
        List<ExportedSpan> searches = quarrySearchSpans();
        assertThat(searches).as("spans: %s", spans).hasSize(2).allSatisfy(search -> {
            assertThat(search.kind()).isEqualTo(CLIENT);
            assertThat(search.attributes())
                    .containsEntry("quarry.product", "search")
                    .containsEntry("quarry.operation", "search")
                    .containsEntry("quarry.index", INDEX)
                    .containsEntry("http.response.status_code", "200");
        });
    }

    @Test
    void theSearchsSpanIsTheParentOfTheAgentsOkHttpSpan() {
        ExportedSpan search = quarrySearchSpans().get(0);

        assertThat(childrenOf(search)).as("spans: %s", spans).singleElement().satisfies(http -> {
            assertThat(okHttpSpans()).contains(http);
            assertThat(http.kind()).isEqualTo(CLIENT);
            assertThat(http.traceId()).isEqualTo(search.traceId());
            assertThat(http.attributes())
                    .containsEntry("http.request.method", "POST")
                    .containsEntry("http.response.status_code", "200")
                    .containsEntry("server.port", String.valueOf(proxyPort()));
        });
    }

    @Test
    void theAsyncSearchsSpanIsTheParentOfTheAgentsOkHttpSpan() {
        ExportedSpan search = quarrySearchSpans().get(1);

        assertThat(childrenOf(search)).as("spans: %s", spans).singleElement().satisfies(http -> {
            assertThat(okHttpSpans()).contains(http);
            assertThat(http.kind()).isEqualTo(CLIENT);
            assertThat(http.traceId()).isEqualTo(search.traceId());
            assertThat(http.attributes()).containsEntry("http.response.status_code", "200");
        });
    }

    @Test
    void everyOkHttpSpanHasASearchAsItsParent() {
        List<String> searchIds =
                quarrySearchSpans().stream().map(ExportedSpan::spanId).toList();

        assertThat(okHttpSpans())
                .as("spans: %s", spans)
                .hasSize(2)
                .allSatisfy(http -> assertThat(searchIds).contains(http.parentSpanId()));
    }

    @Test
    void eachRequestCarriesItsOkHttpSpanWrittenOverTheSearchsSpan() {
        // the traced run's requests: the metered run's carry spans nobody exported
        List<String> sent = PROXY.getAllServeEvents().stream()
                .map(event -> event.getRequest().getHeader("traceparent"))
                .toList();
        List<String> okHttp = okHttpSpans().stream()
                .map(http -> "00-" + http.traceId() + "-" + http.spanId() + "-01")
                .toList();

        assertThat(sent).as("spans: %s", spans).hasSize(4).containsAll(okHttp);
        assertThat(quarrySearchSpans())
                .allSatisfy(search -> assertThat(sent).noneMatch(header -> header.contains(search.spanId())));
    }

    @Test
    void theCallDurationsReachTheAgentsMeter() {
        JsonNode duration = metrics.stream()
                .filter(m -> m.path("name").asString().equals(OpenTelemetryCallObserver.DURATION))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + OpenTelemetryCallObserver.DURATION + " in " + metrics));

        assertThat(duration.path("unit").asString()).isEqualTo("s");
        List<JsonNode> points = new ArrayList<>();
        duration.path("histogram").path("dataPoints").forEach(points::add);
        assertThat(points).singleElement().satisfies(point -> {
            assertThat(attributes(point))
                    .containsEntry("quarry.operation", "search")
                    .containsEntry("quarry.outcome", "SUCCESS")
                    .containsEntry("quarry.status_class", "2xx");
            assertThat(point.path("count").asLong()).isEqualTo(2);
        });
    }

    @Test
    void theApplicationIsConfiguredWithTheReadmesOneLine() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String line = readme.lines()
                // the code sample's line, not prose quoting the call
                .filter(l -> l.strip().startsWith(".callObserver(OpenTelemetryCallObserver.of())"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the README shows no OpenTelemetryCallObserver.of() line"))
                .replaceAll("//.*", "")
                .strip();
        String application = Files.readString(
                Path.of("src/test/java", SearchesUnderJavaAgent.class.getName().replace('.', '/') + ".java"));

        assertThat(application).contains(line);
    }

    /** {@return the port the application sent to: the proxy's} */
    private static int proxyPort() {
        return URI.create(WireMockClients.url(PROXY)).getPort();
    }
}
