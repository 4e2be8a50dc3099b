package io.quarry.examples.starter;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.health.actuate.endpoint.CompositeHealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.ApplicationContext;

/**
 * The one piece of the shared tests that differs between the Boot lines: the health API, here
 * Spring Boot 4's, in org.springframework.boot.health.contributor (and its endpoint in
 * org.springframework.boot.health.actuate.endpoint).
 */
final class BootLineHealth {

    /** The type of the {@code quarry} health contributor on this line. */
    static final Class<?> CONTRIBUTOR_TYPE = CompositeHealthContributor.class;

    /** The auto-configurations of this line's health endpoint. */
    static final Class<?>[] ENDPOINT_CONFIGURATIONS = {
        HealthContributorAutoConfiguration.class,
        HealthContributorRegistryAutoConfiguration.class,
        HealthEndpointAutoConfiguration.class
    };

    private BootLineHealth() {}

    /**
     * What the health endpoint shows of the whole {@code quarry} contributor ({@code /actuator/health/quarry}).
     *
     * @param status  the contributor's status code, such as {@code DOWN}
     * @param checks  each check's status code, by name
     * @param details each check's details, by name
     */
    record Evaluated(String status, Map<String, String> checks, Map<String, Map<String, Object>> details) {}

    /**
     * Evaluates the whole {@code quarry} contributor as the health endpoint does.
     *
     * @param context the application context, with the health endpoint
     * @return the contributor's health
     */
    static Evaluated quarry(ApplicationContext context) {
        return quarry(context, "quarry");
    }

    /**
     * Evaluates the {@code quarry} contributor within a health group, as the health endpoint does for the group's
     * path ({@code /actuator/health/listing/quarry}): only the checks the group includes.
     *
     * @param context the application context, with the health endpoint
     * @param group   the health group's name
     * @return the contributor's health in that group
     */
    static Evaluated quarryInGroup(ApplicationContext context, String group) {
        return quarry(context, group, "quarry");
    }

    private static Evaluated quarry(ApplicationContext context, String... path) {
        CompositeHealthDescriptor quarry = (CompositeHealthDescriptor)
                context.getBean(HealthEndpoint.class).healthForPath(path);
        Map<String, String> checks = new LinkedHashMap<>();
        Map<String, Map<String, Object>> details = new LinkedHashMap<>();
        quarry.getComponents().forEach((name, check) -> {
            checks.put(name, check.getStatus().getCode());
            details.put(name, ((IndicatedHealthDescriptor) check).getDetails());
        });
        return new Evaluated(quarry.getStatus().getCode(), checks, details);
    }

    /**
     * Evaluates a path of the health endpoint, such as a health group's ({@code /actuator/health/search}).
     *
     * @param context the application context, with the health endpoint
     * @param path    the path under the endpoint, such as {@code search}
     * @return its status code, such as {@code UP}
     */
    static String pathStatus(ApplicationContext context, String... path) {
        return context.getBean(HealthEndpoint.class)
                .healthForPath(path)
                .getStatus()
                .getCode();
    }

    /**
     * Runs one client's health check.
     *
     * @param context the application context
     * @param client  the indicator's name, such as {@code search}
     * @return the status code, such as {@code UP}
     */
    static String status(ApplicationContext context, String client) {
        return indicator(context, client).health().getStatus().getCode();
    }

    /**
     * Runs one client's health check.
     *
     * @param context the application context
     * @param client  the indicator's name, such as {@code search}
     * @return the details it reports, such as {@code error}
     */
    static Map<String, Object> details(ApplicationContext context, String client) {
        return indicator(context, client).health().getDetails();
    }

    private static HealthIndicator indicator(ApplicationContext context, String client) {
        CompositeHealthContributor quarry =
                context.getBean("quarryHealthContributor", CompositeHealthContributor.class);
        return (HealthIndicator) quarry.getContributor(client);
    }
}
