package io.quarry.search;

import io.quarry.core.spi.CopyOnWrite;
import io.quarry.core.spi.MapValue;
import io.quarry.search.internal.RestrictionLists;
import io.quarry.search.model.SearchQuery;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a secured API key embeds: search parameters forced on every query (such as {@code filters}) and the
 * restrictions a secured key can carry. Immutable; each method returns a copy.
 *
 * <p>Every setter refuses null with a {@link NullPointerException} naming it, unlike the search parameters of a
 * {@link SearchQuery}, where null removes one: a restriction whose value turned out null (a tenant's filter not
 * found) would otherwise be left out, and the key signed without it would see every record. To not restrict, do not
 * call the setter.
 *
 * <pre>{@code
 * SecuredApiKeyRestrictions restrictions = SecuredApiKeyRestrictions.of()
 *         .filters("visible_by:group_42")
 *         .restrictIndices("products")
 *         .validUntil(Instant.now().plus(Duration.ofHours(1)));
 * }</pre>
 */
public final class SecuredApiKeyRestrictions extends MapValue<SecuredApiKeyRestrictions> {

    /** The parameters that restrict the key; every other parameter is a search parameter forced on each query. */
    private static final Set<String> RESTRICTIONS =
            Set.of("validUntil", "restrictIndices", "restrictSources", "userToken", "referers");

    private static final SecuredApiKeyRestrictions EMPTY = new SecuredApiKeyRestrictions(Map.of());

    private SecuredApiKeyRestrictions(Map<String, Object> params) {
        super(params);
    }

    @Override
    protected SecuredApiKeyRestrictions withMembers(Map<String, Object> params) {
        return new SecuredApiKeyRestrictions(params);
    }

    /** {@return restrictions with nothing set} */
    public static SecuredApiKeyRestrictions of() {
        return EMPTY;
    }

    /**
     * Sets {@code searchParams}: search parameters forced on every query, added to those already set.
     *
     * A parameter named like a restriction ({@code userToken}) sets that restriction: the key holds one value per
     * name. Only the parameters the query holds are forced: one set to null in the query is not in it (see
     * {@link SearchQuery}), so force {@code filters} through {@link #filters(String)}, which refuses null.
     *
     * @param query the search parameters
     * @return a copy
     * @throws NullPointerException naming {@code searchParams} if the query is null
     */
    public SecuredApiKeyRestrictions searchParams(SearchQuery query) {
        Objects.requireNonNull(query, "searchParams");
        Map<String, Object> merged = new LinkedHashMap<>(members());
        merged.putAll(query.params());
        return withMembers(CopyOnWrite.copy(merged));
    }

    /**
     * Sets {@code filters}, ANDed with each query's own; values are quoted as in {@link SearchQuery#filters(String)}.
     * They limit what the key reads, not what it writes (see {@link SecuredApiKeys}).
     *
     * @param filters a filter forced on every query
     * @return a copy
     * @throws NullPointerException naming {@code filters} if the filter is null
     */
    public SecuredApiKeyRestrictions filters(String filters) {
        return with("filters", Objects.requireNonNull(filters, "filters"));
    }

    /**
     * Sets {@code validUntil}, sent as a Unix timestamp in seconds.
     *
     * @param expiry the expiry (its fraction of a second is dropped)
     * @return a copy
     * @throws NullPointerException naming {@code validUntil} if the expiry is null
     */
    public SecuredApiKeyRestrictions validUntil(Instant expiry) {
        return with("validUntil", Objects.requireNonNull(expiry, "validUntil").getEpochSecond());
    }

    /**
     * Sets {@code restrictIndices}.
     *
     * @param indices the only indices the key can query, each a name or a pattern where {@code *} stands for any
     *     run of characters; a name holding a comma stays whole (the list is then embedded as a JSON array)
     * @return a copy
     * @throws NullPointerException naming {@code restrictIndices} (or the item, {@code restrictIndices[1]}) if the
     *     array or a name in it is null
     */
    public SecuredApiKeyRestrictions restrictIndices(String... indices) {
        return withStrings("restrictIndices", indices);
    }

    /**
     * Sets {@code restrictSources}.
     *
     * @param network the IPv4 network the key can be used from, e.g. {@code 192.168.1.0/24} (a bare address is one
     *     host; several networks are comma-separated); the service refuses every call made with a key holding
     *     anything else, IPv6 included, so {@link SecuredApiKeys#generate} refuses to make one
     * @return a copy
     * @throws NullPointerException naming {@code restrictSources} if the network is null
     */
    public SecuredApiKeyRestrictions restrictSources(String network) {
        return with("restrictSources", Objects.requireNonNull(network, "restrictSources"));
    }

    /**
     * Sets {@code userToken}: the key stands for one user. The rate limits count that user's calls apart from other
     * users behind the same IP address, and the key's searches are that user's (for analytics and
     * personalization): a {@code userToken} a search sends itself does not replace the key's.
     *
     * @param userToken the user the key is handed to
     * @return a copy
     * @throws NullPointerException naming {@code userToken} if the user token is null
     */
    public SecuredApiKeyRestrictions userToken(String userToken) {
        return with("userToken", Objects.requireNonNull(userToken, "userToken"));
    }

    /**
     * Sets {@code referers}.
     *
     * @param patterns allowed referrers, with a leading and/or trailing {@code *}; one holding a comma stays whole
     *     (the list is then embedded as a JSON array)
     * @return a copy
     * @throws NullPointerException naming {@code referers} (or the item, {@code referers[0]}) if the array or a
     *     pattern in it is null
     */
    public SecuredApiKeyRestrictions referers(String... patterns) {
        return withStrings("referers", patterns);
    }

    /** {@return the forced search parameters} */
    public SearchQuery searchParams() {
        Map<String, Object> search = new LinkedHashMap<>(members());
        search.keySet().removeAll(RESTRICTIONS);
        return SearchQuery.of(search);
    }

    /**
     * {@return the expiry, if set}
     *
     * @throws io.quarry.core.InvalidRequestException if one set through {@link #searchParams(SearchQuery)} is no
     *     number of seconds
     */
    public Optional<Instant> validUntil() {
        Object value = members().get("validUntil");
        if (value == null) {
            return Optional.empty();
        }
        // set through searchParams, it may be any number, or text
        return Optional.of(
                value instanceof Long seconds
                        ? Instant.ofEpochSecond(seconds)
                        : SecuredApiKeys.validUntil(String.valueOf(value)));
    }

    /**
     * {@return the allowed indices; empty means all}
     *
     * @throws io.quarry.core.InvalidRequestException for one set as text through {@link #searchParams(SearchQuery)}
     *     that the service refuses (a JSON array holding something other than strings and numbers)
     */
    public List<String> restrictIndices() {
        return list("restrictIndices");
    }

    /** {@return the allowed network, if set} */
    public Optional<String> restrictSources() {
        return text("restrictSources");
    }

    /** {@return the user token, if set} */
    public Optional<String> userToken() {
        return text("userToken");
    }

    /**
     * {@return the allowed referrers; empty means all}
     *
     * @throws io.quarry.core.InvalidRequestException for one set as text through {@link #searchParams(SearchQuery)}
     *     that the service refuses (a JSON array holding something other than strings and numbers)
     */
    public List<String> referers() {
        return list("referers");
    }

    /** Set through searchParams, a list may be text as the key carries it: comma-separated or a JSON array. */
    private List<String> list(String name) {
        return members().get(name) instanceof String text ? RestrictionLists.read(name, text) : strings(name);
    }

    /**
     * Every parameter the key embeds, sorted by name (the order the key's query string uses).
     *
     * @return name to value
     */
    public Map<String, Object> toParams() {
        return new TreeMap<>(members());
    }
}
