package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import java.util.ArrayList;
import java.util.List;

/**
 * The connection details the {@code quarry.*} properties give, unless the application has its own: a product's own
 * key and hosts ({@code quarry.search.api-key}) win over the shared ones ({@code quarry.api-key}), which the
 * monitoring, usage and crawler clients do not take. A value that is missing or cannot be used fails with the
 * property's name and environment variable, never the value.
 */
final class PropertiesQuarryConnectionDetails implements QuarryConnectionDetails {

    private final QuarryProperties properties;

    PropertiesQuarryConnectionDetails(QuarryProperties properties) {
        this.properties = properties;
    }

    @Override
    public String getApplicationId() {
        return required("quarry.application-id", properties.getApplicationId(), "every client but the crawler's");
    }

    @Override
    public String getApiKey(QuarryProduct product) {
        return required(keyProperty(product), key(product), "the " + product.groupName() + " client");
    }

    @Override
    public List<Host> getHosts(QuarryProduct product) {
        QuarryProperties.Product own = own(product);
        return own.getHosts().isEmpty()
                ? hosts("quarry.hosts", properties.getHosts())
                : hosts(property(product, "hosts"), own.getHosts());
    }

    @Override
    public String getCrawlerUserId() {
        return required("quarry.crawler.user-id", properties.getCrawler().getUserId(), "the crawler client");
    }

    /** {@return the properties a product's credentials come from, to name when their values cannot be used} */
    String credentialProperties(QuarryProduct product) {
        return product == QuarryProduct.CRAWLER
                ? "quarry.crawler.user-id or quarry.crawler.api-key"
                : "quarry.application-id or " + keyProperty(product);
    }

    private String key(QuarryProduct product) {
        String own = own(product).getApiKey();
        return own != null || !sharesKey(product) ? own : properties.getApiKey();
    }

    private String keyProperty(QuarryProduct product) {
        return own(product).getApiKey() != null || !sharesKey(product)
                ? property(product, "api-key")
                : "quarry.api-key";
    }

    /** Whether a product's client takes {@code quarry.api-key} when its group has no key. */
    private static boolean sharesKey(QuarryProduct product) {
        return switch (product) {
            case MONITORING, USAGE, CRAWLER -> false;
            default -> true;
        };
    }

    private QuarryProperties.Product own(QuarryProduct product) {
        return switch (product) {
            case SEARCH -> properties.getSearch();
            case ANALYTICS -> properties.getAnalytics();
            case INSIGHTS -> properties.getInsights();
            case PERSONALIZATION -> properties.getPersonalization();
            case ANSWERS -> properties.getAnswers();
            case QUERY_SUGGESTIONS -> properties.getQuerySuggestions();
            case MONITORING -> properties.getMonitoring();
            case USAGE -> properties.getUsage();
            case CRAWLER -> properties.getCrawler();
        };
    }

    private static String property(QuarryProduct product, String name) {
        return "quarry." + product.groupName() + "." + name;
    }

    private static List<Host> hosts(String property, List<String> urls) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            try {
                hosts.add(Host.of(urls.get(i).trim()));
            } catch (IllegalArgumentException e) {
                // Host's own message repeats the text; this one names the entry only.
                String entry = property + "[" + i + "]";
                throw new ClientSetupException(
                        ClientSetupException.Problem.INVALID_PROPERTY,
                        entry,
                        new ConfigurationException(entry + " (environment variable "
                                + EnvironmentVariables.of(property)
                                + ") is not a host URL: a scheme, a host name, an optional port and path"));
            }
        }
        return hosts;
    }

    private static String required(String property, String value, String client) {
        if (value == null || value.isBlank()) {
            throw new ClientSetupException(
                    ClientSetupException.Problem.MISSING_PROPERTY,
                    property,
                    new ConfigurationException(property + (value == null ? " is not set: " : " is blank: ") + client
                            + " needs it (set it in the application's properties or as the environment variable "
                            + EnvironmentVariables.of(property) + ")"));
        }
        return value.trim();
    }
}
