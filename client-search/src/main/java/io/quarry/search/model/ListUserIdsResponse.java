package io.quarry.search.model;

import java.util.List;

/**
 * A page of user mappings (1000 per page).
 *
 * @param userIDs the mappings
 * @param page    zero-based page, if said
 */
public record ListUserIdsResponse(List<UserMapping> userIDs, Integer page) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param userIDs see the record description
     * @param page see the record description
     */
    public ListUserIdsResponse {
        userIDs = Copies.list(userIDs);
    }
}
