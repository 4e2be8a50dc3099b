package io.quarry.search;

import io.quarry.core.spi.CopyOnWrite;
import io.quarry.search.model.SearchQuery;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a secured API key embeds: search parameters forced on every query (such as {@code filters}) and the
 * restrictions a secured key can carry. Immutable; each method returns a copy.
 *
 * <pre>{@code
 * SecuredApiKeyRestrictions restrictions = SecuredApiKeyRestrictions.create()
 *         .filters("visible_by:group_42")
 *         .restrictIndices("products")
 *         .validUntil(Instant.now().plus(Duration.ofHours(1)));
 * }</pre>
 */
public final class SecuredApiKeyRestrictions {

    private static final SecuredApiKeyRestrictions EMPTY = new SecuredApiKeyRestrictions(SearchQuery.empty(), Map.of());

    private final SearchQuery searchParams;
    private final Map<String, Object> restrictions;

    private SecuredApiKeyRestrictions(SearchQuery searchParams, Map<String, Object> restrictions) {
        this.searchParams = searchParams;
        this.restrictions = restrictions;
    }

    /** @return restrictions with nothing set */
    public static SecuredApiKeyRestrictions create() {
        return EMPTY;
    }

    /**
     * Sets {@code searchParams}: search parameters forced on every query, added to those already set.
     *
     * @param query search parameters forced on every query, added to those already set
     * @return a copy
     */
    public SecuredApiKeyRestrictions searchParams(SearchQuery query) {
        SearchQuery merged = searchParams;
        for (Map.Entry<String, Object> e : query.params().entrySet()) {
            merged = merged.param(e.getKey(), e.getValue());
        }
        return new SecuredApiKeyRestrictions(merged, restrictions);
    }

    /**
     * Sets {@code filters}: a filter forced on every query.
     *
     * @param filters a filter forced on every query
     * @return a copy
     */
    public SecuredApiKeyRestrictions filters(String filters) {
        return new SecuredApiKeyRestrictions(searchParams.filters(filters), restrictions);
    }

    /**
     * Sets {@code validUntil}: the expiry as a Unix timestamp.
     *
     * @param epochSeconds the expiry as a Unix timestamp
     * @return a copy
     */
    public SecuredApiKeyRestrictions validUntil(long epochSeconds) {
        return restrict("validUntil", epochSeconds);
    }

    /**
     * Sets {@code validUntil}: the expiry.
     *
     * @param expiry the expiry
     * @return a copy
     */
    public SecuredApiKeyRestrictions validUntil(Instant expiry) {
        return validUntil(expiry.getEpochSecond());
    }

    /**
     * Sets {@code restrictIndices}: the only indices the key can query.
     *
     * @param indices the only indices the key can query
     * @return a copy
     */
    public SecuredApiKeyRestrictions restrictIndices(String... indices) {
        return restrict("restrictIndices", CopyOnWrite.list(indices));
    }

    /**
     * Sets {@code restrictSources}: the IPv4 network the key can be used from, e.g. {@code 192.168.1.0/24}.
     *
     * @param network the IPv4 network the key can be used from, e.g. {@code 192.168.1.0/24}
     * @return a copy
     */
    public SecuredApiKeyRestrictions restrictSources(String network) {
        return restrict("restrictSources", network);
    }

    /**
     * Sets {@code userToken}: the user the rate limits count against.
     *
     * @param userToken the user the rate limits count against
     * @return a copy
     */
    public SecuredApiKeyRestrictions userToken(String userToken) {
        return restrict("userToken", userToken);
    }

    /**
     * Sets {@code referers}: allowed referrers, with a leading and/or trailing {@code *}.
     *
     * @param patterns allowed referrers, with a leading and/or trailing {@code *}
     * @return a copy
     */
    public SecuredApiKeyRestrictions referers(String... patterns) {
        return restrict("referers", CopyOnWrite.list(patterns));
    }

    /** @return the forced search parameters */
    public SearchQuery searchParams() {
        return searchParams;
    }

    /** @return the expiry as a Unix timestamp, if set */
    public Optional<Long> validUntil() {
        return Optional.ofNullable((Long) restrictions.get("validUntil"));
    }

    /** @return the allowed indices; empty means all */
    public List<String> restrictIndices() {
        return strings("restrictIndices");
    }

    /** @return the allowed network, if set */
    public Optional<String> restrictSources() {
        return Optional.ofNullable((String) restrictions.get("restrictSources"));
    }

    /** @return the user token, if set */
    public Optional<String> userToken() {
        return Optional.ofNullable((String) restrictions.get("userToken"));
    }

    /** @return the allowed referrers; empty means all */
    public List<String> referers() {
        return strings("referers");
    }

    /**
     * Every parameter the key embeds, sorted by name (the order the key's query string uses).
     *
     * @return name to value
     */
    public Map<String, Object> toParams() {
        Map<String, Object> all = new TreeMap<>(searchParams.params());
        all.putAll(restrictions);
        return all;
    }

    private SecuredApiKeyRestrictions restrict(String name, Object value) {
        return new SecuredApiKeyRestrictions(searchParams, CopyOnWrite.with(restrictions, name, value));
    }

    @SuppressWarnings("unchecked")
    private List<String> strings(String name) {
        Object value = restrictions.get(name);
        return value == null ? List.of() : (List<String>) value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SecuredApiKeyRestrictions other && other.toParams().equals(toParams());
    }

    @Override
    public int hashCode() {
        return toParams().hashCode();
    }

    /** Shows the parameters (they are not secret; the parent key never appears here). */
    @Override
    public String toString() {
        return "SecuredApiKeyRestrictions" + toParams();
    }
}
