package io.quarry.examples;

import io.quarry.search.SecuredApiKeyRestrictions;
import io.quarry.search.SecuredApiKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A backend handing each signed-in shopper a search key of their own: derived locally (no call to the service)
 * from the storefront's search-only key, it only sees the products of the shopper's region, carries the shopper
 * as {@code userToken} for analytics and rate limiting, and expires after an hour. The browser searches with it
 * directly; the parent key never leaves the backend.
 */
public final class StorefrontKeys {

    private static final Duration LIFETIME = Duration.ofHours(1);

    private final String searchOnlyKey;
    private final Clock clock;

    /**
     * Keys derived from one parent.
     *
     * @param searchOnlyKey the parent: a key with the {@code search} right only, kept on the server
     * @param clock         the clock that dates expiries
     */
    public StorefrontKeys(String searchOnlyKey, Clock clock) {
        this.searchOnlyKey = Objects.requireNonNull(searchOnlyKey, "searchOnlyKey");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The key of one shopper.
     *
     * @param shopperId the shopper, as the backend knows them
     * @param region    the region whose products they may see
     * @return the secured key to send to the shopper's browser
     */
    public String keyFor(String shopperId, String region) {
        Instant expiry = clock.instant().plus(LIFETIME);
        return SecuredApiKeys.generate(
                searchOnlyKey,
                SecuredApiKeyRestrictions.of()
                        .filters("region:" + region)
                        .userToken(shopperId)
                        .validUntil(expiry));
    }

    /**
     * How long a key handed out now stays valid.
     *
     * @param securedKey a key from {@link #keyFor(String, String)}
     * @return the time left
     */
    public Duration remainingValidity(String securedKey) {
        return SecuredApiKeys.remainingValidity(securedKey);
    }
}
