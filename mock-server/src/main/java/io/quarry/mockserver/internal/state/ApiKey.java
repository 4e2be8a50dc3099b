package io.quarry.mockserver.internal.state;

import java.util.List;
import java.util.Set;

/**
 * One API key and what it allows. {@code toString} never shows the key's value.
 *
 * @param value the key itself
 * @param acl its rights
 * @param description a free label
 * @param indexes index name patterns it is restricted to ({@code *} matches any run of characters); empty for all
 * @param validitySeconds the validity it was given, 0 for none
 * @param maxHitsPerQuery the most hits per query, 0 for no limit
 * @param maxQueriesPerIPPerHour the hourly call budget per IP (or user token), 0 for none
 * @param queryParameters the URL-encoded search parameters forced on every query
 * @param referers allowed Referer patterns (leading and/or trailing {@code *}); empty for all
 * @param indexScope the index an index-level key was created under, {@code null} for a global key
 * @param createdAtMillis when it was created (or restored), epoch milliseconds
 * @param expiresAtMillis when it stops existing, epoch milliseconds; 0 for never; {@link Long#MAX_VALUE} for a
 *     validity reaching past what epoch milliseconds hold (it reads back as the seconds left until then)
 */
public record ApiKey(
        String value,
        List<String> acl,
        String description,
        List<String> indexes,
        long validitySeconds,
        int maxHitsPerQuery,
        int maxQueriesPerIPPerHour,
        String queryParameters,
        List<String> referers,
        String indexScope,
        long createdAtMillis,
        long expiresAtMillis) {

    /** Every right a key can hold. */
    public static final Set<String> RIGHTS = Set.of(
            "search",
            "browse",
            "addObject",
            "deleteObject",
            "deleteIndex",
            "settings",
            "editSettings",
            "analytics",
            "listIndexes",
            "logs",
            "seeUnretrievableAttributes",
            // the rights of the personalization and answers APIs
            "recommendation",
            "nluReadAnswers");

    /** Copies the lists so the key is immutable. */
    public ApiKey {
        acl = List.copyOf(acl);
        indexes = List.copyOf(indexes);
        referers = List.copyOf(referers);
    }

    /**
     * {@return whether the key holds it}
     *
     * @param right an {@code acl} entry
     */
    public boolean allows(String right) {
        return acl.contains(right);
    }

    /**
     * {@return when a key given that validity at that time stops existing: 0 for none, and at the latest
     *     {@link Long#MAX_VALUE}, so that a huge validity never wraps round to a time in the past}
     *
     * @param fromMillis when the validity starts, epoch milliseconds
     * @param validitySeconds the validity, 0 for none (at most {@code Long.MAX_VALUE / 1000})
     */
    static long expiry(long fromMillis, long validitySeconds) {
        if (validitySeconds <= 0) {
            return 0;
        }
        long millis = validitySeconds * 1000;
        return millis > Long.MAX_VALUE - fromMillis ? Long.MAX_VALUE : fromMillis + millis;
    }

    /**
     * {@return whether its validity has elapsed}
     *
     * @param nowMillis the current time
     */
    public boolean expiredAt(long nowMillis) {
        return expiresAtMillis > 0 && nowMillis >= expiresAtMillis;
    }

    /**
     * {@return this key with them, same value, scope and creation time}
     *
     * @param definition new parameters
     * @param nowMillis when they apply (validity counts from then)
     */
    public ApiKey redefined(KeyDefinition definition, long nowMillis) {
        return definition.toKey(value, indexScope, createdAtMillis, nowMillis);
    }

    @Override
    public String toString() {
        return "ApiKey[acl=" + acl + ", description=" + description + ", indexes=" + indexes + "]";
    }
}
