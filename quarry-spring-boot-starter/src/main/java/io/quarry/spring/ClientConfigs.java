package io.quarry.spring;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Turns the {@code quarry.*} properties into each client's configuration. Every problem is a
 * {@link ConfigurationException} naming the property (and its environment variable), never its value.
 */
final class ClientConfigs {

    private final QuarryProperties properties;
    private final List<QuarryClientConfigCustomizer> customizers;

    ClientConfigs(QuarryProperties properties, Stream<QuarryClientConfigCustomizer> customizers) {
        this.properties = properties;
        this.customizers = customizers.toList();
    }

    /**
     * A configuration with the application ID and the client's own API key, else the shared one.
     *
     * @param product the client's group name, such as {@code search}
     * @param own     the client's group
     */
    ClientConfig sharedKey(String product, QuarryProperties.Product own) {
        String keyProperty = own.getApiKey() != null ? "quarry." + product + ".api-key" : "quarry.api-key";
        String key = own.getApiKey() != null ? own.getApiKey() : properties.getApiKey();
        return keyed(product, own, keyProperty, key);
    }

    /**
     * A configuration with the application ID and the client's own key, which it must have (monitoring, usage).
     *
     * @param product the client's group name
     * @param own     the client's group
     */
    ClientConfig ownKey(String product, QuarryProperties.Product own) {
        return keyed(product, own, "quarry." + product + ".api-key", own.getApiKey());
    }

    /** The crawler's configuration: basic authentication with its user ID and key. */
    ClientConfig crawler() {
        QuarryProperties.Crawler crawler = properties.getCrawler();
        String userId = required("quarry.crawler.user-id", crawler.getUserId(), "crawler");
        String key = required("quarry.crawler.api-key", crawler.getApiKey(), "crawler");
        Credentials credentials;
        try {
            credentials = Credentials.basic(userId, key);
        } catch (ConfigurationException e) {
            throw named("quarry.crawler.user-id or quarry.crawler.api-key", e);
        }
        return build(ClientConfig.builder(credentials), "crawler", crawler);
    }

    private ClientConfig keyed(String product, QuarryProperties.Product own, String keyProperty, String key) {
        String applicationId = required("quarry.application-id", properties.getApplicationId(), product);
        String apiKey = required(keyProperty, key, product);
        Credentials credentials;
        try {
            credentials = Credentials.apiKey(applicationId, apiKey);
        } catch (ConfigurationException e) {
            throw named("quarry.application-id or " + keyProperty, e);
        }
        return build(ClientConfig.builder(credentials), product, own);
    }

    private ClientConfig build(ClientConfig.Builder builder, String product, QuarryProperties.Product own) {
        boolean ownHosts = !own.getHosts().isEmpty();
        String hostsProperty = ownHosts ? "quarry." + product + ".hosts" : "quarry.hosts";
        List<String> hosts = ownHosts ? own.getHosts() : properties.getHosts();
        if (!hosts.isEmpty()) {
            builder.hosts(hosts(hostsProperty, hosts));
        }
        try {
            if (properties.getConnectTimeout() != null) {
                builder.connectTimeout(properties.getConnectTimeout());
            }
            if (properties.getReadTimeout() != null) {
                builder.readTimeout(properties.getReadTimeout());
            }
            if (properties.getWriteTimeout() != null) {
                builder.writeTimeout(properties.getWriteTimeout());
            }
        } catch (ConfigurationException e) {
            throw named("quarry.connect-timeout, quarry.read-timeout or quarry.write-timeout", e);
        }
        if (properties.getLogLevel() != null) {
            builder.logLevel(properties.getLogLevel());
        }
        builder.gzipRequests(properties.isGzipRequests());
        customizers.forEach(customizer -> customizer.customize(builder));
        return builder.build();
    }

    private static List<Host> hosts(String property, List<String> urls) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            try {
                hosts.add(Host.of(urls.get(i).trim()));
            } catch (IllegalArgumentException e) {
                // Host's own message repeats the text; this one names the entry only.
                throw new ConfigurationException(property + "[" + i + "] (environment variable "
                        + environmentName(property) + ") is not a host URL: a scheme, a host name, an optional "
                        + "port and path");
            }
        }
        return hosts;
    }

    private static String required(String property, String value, String product) {
        if (value == null) {
            throw new ConfigurationException(
                    property + " is not set: the " + product + " client needs it" + variableHint(property));
        }
        if (value.isBlank()) {
            throw new ConfigurationException(
                    property + " is blank: the " + product + " client needs it" + variableHint(property));
        }
        return value.trim();
    }

    private static ConfigurationException named(String properties, ConfigurationException cause) {
        // The core's messages name the setting, never its value.
        return new ConfigurationException(properties + ": " + cause.getMessage());
    }

    private static String variableHint(String property) {
        return " (set it in the application's properties or as the environment variable " + environmentName(property)
                + ")";
    }

    /** Spring Boot binds {@code QUARRY_API_KEY} to {@code quarry.api-key}: upper case, {@code .} and {@code -} as {@code _}. */
    static String environmentName(String property) {
        return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
    }
}
