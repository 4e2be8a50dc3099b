package io.quarry.search.model;

import java.util.List;

/**
 * A page of user mappings (1000 per page).
 *
 * @param userIDs the mappings
 * @param page    zero-based page, if said
 */
public record ListUserIdsResponse(List<UserMapping> userIDs, Integer page) {}
