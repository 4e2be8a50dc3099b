package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;

/**
 * Which page of user mappings {@code Clusters.listUserIds} reads. {@link #of()} is the first page of 1000 mappings,
 * the service's own page size; the withers change one member.
 *
 * @param page        zero-based page, 0 or more
 * @param hitsPerPage mappings per page, at least 1
 */
public record ListUserIdsQuery(int page, int hitsPerPage) {

    private static final ListUserIdsQuery FIRST = new ListUserIdsQuery(0, 1000);

    /**
     * Checks the members.
     *
     * @param page        see the record description
     * @param hitsPerPage see the record description
     * @throws InvalidRequestException when {@code page} is negative or {@code hitsPerPage} below 1
     */
    public ListUserIdsQuery {
        if (page < 0) {
            throw new InvalidRequestException("page must be 0 or more, not " + page);
        }
        if (hitsPerPage < 1) {
            throw new InvalidRequestException("hitsPerPage must be at least 1, not " + hitsPerPage);
        }
    }

    /** {@return the first page, 1000 mappings per page} */
    public static ListUserIdsQuery of() {
        return FIRST;
    }

    /**
     * Sets {@code page}: zero-based page.
     *
     * @param p zero-based page, 0 or more
     * @return a new query
     * @throws InvalidRequestException when {@code p} is negative
     */
    public ListUserIdsQuery page(int p) {
        return new ListUserIdsQuery(p, hitsPerPage);
    }

    /**
     * Sets {@code hitsPerPage}: mappings per page.
     *
     * @param n mappings per page, at least 1
     * @return a new query
     * @throws InvalidRequestException when {@code n} is below 1
     */
    public ListUserIdsQuery hitsPerPage(int n) {
        return new ListUserIdsQuery(page, n);
    }
}
