package io.quarry.search.model;

import java.util.List;
import java.util.Objects;

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
        return new ApiKey(List.of(Objects.requireNonNull(acl, "acl")), null, null, null, null, null, null, null);
    }

    /**
     * Sets {@code description}: a label.
     *
     * @param text a label
     * @return a copy
     */
    public ApiKey description(String text) {
        return new ApiKey(
                acl,
                Objects.requireNonNull(text, "text"),
                indexes,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                queryParameters,
                referers,
                validity);
    }

    /**
     * Sets {@code indexes}: index names or patterns.
     *
     * @param names index names or patterns
     * @return a copy
     * @throws NullPointerException naming {@code indexes} (or the item, {@code indexes[1]}) if the array or a name
     *     in it is null
     */
    public ApiKey indexes(String... names) {
        return new ApiKey(
                acl,
                description,
                strings("indexes", names),
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
     * Sets {@code queryParameters}: the forced parameters. Only the parameters the query holds are forced: one given
     * null in the query is not in it (see {@link SearchQuery}), so a filter found null forces no filter.
     *
     * @param query the forced parameters
     * @return a copy
     * @throws NullPointerException naming {@code queryParameters} if the query is null
     */
    public ApiKey queryParameters(SearchQuery query) {
        return new ApiKey(
                acl,
                description,
                indexes,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                Objects.requireNonNull(query, "queryParameters").toParamString(),
                referers,
                validity);
    }

    /**
     * Sets {@code referers}: allowed referrers.
     *
     * @param patterns allowed referrers
     * @return a copy
     * @throws NullPointerException naming {@code referers} (or the item, {@code referers[0]}) if the array or a
     *     pattern in it is null
     */
    public ApiKey referers(String... patterns) {
        return new ApiKey(
                acl,
                description,
                indexes,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                queryParameters,
                strings("referers", patterns),
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

    /** The strings as a list; a null array or item is refused naming its place ({@code indexes[1]}). */
    private static List<String> strings(String name, String... values) {
        Objects.requireNonNull(values, name);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new NullPointerException(name + "[" + i + "]");
            }
        }
        return List.of(values);
    }
}
