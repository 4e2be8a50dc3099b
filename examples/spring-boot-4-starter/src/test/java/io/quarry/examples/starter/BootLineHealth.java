package io.quarry.examples.starter;

import java.util.Map;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.ApplicationContext;

/**
 * The one piece of the shared tests that differs between the Boot lines: the health API, here
 * Spring Boot 4's, in org.springframework.boot.health.contributor.
 */
final class BootLineHealth {

    /** The type of the {@code quarry} health contributor on this line. */
    static final Class<?> CONTRIBUTOR_TYPE = CompositeHealthContributor.class;

    private BootLineHealth() {}

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
