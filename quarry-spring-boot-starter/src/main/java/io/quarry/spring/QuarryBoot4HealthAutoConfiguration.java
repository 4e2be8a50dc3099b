package io.quarry.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.AdditionalPathsMapper;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthContributors;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;

/**
 * The enabled health checks as one {@code quarry} health contributor with an indicator per client
 * ({@code /actuator/health/quarry/search}, ...), on Spring Boot 4, whose health API moved to {@code org.springframework.boot.health.contributor}. Spring Boot's
 * {@code management.health.quarry.enabled=false} turns it off, as it does Boot's own indicators. The checks of one
 * health request run within {@code quarry.health.timeout} together, at once, and a health group's request calls only
 * the checks the group includes, which the contributor reads from the endpoint's groups; it starts them all with the
 * first, the group it serves learnt from the endpoint's question to that group. The checks are the same on both Boot
 * lines; only their health types differ here.
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

        /**
         * The endpoint's health groups, each telling the checks when a walk asks it about them, so that a health
         * request starts every check of its group at once (static: it post-processes a bean of the endpoint's).
         */
        @Bean
        @ConditionalOnBean(HealthProbe.class)
        static HealthEndpointGroupsPostProcessor quarryHealthGroupWalks() {
            return new WalkedGroupsPostProcessor();
        }

        /** {@return whether each health group includes a contributor, by its path, or null without the endpoint} */
        private static List<Predicate<String>> members(HealthEndpointGroups groups) {
            if (groups == null) {
                return null;
            }
            Stream<Predicate<String>> named =
                    groups.getNames().stream().map(name -> Walked.unwrapped(groups.get(name))::isMember);
            return Stream.concat(Stream.<Predicate<String>>of(Walked.unwrapped(groups.getPrimary())::isMember), named)
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

        /** Wraps the endpoint's groups; last, so that the groups others add are wrapped too. */
        private static final class WalkedGroupsPostProcessor implements HealthEndpointGroupsPostProcessor, Ordered {

            @Override
            public HealthEndpointGroups postProcessHealthEndpointGroups(HealthEndpointGroups groups) {
                return new WalkedGroups(groups);
            }

            @Override
            public int getOrder() {
                return Ordered.LOWEST_PRECEDENCE;
            }
        }

        /**
         * The endpoint's groups, each a {@link Walked}. Spring Boot's own groups also map the groups' additional paths
         * ({@code additional-path=server:/healthz}), which stay theirs.
         */
        private static final class WalkedGroups implements HealthEndpointGroups, AdditionalPathsMapper {

            private final HealthEndpointGroups groups;
            private final HealthEndpointGroup primary;
            private final Map<String, HealthEndpointGroup> named = new LinkedHashMap<>();

            WalkedGroups(HealthEndpointGroups groups) {
                this.groups = groups;
                this.primary = new Walked(groups.getPrimary());
                groups.getNames().forEach(name -> named.put(name, new Walked(groups.get(name))));
            }

            @Override
            public HealthEndpointGroup getPrimary() {
                return primary;
            }

            @Override
            public Set<String> getNames() {
                return groups.getNames();
            }

            @Override
            public HealthEndpointGroup get(String name) {
                return named.get(name);
            }

            @Override
            public List<String> getAdditionalPaths(EndpointId endpointId, WebServerNamespace webServerNamespace) {
                return groups instanceof AdditionalPathsMapper mapper
                        ? mapper.getAdditionalPaths(endpointId, webServerNamespace)
                        : null;
            }
        }

        /** A health group of the endpoint, as it is, that tells {@link HealthGroupWalk} what it is asked. */
        private record Walked(HealthEndpointGroup group) implements HealthEndpointGroup {

            /** {@return the group itself, for questions that are not a walk's} */
            static HealthEndpointGroup unwrapped(HealthEndpointGroup group) {
                return group instanceof Walked walked ? walked.group() : group;
            }

            @Override
            public boolean isMember(String name) {
                HealthGroupWalk.seen(name, group::isMember);
                return group.isMember(name);
            }

            @Override
            public boolean showComponents(SecurityContext securityContext) {
                return group.showComponents(securityContext);
            }

            @Override
            public boolean showDetails(SecurityContext securityContext) {
                return group.showDetails(securityContext);
            }

            @Override
            public StatusAggregator getStatusAggregator() {
                return group.getStatusAggregator();
            }

            @Override
            public HttpCodeStatusMapper getHttpCodeStatusMapper() {
                return group.getHttpCodeStatusMapper();
            }

            @Override
            public AdditionalHealthEndpointPath getAdditionalPath() {
                return group.getAdditionalPath();
            }
        }
    }
}
