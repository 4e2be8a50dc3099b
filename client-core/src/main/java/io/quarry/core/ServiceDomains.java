package io.quarry.core;

import java.util.Objects;

/**
 * The DNS domains the default hosts are built on, named once here and overridable per client.
 *
 * <p>The API documents do not name the domains, so these are the SDK's named defaults:
 * <ul>
 *   <li>{@link #DEFAULT_PRIMARY} hosts the application's own read and write hosts
 *       ({@code {appId}-dsn.<primary>} and {@code {appId}.<primary>});</li>
 *   <li>{@link #DEFAULT_FALLBACK} is the second domain, served by another DNS provider, that hosts the
 *       fallback hosts {@code {appId}-1/-2/-3.<fallback>};</li>
 *   <li>{@link #DEFAULT_PRODUCT} hosts the product APIs (analytics, insights, personalization, query
 *       suggestions, monitoring, usage, crawler), for example {@code analytics.us.<product>}.</li>
 * </ul>
 * Override them with {@link ClientConfig.Builder#domains(ServiceDomains)}.
 *
 * @param primary  domain of the application's read and write hosts
 * @param fallback domain of the fallback hosts
 * @param product  domain of the product API hosts
 */
public record ServiceDomains(String primary, String fallback, String product) {

    /** Default primary domain. */
    public static final String DEFAULT_PRIMARY = "quarry.net";
    /** Default fallback domain. */
    public static final String DEFAULT_FALLBACK = "quarrynet.com";
    /** Default product API domain. */
    public static final String DEFAULT_PRODUCT = "quarry.io";

    /**
     * Validates the domains.
     *
     * @param primary see the record description
     * @param fallback see the record description
     * @param product see the record description
     * @throws IllegalArgumentException if a domain is blank or carries a scheme or path
     */
    public ServiceDomains {
        check(primary, "primary");
        check(fallback, "fallback");
        check(product, "product");
    }

    /**
     * The SDK's default domains.
     *
     * @return the defaults
     */
    public static ServiceDomains of() {
        return new ServiceDomains(DEFAULT_PRIMARY, DEFAULT_FALLBACK, DEFAULT_PRODUCT);
    }

    private static void check(String domain, String name) {
        Objects.requireNonNull(domain, name);
        if (domain.isBlank() || domain.contains("/") || domain.contains(":")) {
            throw new IllegalArgumentException(name + " domain must be a bare DNS name, got: " + domain);
        }
    }
}
