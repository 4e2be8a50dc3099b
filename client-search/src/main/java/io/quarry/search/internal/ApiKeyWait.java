package io.quarry.search.internal;

import io.quarry.search.ApiKeyChange;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** Decides, from one read of a key, whether a key change has propagated (the check behind waitForApiKey). */
public final class ApiKeyWait {

    private ApiKeyWait() {}

    /**
     * Refuses an UPDATE wait without the parameters to compare.
     *
     * @param change   the change made
     * @param expected the parameters sent, or null
     */
    public static void requireExpected(ApiKeyChange change, ApiKey expected) {
        Objects.requireNonNull(change, "change");
        if (change == ApiKeyChange.UPDATE && expected == null) {
            throw new IllegalArgumentException("waiting for an UPDATE needs the parameters that were sent");
        }
    }

    /**
     * What is waited for, for the timeout message (never the key itself).
     *
     * @param change the change made
     * @return the description
     */
    public static String describe(ApiKeyChange change) {
        return "API key " + change.name().toLowerCase(Locale.ROOT) + " to propagate";
    }

    /**
     * The outcome of one read: empty to retry, a value (possibly empty) when done.
     *
     * @param change   the change made
     * @param expected the parameters sent, for UPDATE
     * @param info     the key as read, or null if the read answered 404
     * @param notFound the 404, or null
     * @return empty to retry; otherwise the key as read (empty after DELETE)
     */
    public static Optional<Optional<ApiKeyInfo>> check(
            ApiKeyChange change, ApiKey expected, ApiKeyInfo info, Throwable notFound) {
        return switch (change) {
            case ADD -> notFound == null ? Optional.of(Optional.of(info)) : Optional.empty();
            case DELETE -> notFound != null ? Optional.of(Optional.empty()) : Optional.empty();
            case UPDATE ->
                notFound == null && matches(expected, info) ? Optional.of(Optional.of(info)) : Optional.empty();
        };
    }

    /** A key restricted to no index reads back without {@code indexes}: the same as the empty list sent. */
    private static boolean matches(ApiKey expected, ApiKeyInfo info) {
        return same(expected.acl(), info.acl() == null ? null : new HashSet<>(info.acl()), true)
                && same(expected.description(), info.description(), false)
                && same(expected.indexes(), info.indexes() == null ? List.of() : info.indexes(), false)
                && same(expected.maxHitsPerQuery(), info.maxHitsPerQuery(), false)
                && same(expected.maxQueriesPerIPPerHour(), info.maxQueriesPerIPPerHour(), false)
                && same(expected.queryParameters(), info.queryParameters(), false)
                && same(expected.referers(), info.referers(), false)
                && sameValidity(expected.validity(), info.validity());
    }

    /**
     * A read shows the seconds left, not the lifetime sent (the service's convention), so a lifetime matches
     * any positive remainder up to it; 0 (never expires) matches only 0.
     */
    private static boolean sameValidity(Integer sent, Integer left) {
        if (sent == null) {
            return true;
        }
        if (left == null) {
            return false;
        }
        return sent == 0 ? left == 0 : left > 0 && left <= sent;
    }

    private static boolean same(Object expected, Object actual, boolean asSet) {
        if (expected == null) {
            return true;
        }
        Object wanted = asSet && expected instanceof List<?> list ? new HashSet<>(list) : expected;
        return wanted.equals(actual);
    }
}
