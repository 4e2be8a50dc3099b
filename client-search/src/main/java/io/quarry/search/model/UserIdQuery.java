package io.quarry.search.model;

import java.util.Objects;

/**
 * A user-ID search.
 *
 * @param query       the text
 * @param cluster     only this cluster, or null
 * @param page        zero-based page, or null
 * @param hitsPerPage hits per page, or null
 */
public record UserIdQuery(String query, String cluster, Integer page, Integer hitsPerPage) {

    /**
     * Checks the text, as {@link #of(String)} does.
     *
     * @param query see the record description
     * @param cluster see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @throws NullPointerException naming {@code query} if it is null
     */
    public UserIdQuery {
        Objects.requireNonNull(query, "query");
    }

    /**
     * A search for text.
     *
     * @param query the text
     * @return the query
     */
    public static UserIdQuery of(String query) {
        return new UserIdQuery(Objects.requireNonNull(query, "query"), null, null, null);
    }

    /**
     * Sets {@code cluster}: the cluster.
     *
     * @param name the cluster
     * @return a copy
     */
    public UserIdQuery cluster(String name) {
        return new UserIdQuery(query, name, page, hitsPerPage);
    }

    /**
     * Sets {@code page}: zero-based page.
     *
     * @param p zero-based page
     * @return a copy
     */
    public UserIdQuery page(int p) {
        return new UserIdQuery(query, cluster, p, hitsPerPage);
    }

    /**
     * Sets {@code hitsPerPage}: hits per page.
     *
     * @param n hits per page
     * @return a copy
     */
    public UserIdQuery hitsPerPage(int n) {
        return new UserIdQuery(query, cluster, page, n);
    }
}
