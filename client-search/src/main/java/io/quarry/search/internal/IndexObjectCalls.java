package io.quarry.search.internal;

import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.WriteResponse;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The calls that the rules and the synonyms of an index share: save one or a batch, read, delete, clear, search,
 * and iteration over every object. Objects go in the {@code objectID} path parameter; writes carry
 * {@code forwardToReplicas}. Immutable.
 *
 * @param <T> the object type
 * @param <Q> the search query type
 * @param <R> the search response type
 */
public final class IndexObjectCalls<T, Q, R> {

    /** Objects read per page when iterating over all of them. */
    public static final int PAGE_SIZE = 1000;

    /**
     * The endpoints of one kind of object, each with {@code {indexName}} in its path.
     *
     * @param save          creates or replaces one object ({@code {objectID}} in the path)
     * @param saveAll       creates or replaces a batch
     * @param get           reads one object ({@code {objectID}} in the path)
     * @param delete        deletes one object ({@code {objectID}} in the path)
     * @param clear         deletes every object
     * @param search        searches the objects
     * @param replaceAllFlag the query parameter of {@code saveAll} that removes every other object
     */
    public record Routes(Endpoint save, Endpoint saveAll, Endpoint get, Endpoint delete, Endpoint clear,
                         Endpoint search, String replaceAllFlag) {
    }

    private final Scope scope;
    private final Routes routes;
    private final Class<T> type;
    private final Function<T, String> objectID;
    private final Class<R> responseType;
    private final IntFunction<Q> pageQuery;
    private final BiFunction<Integer, R, Page<T, Integer>> pageOf;

    /**
     * Calls over one kind of object.
     *
     * @param scope        the index's scope
     * @param routes       the endpoints
     * @param type         the object type
     * @param objectID     reads an object's ID
     * @param responseType the search response type
     * @param pageQuery    the query reading one page of every object ({@link #PAGE_SIZE} per page)
     * @param pageOf       the items and next page number of a search response, given the page asked
     */
    public IndexObjectCalls(Scope scope, Routes routes, Class<T> type, Function<T, String> objectID,
                            Class<R> responseType, IntFunction<Q> pageQuery,
                            BiFunction<Integer, R, Page<T, Integer>> pageOf) {
        this.scope = scope;
        this.routes = routes;
        this.type = type;
        this.objectID = objectID;
        this.responseType = responseType;
        this.pageQuery = pageQuery;
        this.pageOf = pageOf;
    }

    /**
     * @param object            the object
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return the task, {@code updatedAt} and the ID
     */
    public WriteResponse save(T object, boolean forwardToReplicas, RequestOptions options) {
        return saveRequest(object, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * @param object            the object
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return a future of the task, {@code updatedAt} and the ID
     */
    public CompletableFuture<WriteResponse> saveAsync(T object, boolean forwardToReplicas, RequestOptions options) {
        return saveRequest(object, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    private ApiRequest saveRequest(T object, boolean forwardToReplicas, RequestOptions options) {
        return objectRequest(routes.save(), objectID.apply(object), forwardToReplicas, options).body(object);
    }

    /**
     * @param objects           the objects
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceAll        whether every other object is removed
     * @param options           per-request options, or null
     * @return the task and {@code updatedAt}
     */
    public WriteResponse saveAll(List<T> objects, boolean forwardToReplicas, boolean replaceAll,
                                 RequestOptions options) {
        return saveAllRequest(objects, forwardToReplicas, replaceAll, options).execute(WriteResponse.class);
    }

    /**
     * @param objects           the objects
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceAll        whether every other object is removed
     * @param options           per-request options, or null
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> saveAllAsync(List<T> objects, boolean forwardToReplicas,
                                                         boolean replaceAll, RequestOptions options) {
        return saveAllRequest(objects, forwardToReplicas, replaceAll, options).executeAsync(WriteResponse.class);
    }

    private ApiRequest saveAllRequest(List<T> objects, boolean forwardToReplicas, boolean replaceAll,
                                      RequestOptions options) {
        return scope.request(routes.saveAll(), options).query("forwardToReplicas", forwardToReplicas)
                .query(routes.replaceAllFlag(), replaceAll).body(objects);
    }

    /**
     * @param id      the objectID
     * @param options per-request options, or null
     * @return the object
     */
    public T get(String id, RequestOptions options) {
        return getRequest(id, options).execute(type);
    }

    /**
     * @param id      the objectID
     * @param options per-request options, or null
     * @return a future of the object
     */
    public CompletableFuture<T> getAsync(String id, RequestOptions options) {
        return getRequest(id, options).executeAsync(type);
    }

    private ApiRequest getRequest(String id, RequestOptions options) {
        return scope.request(routes.get(), options).path("objectID", id);
    }

    /**
     * @param id                the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return the task and its date
     */
    public WriteResponse delete(String id, boolean forwardToReplicas, RequestOptions options) {
        return objectRequest(routes.delete(), id, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * @param id                the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return a future of the task and its date
     */
    public CompletableFuture<WriteResponse> deleteAsync(String id, boolean forwardToReplicas, RequestOptions options) {
        return objectRequest(routes.delete(), id, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    private ApiRequest objectRequest(Endpoint endpoint, String id, boolean forwardToReplicas, RequestOptions options) {
        return scope.request(endpoint, options).path("objectID", id).query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return the task and {@code updatedAt}
     */
    public WriteResponse clear(boolean forwardToReplicas, RequestOptions options) {
        return clearRequest(forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options           per-request options, or null
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> clearAsync(boolean forwardToReplicas, RequestOptions options) {
        return clearRequest(forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    private ApiRequest clearRequest(boolean forwardToReplicas, RequestOptions options) {
        return scope.request(routes.clear(), options).query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * @param query   the search
     * @param options per-request options, or null
     * @return a page of objects
     */
    public R search(Q query, RequestOptions options) {
        return scope.request(routes.search(), options).body(query).execute(responseType);
    }

    /**
     * @param query   the search
     * @param options per-request options, or null
     * @return a future of a page of objects
     */
    public CompletableFuture<R> searchAsync(Q query, RequestOptions options) {
        return scope.request(routes.search(), options).body(query).executeAsync(responseType);
    }

    /** @return a lazy iterator over every object, one search per page */
    public Iterator<T> iterator() {
        return Pages.iterator(0, page -> pageOf.apply(page, search(pageQuery.apply(page), RequestOptions.none())));
    }

    /** @return the future objects, every page read without blocking */
    public CompletableFuture<List<T>> collectAsync() {
        return Pages.collectAsync(0, page -> searchAsync(pageQuery.apply(page), RequestOptions.none())
                .thenApply(response -> pageOf.apply(page, response)));
    }
}
