package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.PagedIterable;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Page;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.search.model.DeleteTaskResponse;
import io.quarry.search.model.ObjectUpdatedResponse;
import io.quarry.search.model.UpdateTaskResponse;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The calls that the rules and the synonyms of an index share: save one or a set, replace them all, read, delete,
 * clear, search, and lazy iteration over every one. Each object is stored under its {@code objectID}. Handles are
 * {@link IndexRules} (from {@link SearchIndex#rules()}) and {@link IndexSynonyms} (from
 * {@link SearchIndex#synonyms()}); cheap, immutable and thread-safe.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Writes apply to this index only, unless the
 * handle comes from the index's {@link SearchIndex#forwardingToReplicas()} view. Writes are acknowledged before they apply: wait for the
 * returned task with {@link SearchIndex#waitForTask(long)} when the next step must see them. Reads need the
 * {@code settings} right, writes {@code editSettings}.
 *
 * <p>As in every module, a method named {@code browse...} returns every item, read lazily page after page
 * ({@link #browse()}; {@link #browseAsync()} reads them all into a list), while {@link #search(Object) search}
 * makes one call and returns one page.
 *
 * @param <T> the object type ({@link io.quarry.search.model.Rule} or {@link io.quarry.search.model.Synonym})
 * @param <Q> the search query type
 * @param <R> the search response type
 * @param <H> the handle type
 */
public abstract sealed class IndexConfigObjects<T, Q, R, H extends IndexConfigObjects<T, Q, R, H>>
        extends ScopedHandle<H> permits IndexRules, IndexSynonyms {

    /** Objects read per page when iterating over all of them. */
    static final int PAGE_SIZE = 1000;

    /**
     * What differs between rules and synonyms: endpoints (each with {@code {indexName}} in its path), types, how
     * an object names itself and how a search response pages.
     *
     * @param save           creates or replaces one object ({@code {objectID}} in the path)
     * @param saveAll        creates or replaces a set
     * @param get            reads one object ({@code {objectID}} in the path)
     * @param delete         deletes one object ({@code {objectID}} in the path)
     * @param clear          deletes every object
     * @param search         searches the objects
     * @param replaceAllFlag the query parameter of {@code saveAll} that removes every other object
     * @param type           the object type
     * @param objectID       reads an object's ID
     * @param responseType   the search response type
     * @param pageQuery      the query reading one page of every object
     * @param pageOf         the items and next page number of a search response, given the page asked
     */
    record Kind<T, Q, R>(
            Endpoint save,
            Endpoint saveAll,
            Endpoint get,
            Endpoint delete,
            Endpoint clear,
            Endpoint search,
            String replaceAllFlag,
            Class<T> type,
            Function<T, String> objectID,
            Class<R> responseType,
            IntFunction<Q> pageQuery,
            BiFunction<Integer, R, Page<T, Integer>> pageOf) {}

    private final Kind<T, Q, R> kind;
    private final boolean forwardToReplicas;

    IndexConfigObjects(CallScope scope, Kind<T, Q, R> kind, boolean forwardToReplicas) {
        super(scope);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.forwardToReplicas = forwardToReplicas;
    }

    /**
     * The same handle over another scope, with the given replica forwarding.
     *
     * @param scope             the scope
     * @param forwardToReplicas whether writes also apply to the index's replicas
     * @return the handle
     */
    abstract H with(CallScope scope, boolean forwardToReplicas);

    @Override
    protected final H withScope(CallScope scope) {
        return with(scope, forwardToReplicas);
    }

    /**
     * Whether this handle's writes also apply to the replicas of this index.
     *
     * @return true for a handle from a {@link SearchIndex#forwardingToReplicas()} view
     */
    public final boolean forwardsToReplicas() {
        return forwardToReplicas;
    }

    /**
     * Creates or replaces one object, by its objectID.
     *
     * @param object the object
     * @return the task, {@code updatedAt} and the objectID
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final ObjectUpdatedResponse save(T object) {
        Objects.requireNonNull(object, "object");
        return saveRequest(object).execute(ObjectUpdatedResponse.class);
    }

    /**
     * Asynchronous form of {@link #save(Object)}. Cancelling the future cancels the call.
     *
     * @param object the object
     * @return a future of the task, {@code updatedAt} and the objectID; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<ObjectUpdatedResponse> saveAsync(T object) {
        Objects.requireNonNull(object, "object");
        return saveRequest(object).executeAsync(ObjectUpdatedResponse.class);
    }

    /**
     * Creates or replaces several objects by objectID; the others stay.
     *
     * @param objects the objects
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final UpdateTaskResponse saveAll(List<T> objects) {
        return saveAllRequest(objects, false).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #saveAll(List)}. Cancelling the future cancels the call.
     *
     * @param objects the objects
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<UpdateTaskResponse> saveAllAsync(List<T> objects) {
        return saveAllRequest(objects, false).executeAsync(UpdateTaskResponse.class);
    }

    /**
     * Replaces every object of this kind in this index with these, in one atomic write: searches see the old set
     * or the new one, never a mix.
     *
     * @param objects the new objects
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final UpdateTaskResponse replaceAll(List<T> objects) {
        return saveAllRequest(objects, true).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #replaceAll(List)}. Cancelling the future cancels the call.
     *
     * @param objects the new objects
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<UpdateTaskResponse> replaceAllAsync(List<T> objects) {
        return saveAllRequest(objects, true).executeAsync(UpdateTaskResponse.class);
    }

    /**
     * Reads one object.
     *
     * @param objectID the objectID
     * @return the object
     * @throws io.quarry.core.NotFoundException if there is no such object
     */
    public final T get(String objectID) {
        return getRequest(objectID).execute(kind.type());
    }

    /**
     * Asynchronous form of {@link #get(String)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @return a future of the object; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<T> getAsync(String objectID) {
        return getRequest(objectID).executeAsync(kind.type());
    }

    /**
     * Deletes one object.
     *
     * @param objectID the objectID
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final DeleteTaskResponse delete(String objectID) {
        return objectRequest(kind.delete(), objectID).execute(DeleteTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #delete(String)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<DeleteTaskResponse> deleteAsync(String objectID) {
        return objectRequest(kind.delete(), objectID).executeAsync(DeleteTaskResponse.class);
    }

    /**
     * Deletes every object of this kind from this index.
     *
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final UpdateTaskResponse clear() {
        return writeRequest(kind.clear()).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #clear()}. Cancelling the future cancels the call.
     *
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<UpdateTaskResponse> clearAsync() {
        return writeRequest(kind.clear()).executeAsync(UpdateTaskResponse.class);
    }

    /**
     * Searches the objects; {@link #browse()} iterates over all of them.
     *
     * @param query the search
     * @return a page of objects
     * @throws io.quarry.core.QuarryException on any failure
     */
    public final R search(Q query) {
        return searchRequest(query).execute(kind.responseType());
    }

    /**
     * Asynchronous form of {@link #search(Object)}. Cancelling the future cancels the call.
     *
     * @param query the search
     * @return a future of a page of objects; it fails with a {@link io.quarry.core.QuarryException}
     */
    public final CompletableFuture<R> searchAsync(Q query) {
        return searchRequest(query).executeAsync(kind.responseType());
    }

    /**
     * Every object, read lazily page by page (1000 a page). A call observer sees the calls of one iteration inside
     * one composite call ({@code browseRules}, {@code browseSynonyms}); close the iterator or stream when stopping
     * early (see {@link PagedIterable}).
     *
     * @return the lazy sequence
     */
    public final PagedIterable<T> browse() {
        return PagedIterable.inCompositeCall(
                scope(),
                browseOperation(),
                0,
                (scope, page) -> kind.pageOf()
                        .apply(page, withScope(scope).search(kind.pageQuery().apply(page))),
                page -> searchAsync(kind.pageQuery().apply(page))
                        .thenApply(r -> kind.pageOf().apply(page, r)));
    }

    /**
     * Asynchronous form of {@link #browse()}: reads every page without blocking.
     *
     * @return the future objects
     */
    public final CompletableFuture<List<T>> browseAsync() {
        return scope().compositeCallAsync(
                        browseOperation(), scope -> withScope(scope).browse().toListAsync());
    }

    /** {@return {@code browseRules} for rules (whose search is {@code searchRules}), and so on} */
    private String browseOperation() {
        return "browse" + kind.search().operation().substring("search".length());
    }

    private ApiRequest saveRequest(T object) {
        return objectRequest(kind.save(), kind.objectID().apply(object)).body(object);
    }

    private ApiRequest saveAllRequest(List<T> objects, boolean replaceAll) {
        return writeRequest(kind.saveAll())
                .query(kind.replaceAllFlag(), replaceAll ? Boolean.TRUE : null)
                .body(Objects.requireNonNull(objects, "objects"));
    }

    private ApiRequest searchRequest(Q query) {
        return scope().request(kind.search()).body(Objects.requireNonNull(query, "query"));
    }

    private ApiRequest getRequest(String objectID) {
        return scope().request(kind.get()).path("objectID", objectID);
    }

    private ApiRequest objectRequest(Endpoint endpoint, String objectID) {
        return writeRequest(endpoint).path("objectID", objectID);
    }

    private ApiRequest writeRequest(Endpoint endpoint) {
        return scope().request(endpoint).query("forwardToReplicas", forwardToReplicas ? Boolean.TRUE : null);
    }
}
