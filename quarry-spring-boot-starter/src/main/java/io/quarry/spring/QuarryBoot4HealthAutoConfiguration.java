package io.quarry.spring;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthContributors;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The enabled health checks as one {@code quarry} health contributor with an indicator per client
 * ({@code /actuator/health/quarry/search}, ...), on Spring Boot 4, whose health API moved to {@code org.springframework.boot.health.contributor}. Spring Boot's
 * {@code management.health.quarry.enabled=false} turns it off, as it does Boot's own indicators. The checks of one
 * health request run within {@code quarry.health.timeout} together, at once, and a health group's request calls only
 * the checks the group includes, which the contributor reads from the endpoint's groups. The checks are the same on
 * both Boot lines; only their health types differ here.
 */
@AutoConfiguration(after = QuarryAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
public class QuarryBoot4HealthAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryBoot4HealthAutoConfiguration() {}

    /**
     * The contributor, under Boot's switch. The switch's annotation exists on one Boot line only, so it sits on
     * this class rather than the public one: code that names this auto-configuration compiles on either line.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnEnabledHealthIndicator("quarry")
    @Import(QuarryHealthProbes.class)
    static class Contributor {

        @Bean
        @ConditionalOnBean(HealthProbe.class)
        @ConditionalOnMissingBean(name = "quarryHealthContributor")
        CompositeHealthContributor quarryHealthContributor(
                List<HealthProbe> probes, QuarryProperties properties, ObjectProvider<HealthEndpointGroups> groups) {
            return new Checks(new HealthChecks(probes, properties, () -> members(groups.getIfUnique())));
        }

        /** {@return whether each health group includes a contributor, by its path, or null without the endpoint} */
        private static List<Predicate<String>> members(HealthEndpointGroups groups) {
            if (groups == null) {
                return null;
            }
            Stream<Predicate<String>> named = groups.getNames().stream().map(name -> groups.get(name)::isMember);
            return Stream.concat(Stream.<Predicate<String>>of(groups.getPrimary()::isMember), named)
                    .toList();
        }

        /** The checks in this line's types; Boot 4's endpoint walks a composite with {@link #stream()}. */
        private record Checks(HealthChecks checks) implements CompositeHealthContributor {

            @Override
            public HealthContributor getContributor(String name) {
                return checks.one(name, Checks::indicator);
            }

            @Override
            public Stream<HealthContributors.Entry> stream() {
                return checks.all(Checks::indicator)
                        .map(entry -> new HealthContributors.Entry(entry.getKey(), entry.getValue()));
            }

            private static HealthIndicator indicator(Supplier<HealthVerdict> verdict) {
                return () -> verdict.get()
                        .as(
                                details -> Health.up().withDetails(details).build(),
                                (failure, details) -> Health.down()
                                        .withException(failure)
                                        .withDetails(details)
                                        .build());
            }
        }
    }
}
