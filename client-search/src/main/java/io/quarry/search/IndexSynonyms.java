package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.RequestOptions;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.Scope;
import io.quarry.search.model.SearchSynonymsResponse;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;
import io.quarry.search.model.WriteResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The synonyms of one index: save, read, delete, clear, search, and lazy iteration over all of them. Obtained
 * from {@link SearchIndex#synonyms()}; cheap, immutable and thread-safe.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Writes are acknowledged before they apply: wait for the returned task with
 * {@link SearchIndex#waitForTask(long)}.
 */
public final class IndexSynonyms {

    private static final int PAGE_SIZE = 1000;

    private final Scope calls;

    IndexSynonyms(Scope calls) {
        this.calls = calls;
    }

    /**
     * Creates or replaces a synonym.
     *
     * <p>Key right: editSettings.
     *
     * @param synonym the synonym
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task, {@code updatedAt} and the ID
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse save(Synonym synonym, boolean forwardToReplicas, RequestOptions options) {
        return saveRequest(synonym, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #save(Synonym, boolean, RequestOptions)} with default options.
     *
     * @param synonym the synonym
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return the task, {@code updatedAt} and the ID
     */
    public WriteResponse save(Synonym synonym, boolean forwardToReplicas) {
        return save(synonym, forwardToReplicas, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #save(Synonym, boolean, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param synonym the synonym
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options; null for none
     * @return a future of the task, {@code updatedAt} and the ID; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> saveAsync(Synonym synonym, boolean forwardToReplicas,
                                                      RequestOptions options) {
        return saveRequest(synonym, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #save(Synonym, boolean)}.
     *
     * @param synonym the synonym
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return a future of the task, {@code updatedAt} and the ID
     */
    public CompletableFuture<WriteResponse> saveAsync(Synonym synonym, boolean forwardToReplicas) {
        return saveAsync(synonym, forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest saveRequest(Synonym synonym, boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.SAVE_SYNONYM, options).path("objectID", synonym.objectID())
                .query("forwardToReplicas", forwardToReplicas).body(synonym);
    }

    /**
     * Creates or replaces several synonyms, optionally replacing all existing ones atomically.
     *
     * <p>Key right: editSettings.
     *
     * @param synonyms the synonyms
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceExistingSynonyms whether every other synonym is removed
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse saveAll(List<Synonym> synonyms, boolean forwardToReplicas, boolean replaceExistingSynonyms,
                                 RequestOptions options) {
        return saveAllRequest(synonyms, forwardToReplicas, replaceExistingSynonyms, options)
                .execute(WriteResponse.class);
    }

    /**
     * Same as {@link #saveAll(List, boolean, boolean, RequestOptions)} with default options.
     *
     * @param synonyms the synonyms
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceExistingSynonyms whether every other synonym is removed
     * @return the task and {@code updatedAt}
     */
    public WriteResponse saveAll(List<Synonym> synonyms, boolean forwardToReplicas, boolean replaceExistingSynonyms) {
        return saveAll(synonyms, forwardToReplicas, replaceExistingSynonyms, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #saveAll(List, boolean, boolean, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param synonyms the synonyms
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceExistingSynonyms whether every other synonym is removed
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> saveAllAsync(List<Synonym> synonyms, boolean forwardToReplicas,
                                                         boolean replaceExistingSynonyms, RequestOptions options) {
        return saveAllRequest(synonyms, forwardToReplicas, replaceExistingSynonyms, options)
                .executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #saveAll(List, boolean, boolean)}.
     *
     * @param synonyms the synonyms
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param replaceExistingSynonyms whether every other synonym is removed
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> saveAllAsync(List<Synonym> synonyms, boolean forwardToReplicas,
                                                         boolean replaceExistingSynonyms) {
        return saveAllAsync(synonyms, forwardToReplicas, replaceExistingSynonyms, RequestOptions.none());
    }

    private ApiRequest saveAllRequest(List<Synonym> synonyms, boolean forwardToReplicas,
                                      boolean replaceExistingSynonyms, RequestOptions options) {
        return calls.request(Endpoints.SAVE_SYNONYMS, options).query("forwardToReplicas", forwardToReplicas)
                .query("replaceExistingSynonyms", replaceExistingSynonyms).body(synonyms);
    }

    /**
     * Reads a synonym.
     *
     * <p>Key right: settings.
     *
     * @param objectID the objectID
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the synonym
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Synonym get(String objectID, RequestOptions options) {
        return getRequest(objectID, options).execute(Synonym.class);
    }

    /**
     * Same as {@link #get(String, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @return the synonym
     */
    public Synonym get(String objectID) {
        return get(objectID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #get(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param options per-request options; null for none
     * @return a future of the synonym; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Synonym> getAsync(String objectID, RequestOptions options) {
        return getRequest(objectID, options).executeAsync(Synonym.class);
    }

    /**
     * Asynchronous form of {@link #get(String)}.
     *
     * @param objectID the objectID
     * @return a future of the synonym
     */
    public CompletableFuture<Synonym> getAsync(String objectID) {
        return getAsync(objectID, RequestOptions.none());
    }

    private ApiRequest getRequest(String objectID, RequestOptions options) {
        return calls.request(Endpoints.GET_SYNONYM, options).path("objectID", objectID);
    }

    /**
     * Deletes a synonym.
     *
     * <p>Key right: editSettings.
     *
     * @param objectID the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse delete(String objectID, boolean forwardToReplicas, RequestOptions options) {
        return deleteRequest(objectID, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #delete(String, boolean, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return the task and {@code deletedAt}
     */
    public WriteResponse delete(String objectID, boolean forwardToReplicas) {
        return delete(objectID, forwardToReplicas, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #delete(String, boolean, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param objectID the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options; null for none
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> deleteAsync(String objectID, boolean forwardToReplicas,
                                                        RequestOptions options) {
        return deleteRequest(objectID, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #delete(String, boolean)}.
     *
     * @param objectID the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return a future of the task and {@code deletedAt}
     */
    public CompletableFuture<WriteResponse> deleteAsync(String objectID, boolean forwardToReplicas) {
        return deleteAsync(objectID, forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest deleteRequest(String objectID, boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.DELETE_SYNONYM, options).path("objectID", objectID)
                .query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * Deletes every synonym of this index.
     *
     * <p>Key right: editSettings.
     *
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse clear(boolean forwardToReplicas, RequestOptions options) {
        return clearRequest(forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #clear(boolean, RequestOptions)} with default options.
     *
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return the task and {@code updatedAt}
     */
    public WriteResponse clear(boolean forwardToReplicas) {
        return clear(forwardToReplicas, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #clear(boolean, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> clearAsync(boolean forwardToReplicas, RequestOptions options) {
        return clearRequest(forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #clear(boolean)}.
     *
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> clearAsync(boolean forwardToReplicas) {
        return clearAsync(forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest clearRequest(boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.CLEAR_SYNONYMS, options).query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * Searches the synonyms of this index; {@link #browse()} iterates over all of them.
     *
     * <p>Key right: settings.
     *
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of synonyms
     * @throws io.quarry.core.QuarryException on any failure
     */
    public SearchSynonymsResponse search(SynonymQuery query, RequestOptions options) {
        return searchRequest(query, options).execute(SearchSynonymsResponse.class);
    }

    /**
     * Same as {@link #search(SynonymQuery, RequestOptions)} with default options.
     *
     * @param query the search
     * @return a page of synonyms
     */
    public SearchSynonymsResponse search(SynonymQuery query) {
        return search(query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #search(SynonymQuery, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of synonyms; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<SearchSynonymsResponse> searchAsync(SynonymQuery query, RequestOptions options) {
        return searchRequest(query, options).executeAsync(SearchSynonymsResponse.class);
    }

    /**
     * Asynchronous form of {@link #search(SynonymQuery)}.
     *
     * @param query the search
     * @return a future of a page of synonyms
     */
    public CompletableFuture<SearchSynonymsResponse> searchAsync(SynonymQuery query) {
        return searchAsync(query, RequestOptions.none());
    }

    private ApiRequest searchRequest(SynonymQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_SYNONYMS, options).body(query);
    }

    /**
     * Every synonym of this index, read lazily page by page. Needs the {@code settings} right.
     *
     * @return the lazy sequence
     */
    public PagedIterable<Synonym> browse() {
        return new PagedIterable<>(() -> Pages.iterator(0,
                page -> synonymPage(page, search(synonymQuery(page)))));
    }

    /**
     * Asynchronous form of {@link #browse()}.
     *
     * @return the future synonyms
     */
    public CompletableFuture<List<Synonym>> browseAsync() {
        return Pages.collectAsync(0, page -> searchAsync(synonymQuery(page))
                .thenApply(r -> synonymPage(page, r)));
    }

    private static SynonymQuery synonymQuery(int page) {
        return SynonymQuery.of("").page(page).hitsPerPage(PAGE_SIZE);
    }

    private static Page<Synonym, Integer> synonymPage(int page, SearchSynonymsResponse response) {
        int nbPages = (int) ((response.nbHits() + PAGE_SIZE - 1) / PAGE_SIZE);
        return new Page<>(response.hits(), Pages.nextPage(page, response.hits().size(), nbPages, PAGE_SIZE));
    }
}
