package io.quarry.spring;

import io.micrometer.observation.ObservationRegistry;
import io.quarry.micrometer.MicrometerCallObserver;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Reports every call of the auto-configured clients to the application's Micrometer {@link ObservationRegistry},
 * so that Spring Boot's metrics and tracing see them: a timer {@code quarry.client.call} and a span per call. Active
 * when {@code observation-micrometer} is on the class path and the application has a registry (Spring Boot makes
 * one with its actuator); {@code quarry.observation.enabled=false} turns it off.
 *
 * <p>It runs before {@link QuarryAutoConfiguration} and after Spring Boot's own observation auto-configuration
 * (named for both Boot lines, as the class moved in Boot 4), so the registry bean is known when it is looked for.
 */
@AutoConfiguration(
        before = QuarryAutoConfiguration.class,
        afterName = {
            "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"
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
}
