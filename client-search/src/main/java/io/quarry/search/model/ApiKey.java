package io.quarry.search.model;

import java.util.List;

/**
 * The parameters of an API key, for create and update calls. Immutable; each method returns a copy. Unset
 * members are not sent (the service defaults apply: no rights, no limit, all referrers).
 *
 * @param acl                    rights ({@link Acl#SEARCH}, {@link Acl#BROWSE}, ...)
 * @param description            a label
 * @param indexes                index names or patterns the key is limited to (global keys)
 * @param maxHitsPerQuery        most hits per query, 0 unlimited
 * @param maxQueriesPerIPPerHour queries per IP per hour, 0 unlimited
 * @param queryParameters        URL-encoded parameters forced on every query
 * @param referers               allowed referrers
 * @param validity               seconds before the key is removed, 0 never
 */
public record ApiKey(
        List<Acl> acl,
        String description,
        List<String> indexes,
        Integer maxHitsPerQuery,
        Integer maxQueriesPerIPPerHour,
        String queryParameters,
        List<String> referers,
        Integer validity) {

    /**
     * Keeps unmodifiable copies of the lists.
     *
     * @param acl see the record description
     * @param description see the record description
     * @param indexes see the record description
     * @param maxHitsPerQuery see the record description
     * @param maxQueriesPerIPPerHour see the record description
     * @param queryParameters see the record description
     * @param referers see the record description
     * @param validity see the record description
     */
    public ApiKey {
        acl = Copies.list(acl);
        indexes = Copies.list(indexes);
        referers = Copies.list(referers);
    }

    /**
     * A key with rights: the constants of {@link Acl}, or {@link Acl#of(String)} for a right this version does not
     * name yet.
     *
     * @param acl the rights
     * @return the key parameters
     */
    public static ApiKey of(Acl... acl) {
        return new ApiKey(List.of(acl), null, null, null, null, null, null, null);
    }

    /**
     * Sets {@code description}: a label.
     *
     * @param text a label
     * @return a copy
     */
    public ApiKey description(String text) {
        return new ApiKey(
                acl, text, indexes, maxHitsPerQuery, maxQueriesPerIPPerHour, queryParameters, referers, validity);
    }

    /**
     * Sets {@code indexes}: index names or patterns.
     *
     * @param names index names or patterns
     * @return a copy
     */
    public ApiKey indexes(String... names) {
        return new ApiKey(
                acl,
                description,
                List.of(names),
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                queryParameters,
                referers,
                validity);
    }

    /**
     * Sets {@code maxHitsPerQuery}: most hits per query.
     *
     * @param max most hits per query
     * @return a copy
     */
    public ApiKey maxHitsPerQuery(int max) {
        return new ApiKey(acl, description, indexes, max, maxQueriesPerIPPerHour, queryParameters, referers, validity);
    }

    /**
     * Sets {@code maxQueriesPerIPPerHour}: queries per IP per hour.
     *
     * @param max queries per IP per hour
     * @return a copy
     */
    public ApiKey maxQueriesPerIPPerHour(int max) {
        return new ApiKey(acl, description, indexes, maxHitsPerQuery, max, queryParameters, referers, validity);
    }

    /**
     * Sets {@code queryParameters}: the forced parameters.
     *
     * @param query the forced parameters
     * @return a copy
     */
    public ApiKey queryParameters(SearchQuery query) {
        return new ApiKey(
                acl,
                description,
                indexes,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                query.toParamString(),
                referers,
                validity);
    }

    /**
     * Sets {@code referers}: allowed referrers.
     *
     * @param patterns allowed referrers
     * @return a copy
     */
    public ApiKey referers(String... patterns) {
        return new ApiKey(
                acl,
                description,
                indexes,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                queryParameters,
                List.of(patterns),
                validity);
    }

    /**
     * Sets {@code validity}: lifetime.
     *
     * @param seconds lifetime
     * @return a copy
     */
    public ApiKey validity(int seconds) {
        return new ApiKey(
                acl, description, indexes, maxHitsPerQuery, maxQueriesPerIPPerHour, queryParameters, referers, seconds);
    }
}
