package io.quarry.search.model;

import java.util.List;
import java.util.Map;

/**
 * The top users of each cluster.
 *
 * @param topUsers entries of cluster name to its top 10 users by record count
 */
public record TopUserIdsResponse(List<Map<String, List<UserMapping>>> topUsers) {

    /**
     * Keeps an unmodifiable copy of the list and of what it holds.
     *
     * @param topUsers see the record description
     */
    public TopUserIdsResponse {
        topUsers = topUsers == null
                ? null
                : topUsers.stream()
                        .map(perCluster -> Copies.map(perCluster, Copies::list))
                        .toList();
    }
}
