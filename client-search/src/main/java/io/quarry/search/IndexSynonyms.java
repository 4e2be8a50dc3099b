package io.quarry.search;

import io.quarry.core.RequestOptions;
import io.quarry.search.internal.IndexObjectCalls;
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

    private static final IndexObjectCalls.Routes ROUTES = new IndexObjectCalls.Routes(Endpoints.SAVE_SYNONYM,
            Endpoints.SAVE_SYNONYMS, Endpoints.GET_SYNONYM, Endpoints.DELETE_SYNONYM, Endpoints.CLEAR_SYNONYMS,
            Endpoints.SEARCH_SYNONYMS,
            "replaceExistingSynonyms");

    private final IndexObjectCalls<Synonym, SynonymQuery, SearchSynonymsResponse> calls;

    IndexSynonyms(Scope scope) {
        this.calls = new IndexObjectCalls<>(scope, ROUTES, Synonym.class, Synonym::objectID,
                SearchSynonymsResponse.class,
                page -> SynonymQuery.of("").page(page).hitsPerPage(IndexObjectCalls.PAGE_SIZE), IndexSynonyms::page);
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
        return calls.save(synonym, forwardToReplicas, options);
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
        return calls.saveAsync(synonym, forwardToReplicas, options);
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
        return calls.saveAll(synonyms, forwardToReplicas, replaceExistingSynonyms, options);
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
        return calls.saveAllAsync(synonyms, forwardToReplicas, replaceExistingSynonyms, options);
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
        return calls.get(objectID, options);
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
        return calls.getAsync(objectID, options);
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
        return calls.delete(objectID, forwardToReplicas, options);
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
        return calls.deleteAsync(objectID, forwardToReplicas, options);
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
        return calls.clear(forwardToReplicas, options);
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
        return calls.clearAsync(forwardToReplicas, options);
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
        return calls.search(query, options);
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
        return calls.searchAsync(query, options);
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

    /**
     * Every synonym of this index, read lazily page by page. Needs the {@code settings} right.
     *
     * @return the lazy sequence
     */
    public PagedIterable<Synonym> browse() {
        return new PagedIterable<>(calls::iterator);
    }

    /**
     * Asynchronous form of {@link #browse()}.
     *
     * @return the future synonyms
     */
    public CompletableFuture<List<Synonym>> browseAsync() {
        return calls.collectAsync();
    }

    // Synonym search answers only nbHits: the page count follows from it and the page asked.
    private static Page<Synonym, Integer> page(int asked, SearchSynonymsResponse response) {
        int pageSize = IndexObjectCalls.PAGE_SIZE;
        int nbPages = (int) ((response.nbHits() + pageSize - 1) / pageSize);
        return new Page<>(response.hits(), Pages.nextPage(asked, response.hits().size(), nbPages, pageSize));
    }
}
