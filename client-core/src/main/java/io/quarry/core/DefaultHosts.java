package io.quarry.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/**
 * A module's rule for its default hosts, used when the caller configures no hosts of their own.
 *
 * <p>The rule receives the application ID (when the credentials carry one), the domains of the client
 * configuration and the configured shuffle, and returns the hosts in the order they are tried. The core
 * applies the rule once, when the client is built. Custom hosts in {@link ClientConfig} replace it.
 */
@FunctionalInterface
public interface DefaultHosts {

    /**
     * The hosts of a client, in the order they are tried.
     *
     * @param applicationId the application ID, if the credentials carry one
     * @param domains       the domains configured for the client
     * @param shuffle       the random source configured for the client, for shuffling fallbacks
     * @return the hosts, not empty
     * @throws ConfigurationException if the rule needs something the configuration lacks
     */
    List<Host> hosts(Optional<String> applicationId, ServiceDomains domains, Random shuffle);

    /**
     * The search service rule: read host {@code {appId}-dsn.<primary>},
     * write host {@code {appId}.<primary>}, then the fallbacks {@code {appId}-1, -2, -3.<fallback>} for
     * both call types, shuffled once.
     *
     * @return the rule
     */
    static DefaultHosts searchStyle() {
        return (applicationId, domains, shuffle) -> {
            String appId = applicationId.orElseThrow(
                    () -> new ConfigurationException(
                            "the default search hosts are derived from the application ID; give credentials with one, or hosts"));
            String id = appId.toLowerCase(java.util.Locale.ROOT);
            List<Host> fallbacks = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                fallbacks.add(applicationHost(id + "-" + i + "." + domains.fallback()));
            }
            Collections.shuffle(fallbacks, shuffle);
            List<Host> hosts = new ArrayList<>();
            hosts.add(applicationHost(id + "-dsn." + domains.primary(), CallType.READ));
            hosts.add(applicationHost(id + "." + domains.primary(), CallType.WRITE));
            hosts.addAll(fallbacks);
            return List.copyOf(hosts);
        };
    }

    /**
     * An {@code https} host named after the application ID, refused unless the name is exactly the host called: an ID
     * holding {@code /}, {@code #}, {@code @} or {@code :} would otherwise move the host part of the URL (an ID
     * {@code evil.example/} would send the API key to {@code evil.example}).
     *
     * @param name      the host name, the application ID in it
     * @param callTypes the call types served
     * @return the host
     * @throws ConfigurationException if the name is not a host name alone; the message leaves out the ID
     */
    private static Host applicationHost(String name, CallType... callTypes) {
        try {
            Host host = Host.https(name, callTypes);
            if (host.hostname().equals(name)
                    && host.port() == 443
                    && host.basePath().isEmpty()) {
                return host;
            }
        } catch (IllegalArgumentException notAUrl) {
            // the message below says why, without the URL
        }
        throw new ConfigurationException("the application ID cannot be part of the default host names (it may hold"
                + " letters, digits, '-' and '.'): correct it, or give hosts");
    }

    /**
     * A single product host {@code <subdomain>.<product domain><basePath>} serving both call types, for
     * example {@code productHost("insights", "")} or {@code productHost("crawler", "/api/1")}.
     *
     * @param subdomain host label(s) before the product domain, such as {@code analytics.us}
     * @param basePath  path prefix, {@code ""} for none
     * @return the rule
     */
    static DefaultHosts productHost(String subdomain, String basePath) {
        Objects.requireNonNull(subdomain, "subdomain");
        Objects.requireNonNull(basePath, "basePath");
        return (applicationId, domains, shuffle) ->
                List.of(Host.https(subdomain + "." + domains.product()).withBasePath(basePath));
    }

    /**
     * Fixed hosts, tried in the given order.
     *
     * @param hosts the hosts, at least one
     * @return the rule
     */
    static DefaultHosts fixed(Host... hosts) {
        if (Objects.requireNonNull(hosts, "hosts").length == 0) {
            throw new IllegalArgumentException("at least one host is needed");
        }
        List<Host> list = List.of(hosts);
        return (applicationId, domains, shuffle) -> list;
    }
}
