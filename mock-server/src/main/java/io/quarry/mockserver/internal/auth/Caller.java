package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKey;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Who made a request, as the {@link Authenticator} established it: the admin key, an API key, or a secured key
 * derived from one. Handlers ask it about what depends on the request's content (the operations of a batch, the
 * indices of a multi-index call) and for the {@link SearchContext} of a search.
 */
public final class Caller {

    private static final Caller ADMIN = new Caller(null, null);

    private final ApiKey key;
    private final SecuredKey secured;

    private Caller(ApiKey key, SecuredKey secured) {
        this.key = key;
        this.secured = secured;
    }

    /** {@return the admin caller, which may do everything} */
    public static Caller admin() {
        return ADMIN;
    }

    /**
     * {@return a caller using it}
     *
     * @param key an API key
     */
    static Caller withKey(ApiKey key) {
        return new Caller(key, null);
    }

    /**
     * {@return a caller using it}
     *
     * @param secured a verified secured key
     */
    static Caller withSecuredKey(SecuredKey secured) {
        return new Caller(secured.parent(), secured);
    }

    /** {@return whether the caller used the admin key} */
    public boolean isAdmin() {
        return key == null;
    }

    /**
     * {@return how the console's journal names the caller without showing a key: "admin key", the key's
     *     description, or its masked value ({@link KeyMask})}
     */
    public String label() {
        if (key == null) {
            return "admin key";
        }
        String description = key.description();
        String named = description == null || description.isBlank() ? "key " + KeyMask.of(key.value()) : description;
        return secured == null ? named : "secured key of " + named;
    }

    /** {@return the key used (the parent of a secured key), or {@code null} for the admin key} */
    ApiKey key() {
        return key;
    }

    /** {@return the user token a secured key carries, or {@code null}} */
    public String securedUserToken() {
        return secured == null ? null : secured.userToken();
    }

    /**
     * {@return whether the caller may act for that user} A secured key that names its user acts for that user
     * only: it sends that user's events and reads or deletes that user's profile, so a key handed to one user cannot
     * feed or read another's.
     *
     * @param userToken the user a call names
     */
    public boolean mayActAs(String userToken) {
        String keyUser = securedUserToken();
        return keyUser == null || keyUser.equals(userToken);
    }

    /** {@return the entries of a secured key's {@code restrictIndices}, none blank; empty for any other caller} */
    public List<String> securedRestrictIndices() {
        return secured == null
                ? List.of()
                : secured.restrictIndices().stream()
                        .filter(entry -> !entry.isBlank())
                        .toList();
    }

    SecuredKey secured() {
        return secured;
    }

    /**
     * @param right an {@code acl} entry
     * @throws ApiException 403 when the caller's key lacks it
     */
    public void requireRight(String right) {
        if (!isAdmin() && !key.allows(right)) {
            throw new ApiException(403, "Method not allowed with this API key");
        }
    }

    /**
     * {@return whether the caller's key (and secured key) may act on it} An index-level key may act on the index it
     * was created under, compared as a name: that index's name may hold {@code *} or spaces at its ends, which in a
     * global key's {@code indexes} would be a wildcard or ignored.
     *
     * @param indexName an index name
     */
    public boolean mayUse(String indexName) {
        if (isAdmin()) {
            return true;
        }
        boolean keyAllows = key.indexScope() != null
                ? key.indexScope().equals(indexName)
                : Patterns.anyMatches(key.indexes(), indexName);
        return keyAllows && (secured == null || Patterns.anyMatches(secured.restrictIndices(), indexName));
    }

    /**
     * {@return whether the caller may use some indices only} Such a caller is shown nothing that names no one index:
     * a call across indices (a multi-index search, a batch) may show the others.
     */
    public boolean usesSomeIndicesOnly() {
        if (isAdmin()) {
            return false;
        }
        return key.indexScope() != null
                || !key.indexes().stream().allMatch(String::isBlank)
                || secured != null && !secured.restrictIndices().stream().allMatch(String::isBlank);
    }

    /**
     * @param indexName an index name
     * @throws ApiException 403 when the caller may not act on it
     */
    public void requireIndex(String indexName) {
        if (!mayUse(indexName)) {
            throw new ApiException(403, "Index not allowed with this API key");
        }
    }

    /** {@return whether unretrievableAttributes are returned anyway (admin, or the right)} */
    public boolean seesUnretrievableAttributes() {
        return isAdmin() || key.allows("seeUnretrievableAttributes");
    }

    /**
     * The key's influence on a search: the parameters it forces ({@link ForcedParameters}: its queryParameters,
     * a secured key's embedded parameters and its userToken over them, neither lifted by the other or by the
     * request), a secured key's filters ANDed, its maxHitsPerQuery.
     *
     * @param indexName the index searched
     * @return the engine's context
     */
    public SearchContext searchContext(String indexName) {
        if (isAdmin()) {
            return new SearchContext(indexName, Json.object(), List.of(), 0, true);
        }
        ObjectNode forced = ForcedParameters.of(
                PathCodec.parseQuery(key.queryParameters()), secured == null ? Map.of() : secured.forcedParams());
        List<String> extraFilters =
                secured == null || secured.filters() == null ? List.of() : List.of(secured.filters());
        return new SearchContext(indexName, forced, extraFilters, key.maxHitsPerQuery(), seesUnretrievableAttributes());
    }

    @Override
    public String toString() {
        return isAdmin() ? "Caller[admin]" : "Caller[" + key + (secured != null ? ", secured" : "") + "]";
    }
}
