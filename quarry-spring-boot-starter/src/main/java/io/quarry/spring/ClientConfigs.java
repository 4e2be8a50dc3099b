package io.quarry.spring;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.springframework.util.unit.DataSize;

/**
 * Makes the auto-configured clients: credentials and hosts from the {@link QuarryConnectionDetails}, the other
 * settings from the {@code quarry.*} properties, then the customizers. Every problem is a
 * {@link ClientSetupException} that names the property or bean at fault, never a value.
 */
final class ClientConfigs {

    /** How the core's message begins when a library on the class path is older than Quarry needs. */
    private static final String CLASS_PATH_MESSAGE = "Quarry needs ";

    /** The property that lets the clients use plain http to a host that is not loopback. */
    private static final String INSECURE_HTTP_PROPERTY = "quarry.allow-insecure-http";

    private final QuarryConnectionDetails details;
    private final QuarryProperties properties;
    private final List<QuarryClientConfigCustomizer> customizers;

    ClientConfigs(
            QuarryConnectionDetails details,
            QuarryProperties properties,
            Stream<QuarryClientConfigCustomizer> customizers) {
        this.details = details;
        this.properties = properties;
        this.customizers = customizers.toList();
    }

    /**
     * {@return a product's client}
     *
     * @param product the product
     * @param create  the client module's factory, given the finished configuration
     * @param <C>     the client's type
     */
    <C> C create(QuarryProduct product, Function<ClientConfig, C> create) {
        ClientConfig config = config(product);
        try {
            return create.apply(config);
        } catch (ConfigurationException e) {
            // Creating a client checks the class path (the core's message, documented, names the library, the
            // version found and the fix) and, for the crawler, the path of its hosts.
            boolean classPath = e.getMessage().startsWith(CLASS_PATH_MESSAGE);
            throw new ClientSetupException(
                    classPath ? ClientSetupException.Problem.CLASS_PATH : ClientSetupException.Problem.CLIENT_SETTINGS,
                    null,
                    e);
        }
    }

    private ClientConfig config(QuarryProduct product) {
        ClientConfig.Builder builder = ClientConfig.builder(credentials(product));
        List<Host> hosts = given(details.getHosts(product), "hosts", product);
        for (Host host : hosts) {
            if (host == null) {
                throw connectionDetailsFailure("its hosts for the " + client(product) + " hold a null");
            }
        }
        if (!hosts.isEmpty()) {
            builder.hosts(hosts);
        }
        timeout("quarry.connect-timeout", properties.getConnectTimeout(), builder::connectTimeout);
        timeout("quarry.read-timeout", properties.getReadTimeout(), builder::readTimeout);
        timeout("quarry.write-timeout", properties.getWriteTimeout(), builder::writeTimeout);
        timeout("quarry.close-timeout", properties.getCloseTimeout(), builder::closeTimeout);
        if (properties.getLogLevel() != null) {
            builder.logLevel(properties.getLogLevel());
        }
        if (properties.getRequestCompression() != null) {
            builder.requestCompression(properties.getRequestCompression());
        }
        timeout("quarry.attempt-timeout", properties.getAttemptTimeout(), builder::attemptTimeout);
        timeout("quarry.call-deadline", properties.getCallDeadline(), builder::callDeadline);
        timeout("quarry.host-down-ttl", properties.getHostDownTtl(), builder::hostDownTtl);
        timeout("quarry.max-rate-limit-wait", properties.getMaxRateLimitWait(), builder::maxRateLimitWait);
        DataSize maxResponse = properties.getMaxResponseBytes();
        if (maxResponse != null) {
            property("quarry.max-response-bytes", () -> builder.maxResponseBytes(maxResponse.toBytes()));
        }
        RetryRoundsProperties.policy(properties.getRetryRounds()).ifPresent(builder::retryRounds);
        properties
                .getDefaultHeaders()
                .forEach((name, value) -> property(
                        "quarry.default-headers[" + name + "]",
                        () -> builder.defaultHeader(name, value == null ? "" : value)));
        String segment = properties.getUserAgentSegment();
        if (segment != null && !segment.isBlank()) {
            // the core's message says what is wrong (a character, the length) without showing the segment
            property("quarry.user-agent-segment", () -> builder.addUserAgentSegment(segment));
        }
        if (properties.isAllowInsecureHttp()) {
            builder.allowInsecureHttp();
        }
        try {
            customizers.forEach(customizer -> customizer.customize(builder));
        } catch (ConfigurationException e) {
            throw new ClientSetupException(ClientSetupException.Problem.CLIENT_SETTINGS, null, e);
        }
        try {
            return builder.build();
        } catch (ConfigurationException e) {
            String fix = refusedForPlainHttpAlone(builder) ? INSECURE_HTTP_PROPERTY : null;
            throw new ClientSetupException(ClientSetupException.Problem.CLIENT_SETTINGS, fix, e);
        }
    }

    /**
     * Whether the opt-in is all the refused settings lack: then the fix names its property. Asked of the settings
     * rather than read from the core's message, whose wording is the core's own.
     */
    private static boolean refusedForPlainHttpAlone(ClientConfig.Builder refused) {
        try {
            refused.allowInsecureHttp().build();
            return true;
        } catch (ConfigurationException stillRefused) {
            return false;
        }
    }

    /** Sets a timeout the property gives; a value refused names that property alone (the core's message, no key). */
    private static void timeout(String property, Duration value, Consumer<Duration> set) {
        if (value != null) {
            property(property, () -> set.accept(value));
        }
    }

    /** Applies a property's value; the builder's refusal names that property (the core's message, no key). */
    private static void property(String property, Runnable set) {
        try {
            set.run();
        } catch (ConfigurationException e) {
            throw invalidProperty(property, e.getMessage());
        }
    }

    /**
     * {@return the failure of a property whose value the clients cannot use}
     *
     * @param property the property's name
     * @param problem  what is wrong, without the value
     */
    static ClientSetupException invalidProperty(String property, String problem) {
        return new ClientSetupException(
                ClientSetupException.Problem.INVALID_PROPERTY,
                property,
                new ConfigurationException(
                        property + " (environment variable " + EnvironmentVariables.of(property) + "): " + problem));
    }

    private Credentials credentials(QuarryProduct product) {
        String user = product == QuarryProduct.CRAWLER
                ? given(details.getCrawlerUserId(), "crawler user ID", product)
                : given(details.getApplicationId(), "application ID", product);
        String key = given(details.getApiKey(product), "API key", product);
        try {
            return product == QuarryProduct.CRAWLER ? Credentials.basic(user, key) : Credentials.apiKey(user, key);
        } catch (ConfigurationException e) {
            // the core's messages name the setting, never its value
            if (details instanceof PropertiesQuarryConnectionDetails fromProperties) {
                String names = fromProperties.credentialProperties(product);
                throw new ClientSetupException(
                        ClientSetupException.Problem.INVALID_PROPERTY,
                        names,
                        new ConfigurationException(names + ": " + e.getMessage()));
            }
            throw connectionDetailsFailure(e.getMessage() + " for the " + client(product));
        }
    }

    /** A value the connection details must give; the properties' own fail before, naming their property. */
    private <T> T given(T value, String what, QuarryProduct product) {
        if (value == null) {
            throw connectionDetailsFailure("it gives no " + what + " for the " + client(product));
        }
        return value;
    }

    private ClientSetupException connectionDetailsFailure(String problem) {
        String bean = details.getClass().getName();
        return new ClientSetupException(
                ClientSetupException.Problem.CONNECTION_DETAILS,
                bean,
                new ConfigurationException("the application's QuarryConnectionDetails (" + bean + "): " + problem));
    }

    private static String client(QuarryProduct product) {
        return product.groupName() + " client";
    }
}
