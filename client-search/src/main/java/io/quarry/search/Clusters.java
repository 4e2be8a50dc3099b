package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.PagedIterable;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.Page;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.search.model.CreatedAtResponse;
import io.quarry.search.model.DeletedAtResponse;
import io.quarry.search.model.ListClustersResponse;
import io.quarry.search.model.ListUserIdsQuery;
import io.quarry.search.model.ListUserIdsResponse;
import io.quarry.search.model.PendingMappingsResponse;
import io.quarry.search.model.TopUserIdsResponse;
import io.quarry.search.model.UserIdQuery;
import io.quarry.search.model.UserIdSearchResponse;
import io.quarry.search.model.UserMapping;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Multi-cluster user mapping: the clusters, and which user lives on which. Obtained from
 * {@link SearchClient#clusters()}; cheap, immutable and thread-safe. Calls for a mapped user go through
 * a view carrying {@link SearchClient#userOptions(String)}.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Every call needs the admin key.
 *
 * <p>As in every module, a method named {@code browse...} returns every item, read lazily page after page
 * ({@link #browseUserIds()}; its {@code ...Async} form reads them all into a list), while
 * {@link #listUserIds(ListUserIdsQuery) listUserIds} and {@link #searchUserIds(UserIdQuery) searchUserIds} make one
 * call and return one page.
 */
public final class Clusters extends ScopedHandle<Clusters> {

    private static final int PAGE_SIZE = 1000;

    Clusters(CallScope scope) {
        super(scope);
    }

    @Override
    protected Clusters withScope(CallScope scope) {
        return new Clusters(scope);
    }

    /**
     * Assigns a user to a cluster; the user can be used at once (moving a user takes longer the more data it has).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse assignUserId(String userID, String cluster) {
        return assignUserIdRequest(userID, cluster).execute(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #assignUserId(String, String)}. Cancelling the future cancels the
     * call.
     *
     * @param userID the user
     * @param cluster the cluster
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> assignUserIdAsync(String userID, String cluster) {
        return assignUserIdRequest(userID, cluster).executeAsync(CreatedAtResponse.class);
    }

    private ApiRequest assignUserIdRequest(String userID, String cluster) {
        return scope().withOptions(SearchClient.userOptions(userID))
                .request(Endpoints.ASSIGN_USER_ID)
                .body(JsonBodies.object("cluster", Objects.requireNonNull(cluster, "cluster")));
    }

    /**
     * Assigns several users to a cluster.
     *
     * <p>Key right: admin key.
     *
     * @param cluster the cluster
     * @param users the users
     * @return {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CreatedAtResponse batchAssignUserIds(String cluster, List<String> users) {
        return batchAssignUserIdsRequest(cluster, users).execute(CreatedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #batchAssignUserIds(String, List)}. Cancelling the future cancels
     * the call.
     *
     * @param cluster the cluster
     * @param users the users
     * @return a future of {@code createdAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CreatedAtResponse> batchAssignUserIdsAsync(String cluster, List<String> users) {
        return batchAssignUserIdsRequest(cluster, users).executeAsync(CreatedAtResponse.class);
    }

    private ApiRequest batchAssignUserIdsRequest(String cluster, List<String> users) {
        return scope().request(Endpoints.BATCH_ASSIGN_USER_IDS)
                .body(JsonBodies.object(
                        "cluster",
                        Objects.requireNonNull(cluster, "cluster"),
                        "users",
                        Objects.requireNonNull(users, "users")));
    }

    /**
     * The top 10 users by record count of each cluster.
     *
     * <p>Key right: admin key.
     *
     * @return the top users
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TopUserIdsResponse getTopUserIds() {
        return getTopUserIdsRequest().execute(TopUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #getTopUserIds()}. Cancelling the future cancels the call.
     *
     * @return a future of the top users; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TopUserIdsResponse> getTopUserIdsAsync() {
        return getTopUserIdsRequest().executeAsync(TopUserIdsResponse.class);
    }

    private ApiRequest getTopUserIdsRequest() {
        return scope().request(Endpoints.GET_TOP_USER_IDS);
    }

    /**
     * Reads a user's mapping (a few seconds behind real time).
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @return the mapping
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserMapping getUserId(String userID) {
        return getUserIdRequest(userID).execute(UserMapping.class);
    }

    /**
     * Asynchronous form of {@link #getUserId(String)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @return a future of the mapping; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserMapping> getUserIdAsync(String userID) {
        return getUserIdRequest(userID).executeAsync(UserMapping.class);
    }

    private ApiRequest getUserIdRequest(String userID) {
        return scope().request(Endpoints.GET_USER_ID).path("userID", userID);
    }

    /**
     * Lists the clusters.
     *
     * <p>Key right: admin key.
     *
     * @return the clusters
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListClustersResponse list() {
        return listRequest().execute(ListClustersResponse.class);
    }

    /**
     * Asynchronous form of {@link #list()}. Cancelling the future cancels the call.
     *
     * @return a future of the clusters; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListClustersResponse> listAsync() {
        return listRequest().executeAsync(ListClustersResponse.class);
    }

    private ApiRequest listRequest() {
        return scope().request(Endpoints.LIST_CLUSTERS);
    }

    /**
     * Reads a page of user mappings ({@link ListUserIdsQuery#of()}: the first, of 1000); {@link #browseUserIds()}
     * iterates over all of them.
     *
     * <p>Key right: admin key.
     *
     * @param query the page and how many mappings it holds
     * @return the page
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ListUserIdsResponse listUserIds(ListUserIdsQuery query) {
        return listUserIdsRequest(query).execute(ListUserIdsResponse.class);
    }

    /**
     * Asynchronous form of {@link #listUserIds(ListUserIdsQuery)}. Cancelling the future cancels the call.
     *
     * @param query the page and how many mappings it holds
     * @return a future of the page; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ListUserIdsResponse> listUserIdsAsync(ListUserIdsQuery query) {
        return listUserIdsRequest(query).executeAsync(ListUserIdsResponse.class);
    }

    private ApiRequest listUserIdsRequest(ListUserIdsQuery query) {
        Objects.requireNonNull(query, "query");
        return scope().request(Endpoints.LIST_USER_IDS)
                .query("page", query.page())
                .query("hitsPerPage", query.hitsPerPage());
    }

    /**
     * Removes a user's mapping; a task then removes its data.
     *
     * <p>Key right: admin key.
     *
     * @param userID the user
     * @return {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeletedAtResponse removeUserId(String userID) {
        return removeUserIdRequest(userID).execute(DeletedAtResponse.class);
    }

    /**
     * Asynchronous form of {@link #removeUserId(String)}. Cancelling the future cancels the call.
     *
     * @param userID the user
     * @return a future of {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeletedAtResponse> removeUserIdAsync(String userID) {
        return removeUserIdRequest(userID).executeAsync(DeletedAtResponse.class);
    }

    private ApiRequest removeUserIdRequest(String userID) {
        return scope().request(Endpoints.REMOVE_USER_ID).path("userID", userID);
    }

    /**
     * Searches user mappings (the index behind it is rebuilt every 12 hours, so values may be outdated).
     *
     * <p>Key right: admin key.
     *
     * @param query the search
     * @return a page of mappings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UserIdSearchResponse searchUserIds(UserIdQuery query) {
        return searchUserIdsRequest(query).execute(UserIdSearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchUserIds(UserIdQuery)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search
     * @return a future of a page of mappings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UserIdSearchResponse> searchUserIdsAsync(UserIdQuery query) {
        return searchUserIdsRequest(query).executeAsync(UserIdSearchResponse.class);
    }

    private ApiRequest searchUserIdsRequest(UserIdQuery query) {
        return scope().request(Endpoints.SEARCH_USER_IDS).body(Objects.requireNonNull(query, "query"));
    }

    /**
     * Whether user mappings are still being applied.
     *
     * <p>Key right: admin key.
     *
     * @return the pending state
     * @throws io.quarry.core.QuarryException on any failure
     */
    public PendingMappingsResponse hasPendingMappings() {
        return hasPendingMappingsRequest(false).execute(PendingMappingsResponse.class);
    }

    /**
     * Asynchronous form of {@link #hasPendingMappings()}. Cancelling the future cancels the call.
     *
     * @return a future of the pending state; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<PendingMappingsResponse> hasPendingMappingsAsync() {
        return hasPendingMappingsRequest(false).executeAsync(PendingMappingsResponse.class);
    }

    /**
     * Whether user mappings are still being applied, with the users still pending in each cluster.
     *
     * <p>Key right: admin key.
     *
     * @return the pending state and the pending users per cluster
     * @throws io.quarry.core.QuarryException on any failure
     */
    public PendingMappingsResponse pendingMappingsByCluster() {
        return hasPendingMappingsRequest(true).execute(PendingMappingsResponse.class);
    }

    /**
     * Asynchronous form of {@link #pendingMappingsByCluster()}. Cancelling the future cancels the call.
     *
     * @return a future of the pending state and users; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<PendingMappingsResponse> pendingMappingsByClusterAsync() {
        return hasPendingMappingsRequest(true).executeAsync(PendingMappingsResponse.class);
    }

    private ApiRequest hasPendingMappingsRequest(boolean getClusters) {
        return scope().request(Endpoints.HAS_PENDING_MAPPINGS).query("getClusters", getClusters);
    }

    /**
     * Every user mapping, read lazily 1000 at a time. A call observer sees the calls of one iteration inside one
     * composite call {@code browseUserIds}; close the iterator or stream when stopping early (see
     * {@link PagedIterable}).
     *
     * @return the lazy sequence
     */
    public PagedIterable<UserMapping> browseUserIds() {
        return PagedIterable.inCompositeCall(
                scope(),
                "browseUserIds",
                0,
                (scope, page) -> userPage(page, withScope(scope).listUserIds(pageOfUsers(page))),
                page -> listUserIdsAsync(pageOfUsers(page)).thenApply(r -> userPage(page, r)));
    }

    /**
     * Asynchronous form of {@link #browseUserIds()}.
     *
     * @return the future mappings
     */
    public CompletableFuture<List<UserMapping>> browseUserIdsAsync() {
        return scope().compositeCallAsync(
                        "browseUserIds",
                        scope -> withScope(scope).browseUserIds().toListAsync());
    }

    private static ListUserIdsQuery pageOfUsers(int page) {
        return ListUserIdsQuery.of().page(page).hitsPerPage(PAGE_SIZE);
    }

    private static Page<UserMapping, Integer> userPage(int page, ListUserIdsResponse r) {
        List<UserMapping> items = r.userIDs() == null ? List.of() : r.userIDs();
        return new Page<>(items, Page.nextPageNumber(page, items.size(), -1, PAGE_SIZE));
    }
}
