package io.quarry.spring;

import io.quarry.core.Host;
import java.util.List;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where the auto-configured clients connect, and as whom: the application ID, each product's API key and hosts, the
 * crawler user ID. It is Spring Boot's {@link ConnectionDetails} for Quarry, which Spring Boot 3.5 and 4.0 keep in
 * the same package.
 *
 * <p>The auto-configuration defines one from the {@code quarry.*} properties: {@code quarry.application-id},
 * {@code quarry.api-key} and {@code quarry.hosts}, each product's own {@code quarry.<product>.api-key} and
 * {@code quarry.<product>.hosts}, and {@code quarry.crawler.user-id}. A bean of this type that the application
 * defines, or that a test brings (a test container, Docker Compose, {@code @QuarryMockServer}), takes its place: the
 * clients are then built from that bean, while the other {@code quarry.*} properties (timeouts, region, logging)
 * still apply. Each client asks for its values when it is created, so a product whose module is not on the class
 * path is never asked about.
 *
 * <pre>{@code
 * @Bean
 * QuarryConnectionDetails quarryConnectionDetails(SecretStore secrets) {
 *     return new QuarryConnectionDetails() {
 *         public String getApplicationId() {
 *             return "MYAPP";
 *         }
 *
 *         public String getApiKey(QuarryProduct product) {
 *             return secrets.get("quarry-" + product.name().toLowerCase(Locale.ROOT));
 *         }
 *     };
 * }
 * }</pre>
 */
public interface QuarryConnectionDetails extends ConnectionDetails {

    /** {@return the application ID, which every client but the crawler's authenticates with} */
    String getApplicationId();

    /**
     * {@return the API key a product's client authenticates with: the monitoring and usage clients' own keys, the
     * crawler's API key for the crawler; never logged}
     *
     * @param product the client's product
     */
    String getApiKey(QuarryProduct product);

    /**
     * {@return the host URLs a product's client calls in place of its default hosts, in order; empty, as by
     * default, for the default hosts}
     *
     * @param product the client's product
     */
    default List<Host> getHosts(QuarryProduct product) {
        return List.of();
    }

    /**
     * {@return the crawler user ID, which the crawler's client authenticates with beside its API key; by default
     * null, for an application without the crawler's client}
     */
    default String getCrawlerUserId() {
        return null;
    }
}
