package io.quarry.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.micrometer.MicrometerCallObserver;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Reports every call of the auto-configured clients to the application's Micrometer {@link ObservationRegistry},
 * so that Spring Boot's metrics and tracing see them: a timer {@code quarry.client.call} and a span per call. Active
 * when {@code observation-micrometer} is on the class path and the application has a registry (Spring Boot makes
 * one with its actuator); {@code quarry.observation.enabled=false} turns it off.
 *
 * <p>Where the application also has a Micrometer {@code MeterRegistry} (the actuator makes one), the observer
 * counts the records that batch calls write as well: the counters {@value MicrometerCallObserver#INGEST_RECORDS}
 * and {@value MicrometerCallObserver#INGEST_BYTES}.
 *
 * <p>It runs before {@link QuarryAutoConfiguration} and after Spring Boot's own observation auto-configuration
 * and its meter registry's (named for both Boot lines, as the classes moved in Boot 4), so the registries' beans are
 * known when they are looked for.
 */
@AutoConfiguration(
        before = QuarryAutoConfiguration.class,
        afterName = {
            "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
            "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
            "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"
        })
@ConditionalOnClass(
        name = {"io.micrometer.observation.ObservationRegistry", "io.quarry.micrometer.MicrometerCallObserver"})
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnProperty(name = "quarry.observation.enabled", havingValue = "true", matchIfMissing = true)
public class QuarryObservationAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryObservationAutoConfiguration() {}

    /**
     * Sets the observer on every client's configuration. It runs first, so that an application's own customizer
     * can still replace the observer.
     *
     * @param registry the application's observation registry
     * @return the customizer
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    public QuarryClientConfigCustomizer quarryObservationCustomizer(ObservationRegistry registry) {
        MicrometerCallObserver observer = MicrometerCallObserver.of(registry);
        return builder -> builder.callObserver(observer);
    }

    /**
     * With a meter registry too, the observer also counts the records batch calls write. Its customizer runs
     * just after the one above, which it overrides. A class of its own, so that the meter registry's type is
     * looked at only where micrometer-core is on the class path.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    @ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
    static class IngestCounting {

        @Bean
        @Order(Ordered.HIGHEST_PRECEDENCE + 1)
        QuarryClientConfigCustomizer quarryIngestCountingCustomizer(
                ObservationRegistry registry, MeterRegistry meters) {
            MicrometerCallObserver observer =
                    MicrometerCallObserver.of(registry).countingRecordsIn(meters);
            return builder -> builder.callObserver(observer);
        }
    }
}
