package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.RequestOptions;
import io.quarry.search.internal.JsonBody;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.RequestOptionsMerge;
import io.quarry.search.internal.Scope;
import io.quarry.search.model.CreatedAtResponse;
import io.quarry.search.model.DeletedAtResponse;
import io.quarry.search.model.ListClustersResponse;
import io.quarry.search.model.ListUserIdsResponse;
import io.quarry.search.model.PendingMappingsResponse;
import io.quarry.search.model.TopUserIdsResponse;
import io.quarry.search.model.UserIdQuery;
import io.quarry.search.model.UserIdSearchResponse;
import io.quarry.search.model.UserMapping;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Multi-cluster user mapping: the clusters, and which user lives on which. Obtained from
 * {@link SearchClient#clusters()}; cheap, immutable and thread-safe. Calls for a mapped user go through
 * {@link SearchClient#forUser(String)}.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Every call needs the admin key.
 */
public final class Clusters {

    private static final int PAGE_SIZE = 1000;

    private final Scope calls;

    Clusters(Scope calls) {
        this.calls = calls;
    }

    /**
     * Assigns a user to a cluster; the user can be used at once (moving a user takes longer the more data it has).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param cluster the cluster
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse assignUserId(String userID, String cluster, RequestOptions options) {
        return assignUserIdRequest(userID, cluster, options).execute(CreatedAtResponse.class);
    }

    /**
     * Same as {@link #assignUserId(String, String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return {@code createdAt}
     */
    public CreatedAtResponse assignUserId(String userID, String cluster) {
        return assignUserId(userID, cluster, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #assignUserId(String, String, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param userID the user
     * @param cluster the cluster
     * @param options per-request options; null for none
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> assignUserIdAsync(String userID, String cluster,
                                                                  RequestOptions options) {
        return assignUserIdRequest(userID, cluster, options).executeAsync(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #assignUserId(String, String)}.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return a future of {@code createdAt}
     */
    public CompletableFuture<CreatedAtResponse> assignUserIdAsync(String userID, String cluster) {
        return assignUserIdAsync(userID, cluster, RequestOptions.none());
    }

    private ApiRequest assignUserIdRequest(String userID, String cluster, RequestOptions options) {
        RequestOptions forUser = RequestOptionsMerge.merge(SearchClient.userOptions(userID), options);
        return calls.request(Endpoints.ASSIGN_USER_ID, forUser).body(JsonBody.of("cluster", cluster));
    }

    /**
     * Assigns several users to a cluster.
     *
     * <p>Key right: admin key.
     *
     * @param cluster the cluster
     * @param users the users
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse batchAssignUserIds(String cluster, List<String> users, RequestOptions options) {
        return batchAssignUserIdsRequest(cluster, users, options).execute(CreatedAtResponse.class);
    }

    /**
     * Same as {@link #batchAssignUserIds(String, List, RequestOptions)} with default options.
     *
     * @param cluster the cluster
     * @param users the users
     * @return {@code createdAt}
     */
    public CreatedAtResponse batchAssignUserIds(String cluster, List<String> users) {
        return batchAssignUserIds(cluster, users, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #batchAssignUserIds(String, List, RequestOptions)}. Cancelling the future cancels
     * the call.
     *
     * @param cluster the cluster
     * @param users the users
     * @param options per-request options; null for none
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> batchAssignUserIdsAsync(String cluster, List<String> users,
                                                                        RequestOptions options) {
        return batchAssignUserIdsRequest(cluster, users, options).executeAsync(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #batchAssignUserIds(String, List)}.
     *
     * @param cluster the cluster
     * @param users the users
     * @return a future of {@code createdAt}
     */
    public CompletableFuture<CreatedAtResponse> batchAssignUserIdsAsync(String cluster, List<String> users) {
        return batchAssignUserIdsAsync(cluster, users, RequestOptions.none());
    }

    private ApiRequest batchAssignUserIdsRequest(String cluster, List<String> users, RequestOptions options) {
        return calls.request(Endpoints.BATCH_ASSIGN_USER_IDS, options)
                .body(JsonBody.of("cluster", cluster, "users", users));
    }

    /**
     * The top 10 users by record count of each cluster.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the top users
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TopUserIdsResponse getTopUserIds(RequestOptions options) {
        return getTopUserIdsRequest(options).execute(TopUserIdsResponse.class);
    }

    /**
     * Same as {@link #getTopUserIds(RequestOptions)} with default options.
     *
     * @return the top users
     */
    public TopUserIdsResponse getTopUserIds() {
        return getTopUserIds(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getTopUserIds(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the top users; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TopUserIdsResponse> getTopUserIdsAsync(RequestOptions options) {
        return getTopUserIdsRequest(options).executeAsync(TopUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #getTopUserIds()}.
     *
     * @return a future of the top users
     */
    public CompletableFuture<TopUserIdsResponse> getTopUserIdsAsync() {
        return getTopUserIdsAsync(RequestOptions.none());
    }

    private ApiRequest getTopUserIdsRequest(RequestOptions options) {
        return calls.request(Endpoints.GET_TOP_USER_IDS, options);
    }

    /**
     * Reads a user's mapping (a few seconds behind real time).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the mapping
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserMapping getUserId(String userID, RequestOptions options) {
        return getUserIdRequest(userID, options).execute(UserMapping.class);
    }

    /**
     * Same as {@link #getUserId(String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @return the mapping
     */
    public UserMapping getUserId(String userID) {
        return getUserId(userID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getUserId(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @param options per-request options; null for none
     * @return a future of the mapping; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserMapping> getUserIdAsync(String userID, RequestOptions options) {
        return getUserIdRequest(userID, options).executeAsync(UserMapping.class);
    }

    /**
     * Asynchronous form of {@link #getUserId(String)}.
     *
     * @param userID the user
     * @return a future of the mapping
     */
    public CompletableFuture<UserMapping> getUserIdAsync(String userID) {
        return getUserIdAsync(userID, RequestOptions.none());
    }

    private ApiRequest getUserIdRequest(String userID, RequestOptions options) {
        return calls.request(Endpoints.GET_USER_ID, options).path("userID", userID);
    }

    /**
     * Lists the clusters.
     *
     * <p>Key right: admin key.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the clusters
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListClustersResponse list(RequestOptions options) {
        return listRequest(options).execute(ListClustersResponse.class);
    }

    /**
     * Same as {@link #list(RequestOptions)} with default options.
     *
     * @return the clusters
     */
    public ListClustersResponse list() {
        return list(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #list(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the clusters; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListClustersResponse> listAsync(RequestOptions options) {
        return listRequest(options).executeAsync(ListClustersResponse.class);
    }

    /**
     * Asynchronous form of {@link #list()}.
     *
     * @return a future of the clusters
     */
    public CompletableFuture<ListClustersResponse> listAsync() {
        return listAsync(RequestOptions.none());
    }

    private ApiRequest listRequest(RequestOptions options) {
        return calls.request(Endpoints.LIST_CLUSTERS, options);
    }

    /**
     * Reads a page of user mappings (1000 per page by default); {@link #browseUserIds()} iterates over all of them.
     *
     * <p>Key right: admin key.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListUserIdsResponse listUserIds(int page, Integer hitsPerPage, RequestOptions options) {
        return listUserIdsRequest(page, hitsPerPage, options).execute(ListUserIdsResponse.class);
    }

    /**
     * Same as {@link #listUserIds(int, Integer, RequestOptions)} with default options.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @return the page
     */
    public ListUserIdsResponse listUserIds(int page, Integer hitsPerPage) {
        return listUserIds(page, hitsPerPage, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #listUserIds(int, Integer, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @param options per-request options; null for none
     * @return a future of the page; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListUserIdsResponse> listUserIdsAsync(int page, Integer hitsPerPage,
                                                                   RequestOptions options) {
        return listUserIdsRequest(page, hitsPerPage, options).executeAsync(ListUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #listUserIds(int, Integer)}.
     *
     * @param page zero-based page
     * @param hitsPerPage mappings per page, or null for 1000
     * @return a future of the page
     */
    public CompletableFuture<ListUserIdsResponse> listUserIdsAsync(int page, Integer hitsPerPage) {
        return listUserIdsAsync(page, hitsPerPage, RequestOptions.none());
    }

    private ApiRequest listUserIdsRequest(int page, Integer hitsPerPage, RequestOptions options) {
        return calls.request(Endpoints.LIST_USER_IDS, options).query("page", page).query("hitsPerPage", hitsPerPage);
    }

    /**
     * Removes a user's mapping; a task then removes its data.
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeletedAtResponse removeUserId(String userID, RequestOptions options) {
        return removeUserIdRequest(userID, options).execute(DeletedAtResponse.class);
    }

    /**
     * Same as {@link #removeUserId(String, RequestOptions)} with default options.
     *
     * @param userID the user
     * @return {@code deletedAt}
     */
    public DeletedAtResponse removeUserId(String userID) {
        return removeUserId(userID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #removeUserId(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @param options per-request options; null for none
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeletedAtResponse> removeUserIdAsync(String userID, RequestOptions options) {
        return removeUserIdRequest(userID, options).executeAsync(DeletedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #removeUserId(String)}.
     *
     * @param userID the user
     * @return a future of {@code deletedAt}
     */
    public CompletableFuture<DeletedAtResponse> removeUserIdAsync(String userID) {
        return removeUserIdAsync(userID, RequestOptions.none());
    }

    private ApiRequest removeUserIdRequest(String userID, RequestOptions options) {
        return calls.request(Endpoints.REMOVE_USER_ID, options).path("userID", userID);
    }

    /**
     * Searches user mappings (the index behind it is rebuilt every 12 hours, so values may be outdated).
     *
     * <p>Key right: admin key.
     *
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of mappings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserIdSearchResponse searchUserIds(UserIdQuery query, RequestOptions options) {
        return searchUserIdsRequest(query, options).execute(UserIdSearchResponse.class);
    }

    /**
     * Same as {@link #searchUserIds(UserIdQuery, RequestOptions)} with default options.
     *
     * @param query the search
     * @return a page of mappings
     */
    public UserIdSearchResponse searchUserIds(UserIdQuery query) {
        return searchUserIds(query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchUserIds(UserIdQuery, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of mappings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserIdSearchResponse> searchUserIdsAsync(UserIdQuery query, RequestOptions options) {
        return searchUserIdsRequest(query, options).executeAsync(UserIdSearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchUserIds(UserIdQuery)}.
     *
     * @param query the search
     * @return a future of a page of mappings
     */
    public CompletableFuture<UserIdSearchResponse> searchUserIdsAsync(UserIdQuery query) {
        return searchUserIdsAsync(query, RequestOptions.none());
    }

    private ApiRequest searchUserIdsRequest(UserIdQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_USER_IDS, options).body(query);
    }

    /**
     * Whether user mappings are still being applied (answer shape of the real service).
     *
     * <p>Key right: admin key.
     *
     * @param getClusters whether to list the pending users per cluster
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the pending state
     * @throws io.quarry.core.QuarryException on any failure
     */
    public PendingMappingsResponse hasPendingMappings(boolean getClusters, RequestOptions options) {
        return hasPendingMappingsRequest(getClusters, options).execute(PendingMappingsResponse.class);
    }

    /**
     * Same as {@link #hasPendingMappings(boolean, RequestOptions)} with default options.
     *
     * @param getClusters whether to list the pending users per cluster
     * @return the pending state
     */
    public PendingMappingsResponse hasPendingMappings(boolean getClusters) {
        return hasPendingMappings(getClusters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #hasPendingMappings(boolean, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param getClusters whether to list the pending users per cluster
     * @param options per-request options; null for none
     * @return a future of the pending state; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<PendingMappingsResponse> hasPendingMappingsAsync(boolean getClusters,
                                                                              RequestOptions options) {
        return hasPendingMappingsRequest(getClusters, options).executeAsync(PendingMappingsResponse.class);
    }

    /**
     * Asynchronous form of {@link #hasPendingMappings(boolean)}.
     *
     * @param getClusters whether to list the pending users per cluster
     * @return a future of the pending state
     */
    public CompletableFuture<PendingMappingsResponse> hasPendingMappingsAsync(boolean getClusters) {
        return hasPendingMappingsAsync(getClusters, RequestOptions.none());
    }

    private ApiRequest hasPendingMappingsRequest(boolean getClusters, RequestOptions options) {
        return calls.request(Endpoints.HAS_PENDING_MAPPINGS, options).query("getClusters", getClusters);
    }

    /**
     * Every user mapping, read lazily 1000 at a time.
     *
     * @return the lazy sequence
     */
    public PagedIterable<UserMapping> browseUserIds() {
        return new PagedIterable<>(() -> Pages.iterator(0, page -> userPage(page, listUserIds(page, PAGE_SIZE))));
    }

    /**
     * Asynchronous form of {@link #browseUserIds()}.
     *
     * @return the future mappings
     */
    public CompletableFuture<List<UserMapping>> browseUserIdsAsync() {
        return Pages.collectAsync(0, page -> listUserIdsAsync(page, PAGE_SIZE).thenApply(r -> userPage(page, r)));
    }

    private static Page<UserMapping, Integer> userPage(int page, ListUserIdsResponse r) {
        List<UserMapping> items = r.userIDs() == null ? List.of() : r.userIDs();
        return new Page<>(items, Pages.nextPage(page, items.size(), -1, PAGE_SIZE));
    }
}
