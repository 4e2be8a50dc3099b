package io.quarry.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The enabled health checks as one {@code quarry} health contributor with an indicator per client, on Spring Boot
 * 3, whose health API is in {@code org.springframework.boot.actuate.health}.
 */
@AutoConfiguration(after = QuarryAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
@ConditionalOnBean(HealthProbe.class)
public class QuarryBoot3HealthAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryBoot3HealthAutoConfiguration() {}

    /**
     * The {@code quarry} contributor: {@code /actuator/health/quarry/search}, ...
     *
     * @param probes the enabled checks
     * @return the contributor
     */
    @Bean
    @ConditionalOnMissingBean(name = "quarryHealthContributor")
    public CompositeHealthContributor quarryHealthContributor(List<HealthProbe> probes) {
        Map<String, HealthIndicator> indicators = new LinkedHashMap<>();
        for (HealthProbe probe : probes) {
            indicators.put(probe.name(), () -> {
                try {
                    probe.check().run();
                    return Health.up().build();
                } catch (RuntimeException e) {
                    return Health.down(e).build();
                }
            });
        }
        return CompositeHealthContributor.fromMap(indicators);
    }
}
