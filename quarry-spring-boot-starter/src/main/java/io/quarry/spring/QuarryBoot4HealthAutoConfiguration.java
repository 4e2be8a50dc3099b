package io.quarry.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The enabled health checks as one {@code quarry} health contributor with an indicator per client, on Spring Boot
 * 4, whose health API moved to {@code org.springframework.boot.health.contributor}.
 */
@AutoConfiguration(after = QuarryAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
@ConditionalOnBean(HealthProbe.class)
public class QuarryBoot4HealthAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryBoot4HealthAutoConfiguration() {}

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
