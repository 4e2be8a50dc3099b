package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.quarry.analytics.model.TopSearch;
import io.quarry.core.Host;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockServer;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.search.SearchClient;
import io.quarry.spring.test.QuarryMockServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/**
 * The application against the embedded mock server, through the injected clients: the test resources'
 * application.properties point at a production host, and the annotation wins over it. {@link SentHeaders} records
 * the headers the clients send (for the trace context test), in this context rather than one of its own.
 */
@SpringBootTest(
        classes = {CatalogApplication.class, SentHeaders.class},
        properties = {
            "quarry.health.search.enabled=true",
            "quarry.health.monitoring.enabled=true",
            "quarry.health.crawler.enabled=true",
            "quarry.health.timeout=500ms"
        })
@QuarryMockServer(seed = "classpath:quarry/products.json")
class CatalogMockServerTest {

    /** How late the server answers a check that should time out: far past the 500 ms timeout the checks have. */
    private static final Duration UNANSWERED_FOR = Duration.ofSeconds(30);

    @Autowired
    ProductCatalog catalog;

    @Autowired
    MockServer server;

    @Autowired
    ApplicationContext context;

    @Autowired
    ObservationRegistry observations;

    @Autowired
    Tracer tracer;

    @Autowired
    SentHeaders sent;

    @Test
    void everyClientCallsTheMockServer() {
        Host mock = Host.of(server.url());
        context.getBeansOfType(ClientHandle.class)
                .values()
                .forEach(
                        client -> assertThat(((ClientHandle<?>) client).config().hosts())
                                .as(client.getClass().getSimpleName())
                                .containsExactly(client instanceof CrawlerClient ? mock.withBasePath("/api/1") : mock));
        assertThat(context.getBeansOfType(ClientHandle.class)).hasSize(9);
        // personalization and query suggestions need no region: the mock server's hosts replace the region's
        assertThat(context.getEnvironment().getProperty("quarry.region")).isNull();
        assertThat(context.getBean(SearchClient.class)
                        .index(ProductCatalog.INDEX)
                        .exists())
                .isTrue();
        assertThat(context.getBean(MonitoringClient.class).status()).isNotNull();
    }

    @Test
    void theActuatorsObservationRegistrySeesEveryCall() {
        assertThat(context.getBean(SearchClient.class).config().callObserver())
                .containsInstanceOf(MicrometerCallObserver.class);
    }

    /**
     * With a tracing bridge on the class path (Brave here), Spring Boot's tracing writes each call's span context on
     * its requests: a search made inside an observed span reaches the server with a W3C {@code traceparent} of that
     * span's trace, with no code beyond the starter and the bridge.
     */
    @Test
    void aSearchInsideAnObservedSpanSendsThatSpansTrace() {
        AtomicReference<String> traceId = new AtomicReference<>();
        Observation.createNotStarted("checkout", observations).observe(() -> {
            traceId.set(tracer.currentSpan().context().traceId());
            assertThat(catalog.find("lamp")).extracting(Product::name).containsExactly("Brass desk lamp");
        });

        assertThat(sent.to("/query"))
                .last()
                .satisfies(search -> assertThat(search.headers().get("traceparent"))
                        .as("the search's traceparent")
                        .matches("00-" + traceId.get() + "-[0-9a-f]{16}-0[01]"));
    }

    @Test
    void theActuatorsMeterRegistryCountsTheRecordsWritten() {
        MeterRegistry meters = context.getBean(MeterRegistry.class);
        double before = recordsSaved(meters);

        catalog.save(List.of(new Product("mug-1", "Tea mug", "Drink"), new Product("mug-2", "Coffee mug", "Drink")));

        assertThat(recordsSaved(meters) - before).isEqualTo(2);
    }

    private static double recordsSaved(MeterRegistry meters) {
        return meters
                .find(MicrometerCallObserver.INGEST_RECORDS)
                .tag("quarry.operation", "saveObjects")
                .counters()
                .stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    @Test
    void theSeedIsSearchable() {
        assertThat(catalog.find("lamp")).extracting(Product::name).containsExactly("Brass desk lamp");
    }

    @Test
    void indexesSearchesAndReadsAnalytics() {
        catalog.save(List.of(
                new Product("kettle-1", "Steel kettle", "Boil"), new Product("kettle-2", "Glass kettle", "Boil")));

        assertThat(catalog.find("kettle"))
                .extracting(Product::objectID)
                .containsExactlyInAnyOrder("kettle-1", "kettle-2");
        catalog.find("kettle");
        catalog.find("chair");

        assertThat(catalog.topSearches())
                .extracting(TopSearch::search, TopSearch::count)
                .startsWith(org.assertj.core.groups.Tuple.tuple("kettle", 2L))
                .contains(org.assertj.core.groups.Tuple.tuple("chair", 1L));
    }

    @Test
    void theServerIsResetBeforeEachTest() {
        assertThat(catalog.find("kettle")).isEmpty();
        assertThat(catalog.topSearches()).extracting(TopSearch::search).containsOnly("kettle");
    }

    @Test
    void healthIsUpWhenTheServiceAnswers() {
        assertThat(statusOnceWarm("search")).isEqualTo("UP");
        assertThat(statusOnceWarm("monitoring")).isEqualTo("UP");
        assertThat(statusOnceWarm("crawler")).isEqualTo("UP");
    }

    /**
     * A check's status, evaluated again while it reads DOWN, a few times at most. The checks have a 500 ms timeout
     * for the test below; a fork's first check runs cold code and, on a loaded machine, once took longer than that
     * (DOWN). The server answers at once, so a check still DOWN after five is a real failure.
     */
    private String statusOnceWarm(String check) {
        String status = BootLineHealth.status(context, check);
        for (int tries = 1; tries < 5 && "DOWN".equals(status); tries++) {
            status = BootLineHealth.status(context, check);
        }
        return status;
    }

    @Test
    void healthIsDownWhenTheServiceDoesNotAnswerWithinTheCheckTimeout() {
        server.faults().next(10, "GET", "/1/indexes", Fault.delay(UNANSWERED_FOR));

        long started = System.nanoTime();
        assertThat(BootLineHealth.status(context, "search")).isEqualTo("DOWN");
        // ended by the check's 500 ms timeout, not by the answer: well under the delay, however loaded the machine
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(UNANSWERED_FOR.dividedBy(2));
        assertThat(BootLineHealth.status(context, "monitoring")).isEqualTo("UP");
    }
}
