package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.SenderContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import io.quarry.micrometer.QuarryCallContext;
import io.quarry.spring.test.QuarryMockServer;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * The README's way to send no trace context from Quarry's calls alone: a propagating sender handler of the
 * application's own that declines a {@link QuarryCallContext}. Spring Boot then leaves its own out, and other
 * senders still propagate.
 */
@SpringBootTest(
        classes = {
            CatalogApplication.class,
            SentHeaders.class,
            TraceContextDeclinedForQuarryCallsTest.QuarryCallsUnpropagated.class
        })
@QuarryMockServer(seed = "classpath:quarry/products.json")
class TraceContextDeclinedForQuarryCallsTest {

    @TestConfiguration(proxyBeanMethods = false)
    static class QuarryCallsUnpropagated {

        /**
         * Ordered as Boot orders its own ({@code SENDER_TRACING_OBSERVATION_HANDLER_ORDER} of
         * {@code MicrometerTracingAutoConfiguration}, whose package differs between the lines); named otherwise than
         * Boot's, so that Boot leaves its own out by type, not by name.
         */
        @Bean
        @Order(2000)
        PropagatingSenderTracingObservationHandler<?> quarryCallsUnpropagatedSender(
                Tracer tracer, Propagator propagator) {
            return new PropagatingSenderTracingObservationHandler<>(tracer, propagator) {
                @Override
                public boolean supportsContext(Observation.Context context) {
                    return !(context instanceof QuarryCallContext) && super.supportsContext(context);
                }
            };
        }
    }

    @Autowired
    ProductCatalog catalog;

    @Autowired
    ObservationRegistry observations;

    @Autowired
    Tracer tracer;

    @Autowired
    SentHeaders sent;

    @Autowired
    ApplicationContext context;

    @Test
    void quarryCallsSendNoTraceContextWhileOtherSendersDo() {
        assertThat(context.getBeansOfType(PropagatingSenderTracingObservationHandler.class))
                .as("Spring Boot's handler left out for the application's")
                .containsOnlyKeys("quarryCallsUnpropagatedSender");
        Map<String, String> otherCarrier = new HashMap<>();
        Observation.createNotStarted("checkout", observations).observe(() -> {
            assertThat(tracer.currentSpan().context().traceId()).isNotBlank();
            assertThat(catalog.find("lamp")).extracting(Product::name).containsExactly("Brass desk lamp");
            Observation.createNotStarted("other.client.call", () -> otherSender(otherCarrier), observations)
                    .observe(() -> {});
        });

        assertThat(sent.to("/query"))
                .singleElement()
                .satisfies(search -> assertThat(search.headers().names())
                        .doesNotContain("traceparent", "tracestate", "b3", "baggage"));
        assertThat(otherCarrier).containsKey("traceparent");
    }

    private static Observation.Context otherSender(Map<String, String> carrier) {
        SenderContext<Map<String, String>> sender = new SenderContext<>((map, key, value) -> map.put(key, value));
        sender.setCarrier(carrier);
        return sender;
    }
}
