package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.quarry.spring.test.QuarryMockServer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * With Spring Boot's propagation producing no format, the calls' spans are still made but no trace header is sent.
 */
@SpringBootTest(
        classes = {CatalogApplication.class, SentHeaders.class},
        properties = "management.tracing.propagation.produce=")
@QuarryMockServer(seed = "classpath:quarry/products.json")
class TraceContextHeadersOffTest {

    @Autowired
    ProductCatalog catalog;

    @Autowired
    ObservationRegistry observations;

    @Autowired
    Tracer tracer;

    @Autowired
    SentHeaders sent;

    @Test
    void aSearchInsideAnObservedSpanSendsNoTraceHeader() {
        Observation.createNotStarted("checkout", observations).observe(() -> {
            // tracing itself is on: the span is real, only its propagation is off
            assertThat(tracer.currentSpan().context().traceId()).isNotBlank();
            assertThat(catalog.find("lamp")).extracting(Product::name).containsExactly("Brass desk lamp");
        });

        assertThat(sent.to("/query"))
                .singleElement()
                .satisfies(search -> assertThat(search.headers().names())
                        .doesNotContain("traceparent", "tracestate", "b3", "X-B3-TraceId", "baggage"));
    }
}
