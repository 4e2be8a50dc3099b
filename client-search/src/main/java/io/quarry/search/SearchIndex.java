package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.NotFoundException;
import io.quarry.core.RequestOptions;
import io.quarry.search.internal.ChunkedWriter;
import io.quarry.search.internal.JsonBody;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.Poller;
import io.quarry.search.internal.ResponseTypes;
import io.quarry.search.internal.Scope;
import io.quarry.search.internal.UrlParams;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.FacetSearchResponse;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.TaskStatus;
import io.quarry.search.model.WriteResponse;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One index of the application: search, browse and facet search, records (single calls, batches, and chunked
 * {@code saveObjects}/{@code deleteObjects}/{@code partialUpdateObjects}/{@code replaceAllObjects}), settings,
 * tasks, and copy, move, delete. Synonyms, rules and index-specific API keys have their own handles:
 * {@link #synonyms()}, {@link #rules()}, {@link #apiKeys()}. Obtained from {@link SearchClient#index(String)};
 * cheap, immutable and thread-safe. It shares its client's connections: closing the client ends it.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Writes are acknowledged before they apply: wait for the returned task with
 * {@link #waitForTask(long)} when the next step must see them.
 */
public final class SearchIndex {

    private final Scope calls;

    SearchIndex(Scope calls) {
        this.calls = calls;
    }

    /** @return the index name */
    public String name() {
        return calls.indexName();
    }

    /** The index name. */
    @Override
    public String toString() {
        return "SearchIndex{" + name() + "}";
    }

    /**
     * The synonyms of this index (no call is made).
     *
     * @return the handle
     */
    public IndexSynonyms synonyms() {
        return new IndexSynonyms(calls);
    }

    /**
     * The rules of this index (no call is made).
     *
     * @return the handle
     */
    public IndexRules rules() {
        return new IndexRules(calls);
    }

    /**
     * The API keys limited to this index (no call is made).
     *
     * @return the handle
     */
    public IndexApiKeys apiKeys() {
        return new IndexApiKeys(calls);
    }

    /**
     * Searches this index (POST, the form browsers can cache preflight requests for).
     *
     * <p>Key right: search.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page of hits, decoded into {@code type}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> search(SearchQuery query, Class<T> type, RequestOptions options) {
        return SearchResponse.of(searchRequest(query, options).execute(ResponseTypes.search(type)));
    }

    /**
     * Same as {@link #search(SearchQuery, Class, RequestOptions)} with default options.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page of hits, decoded into {@code type}
     */
    public <T> SearchResponse<T> search(SearchQuery query, Class<T> type) {
        return search(query, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #search(SearchQuery, Class, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the page of hits, decoded into {@code type}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> searchAsync(SearchQuery query, Class<T> type,
                                                                RequestOptions options) {
        return searchRequest(query, options).executeAsync(ResponseTypes.search(type))
                .thenApply(SearchResponse::of);
    }

    /**
     * Asynchronous form of {@link #search(SearchQuery, Class)}.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page of hits, decoded into {@code type}
     */
    public <T> CompletableFuture<SearchResponse<T>> searchAsync(SearchQuery query, Class<T> type) {
        return searchAsync(query, type, RequestOptions.none());
    }

    private ApiRequest searchRequest(SearchQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH, options).body(query);
    }

    /**
     * Searches this index with the parameters in the query string (each distinct URL needs its own CORS preflight, so
     * prefer {@link #search(SearchQuery, Class)}).
     *
     * <p>Key right: search.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page of hits, decoded into {@code type}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> searchWithGet(SearchQuery query, Class<T> type, RequestOptions options) {
        return SearchResponse.of(searchWithGetRequest(query, options).execute(ResponseTypes.search(type)));
    }

    /**
     * Same as {@link #searchWithGet(SearchQuery, Class, RequestOptions)} with default options.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page of hits, decoded into {@code type}
     */
    public <T> SearchResponse<T> searchWithGet(SearchQuery query, Class<T> type) {
        return searchWithGet(query, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchWithGet(SearchQuery, Class, RequestOptions)}. Cancelling the future cancels
     * the call.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the page of hits, decoded into {@code type}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> searchWithGetAsync(SearchQuery query, Class<T> type,
                                                                       RequestOptions options) {
        return searchWithGetRequest(query, options).executeAsync(ResponseTypes.search(type))
                .thenApply(SearchResponse::of);
    }

    /**
     * Asynchronous form of {@link #searchWithGet(SearchQuery, Class)}.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page of hits, decoded into {@code type}
     */
    public <T> CompletableFuture<SearchResponse<T>> searchWithGetAsync(SearchQuery query, Class<T> type) {
        return searchWithGetAsync(query, type, RequestOptions.none());
    }

    private ApiRequest searchWithGetRequest(SearchQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_GET, options).query(UrlParams.of(query));
    }

    /**
     * Searches the values of a facet (declared {@code searchable(...)} in attributesForFaceting); pagination does not
     * apply.
     *
     * <p>Key right: search.
     *
     * @param facetName the facet attribute
     * @param facetQuery the text to look for in the values
     * @param query search parameters restricting the records counted, or null
     * @param maxFacetHits most values returned, 1 to 100, or null for the default 10
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the matching values by decreasing count
     * @throws io.quarry.core.QuarryException on any failure
     */
    public FacetSearchResponse searchForFacetValues(String facetName, String facetQuery, SearchQuery query,
                                                    Integer maxFacetHits, RequestOptions options) {
        return searchForFacetValuesRequest(facetName, facetQuery, query, maxFacetHits, options)
                .execute(FacetSearchResponse.class);
    }

    /**
     * Same as {@link #searchForFacetValues(String, String, SearchQuery, Integer, RequestOptions)} with default
     * options.
     *
     * @param facetName the facet attribute
     * @param facetQuery the text to look for in the values
     * @param query search parameters restricting the records counted, or null
     * @param maxFacetHits most values returned, 1 to 100, or null for the default 10
     * @return the matching values by decreasing count
     */
    public FacetSearchResponse searchForFacetValues(String facetName, String facetQuery, SearchQuery query,
                                                    Integer maxFacetHits) {
        return searchForFacetValues(facetName, facetQuery, query, maxFacetHits, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchForFacetValues(String, String, SearchQuery, Integer, RequestOptions)}.
     * Cancelling the future cancels the call.
     *
     * @param facetName the facet attribute
     * @param facetQuery the text to look for in the values
     * @param query search parameters restricting the records counted, or null
     * @param maxFacetHits most values returned, 1 to 100, or null for the default 10
     * @param options per-request options; null for none
     * @return a future of the matching values by decreasing count; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<FacetSearchResponse> searchForFacetValuesAsync(String facetName, String facetQuery,
                                                                            SearchQuery query, Integer maxFacetHits,
                                                                            RequestOptions options) {
        return searchForFacetValuesRequest(facetName, facetQuery, query, maxFacetHits, options)
                .executeAsync(FacetSearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchForFacetValues(String, String, SearchQuery, Integer)}.
     *
     * @param facetName the facet attribute
     * @param facetQuery the text to look for in the values
     * @param query search parameters restricting the records counted, or null
     * @param maxFacetHits most values returned, 1 to 100, or null for the default 10
     * @return a future of the matching values by decreasing count
     */
    public CompletableFuture<FacetSearchResponse> searchForFacetValuesAsync(String facetName, String facetQuery,
                                                                            SearchQuery query, Integer maxFacetHits) {
        return searchForFacetValuesAsync(facetName, facetQuery, query, maxFacetHits, RequestOptions.none());
    }

    private ApiRequest searchForFacetValuesRequest(String facetName, String facetQuery, SearchQuery query,
                                                   Integer maxFacetHits, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_FOR_FACET_VALUES, options).path("facetName", facetName)
                .body(JsonBody.of("params", query == null ? null : query.toParamString(), "facetQuery", facetQuery,
                "maxFacetHits", maxFacetHits));
    }

    /**
     * Reads the first page (up to 1000 records) of a browse over this index; follow {@link SearchResponse#cursor()}
     * with {@link #browseFrom(String, Class)}, or use {@link #browseObjects(SearchQuery, Class)} for all records.
     * Only custom ranking applies; {@code distinct} is not supported.
     *
     * <p>Key right: browse.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page with the cursor of the next one
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> browse(SearchQuery query, Class<T> type, RequestOptions options) {
        return SearchResponse.of(browseRequest(query, options).execute(ResponseTypes.search(type)));
    }

    /**
     * Same as {@link #browse(SearchQuery, Class, RequestOptions)} with default options.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page with the cursor of the next one
     */
    public <T> SearchResponse<T> browse(SearchQuery query, Class<T> type) {
        return browse(query, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #browse(SearchQuery, Class, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the page with the cursor of the next one; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> browseAsync(SearchQuery query, Class<T> type,
                                                                RequestOptions options) {
        return browseRequest(query, options).executeAsync(ResponseTypes.search(type))
                .thenApply(SearchResponse::of);
    }

    /**
     * Asynchronous form of {@link #browse(SearchQuery, Class)}.
     *
     * @param query the search parameters
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page with the cursor of the next one
     */
    public <T> CompletableFuture<SearchResponse<T>> browseAsync(SearchQuery query, Class<T> type) {
        return browseAsync(query, type, RequestOptions.none());
    }

    private ApiRequest browseRequest(SearchQuery query, RequestOptions options) {
        return calls.request(Endpoints.BROWSE, options).body(JsonBody.of("params", query.toParamString()));
    }

    /**
     * Reads the next page of a browse.
     *
     * <p>Key right: browse.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page with the cursor of the next one, absent at the end
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> browseFrom(String cursor, Class<T> type, RequestOptions options) {
        return SearchResponse.of(browseFromRequest(cursor, options).execute(ResponseTypes.search(type)));
    }

    /**
     * Same as {@link #browseFrom(String, Class, RequestOptions)} with default options.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page with the cursor of the next one, absent at the end
     */
    public <T> SearchResponse<T> browseFrom(String cursor, Class<T> type) {
        return browseFrom(cursor, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #browseFrom(String, Class, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the page with the cursor of the next one, absent at the end; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> browseFromAsync(String cursor, Class<T> type,
                                                                    RequestOptions options) {
        return browseFromRequest(cursor, options).executeAsync(ResponseTypes.search(type))
                .thenApply(SearchResponse::of);
    }

    /**
     * Asynchronous form of {@link #browseFrom(String, Class)}.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page with the cursor of the next one, absent at the end
     */
    public <T> CompletableFuture<SearchResponse<T>> browseFromAsync(String cursor, Class<T> type) {
        return browseFromAsync(cursor, type, RequestOptions.none());
    }

    private ApiRequest browseFromRequest(String cursor, RequestOptions options) {
        return calls.request(Endpoints.BROWSE, options).body(JsonBody.of("cursor", cursor));
    }

    /**
     * Reads a page of a browse with the parameters, or the cursor, in the query string.
     *
     * <p>Key right: browse.
     *
     * @param query the parameters (first page), or null
     * @param cursor the cursor of the previous page, or null for the first
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the page with the cursor of the next one
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> browseWithGet(SearchQuery query, String cursor, Class<T> type,
                                               RequestOptions options) {
        return SearchResponse.of(browseWithGetRequest(query, cursor, options).execute(ResponseTypes.search(type)));
    }

    /**
     * Same as {@link #browseWithGet(SearchQuery, String, Class, RequestOptions)} with default options.
     *
     * @param query the parameters (first page), or null
     * @param cursor the cursor of the previous page, or null for the first
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page with the cursor of the next one
     */
    public <T> SearchResponse<T> browseWithGet(SearchQuery query, String cursor, Class<T> type) {
        return browseWithGet(query, cursor, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #browseWithGet(SearchQuery, String, Class, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param query the parameters (first page), or null
     * @param cursor the cursor of the previous page, or null for the first
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the page with the cursor of the next one; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> browseWithGetAsync(SearchQuery query, String cursor, Class<T> type,
                                                                       RequestOptions options) {
        return browseWithGetRequest(query, cursor, options).executeAsync(ResponseTypes.search(type))
                .thenApply(SearchResponse::of);
    }

    /**
     * Asynchronous form of {@link #browseWithGet(SearchQuery, String, Class)}.
     *
     * @param query the parameters (first page), or null
     * @param cursor the cursor of the previous page, or null for the first
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page with the cursor of the next one
     */
    public <T> CompletableFuture<SearchResponse<T>> browseWithGetAsync(SearchQuery query, String cursor,
                                                                       Class<T> type) {
        return browseWithGetAsync(query, cursor, type, RequestOptions.none());
    }

    private ApiRequest browseWithGetRequest(SearchQuery query, String cursor, RequestOptions options) {
        return calls.request(Endpoints.BROWSE_GET, options).query(UrlParams.of(query)).query("cursor", cursor);
    }

    /**
     * Adds a record, the service assigning its objectID (201).
     *
     * <p>Key right: addObject. Not idempotent: if the answer is lost and the call is retried, the record can be added
     * twice. Give records an objectID and use {@link #saveObject(String, Object)} to be safe.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task, the assigned objectID and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse addObject(Object record, RequestOptions options) {
        return addObjectRequest(record, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #addObject(Object, RequestOptions)} with default options.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @return the task, the assigned objectID and {@code createdAt}
     */
    public WriteResponse addObject(Object record) {
        return addObject(record, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #addObject(Object, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @param options per-request options; null for none
     * @return a future of the task, the assigned objectID and {@code createdAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> addObjectAsync(Object record, RequestOptions options) {
        return addObjectRequest(record, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #addObject(Object)}.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @return a future of the task, the assigned objectID and {@code createdAt}
     */
    public CompletableFuture<WriteResponse> addObjectAsync(Object record) {
        return addObjectAsync(record, RequestOptions.none());
    }

    private ApiRequest addObjectRequest(Object record, RequestOptions options) {
        return calls.request(Endpoints.ADD_OBJECT, options).body(record);
    }

    /**
     * Adds or replaces the record with an objectID; attributes not sent are removed.
     *
     * <p>Key right: addObject.
     *
     * @param objectID the objectID
     * @param record the record
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse saveObject(String objectID, Object record, RequestOptions options) {
        return saveObjectRequest(objectID, record, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #saveObject(String, Object, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @param record the record
     * @return the task and {@code updatedAt}
     */
    public WriteResponse saveObject(String objectID, Object record) {
        return saveObject(objectID, record, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #saveObject(String, Object, RequestOptions)}. Cancelling the future cancels the
     * call.
     *
     * @param objectID the objectID
     * @param record the record
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> saveObjectAsync(String objectID, Object record, RequestOptions options) {
        return saveObjectRequest(objectID, record, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #saveObject(String, Object)}.
     *
     * @param objectID the objectID
     * @param record the record
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> saveObjectAsync(String objectID, Object record) {
        return saveObjectAsync(objectID, record, RequestOptions.none());
    }

    private ApiRequest saveObjectRequest(String objectID, Object record, RequestOptions options) {
        return calls.request(Endpoints.SAVE_OBJECT, options).path("objectID", objectID).body(record);
    }

    /**
     * Deletes a record.
     *
     * <p>Key right: deleteObject.
     *
     * @param objectID the objectID
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse deleteObject(String objectID, RequestOptions options) {
        return deleteObjectRequest(objectID, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #deleteObject(String, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @return the task and {@code deletedAt}
     */
    public WriteResponse deleteObject(String objectID) {
        return deleteObject(objectID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #deleteObject(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param options per-request options; null for none
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> deleteObjectAsync(String objectID, RequestOptions options) {
        return deleteObjectRequest(objectID, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteObject(String)}.
     *
     * @param objectID the objectID
     * @return a future of the task and {@code deletedAt}
     */
    public CompletableFuture<WriteResponse> deleteObjectAsync(String objectID) {
        return deleteObjectAsync(objectID, RequestOptions.none());
    }

    private ApiRequest deleteObjectRequest(String objectID, RequestOptions options) {
        return calls.request(Endpoints.DELETE_OBJECT, options).path("objectID", objectID);
    }

    /**
     * Deletes the records matching filters (facet, numeric, tag filters and geo parameters only; empty filters are
     * refused).
     *
     * <p>Key right: deleteIndex.
     *
     * @param filters the filters, e.g. {@code SearchQuery.empty().filters("brand:Acme")}
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse deleteBy(SearchQuery filters, RequestOptions options) {
        return deleteByRequest(filters, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #deleteBy(SearchQuery, RequestOptions)} with default options.
     *
     * @param filters the filters, e.g. {@code SearchQuery.empty().filters("brand:Acme")}
     * @return the task and {@code deletedAt}
     */
    public WriteResponse deleteBy(SearchQuery filters) {
        return deleteBy(filters, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #deleteBy(SearchQuery, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param filters the filters, e.g. {@code SearchQuery.empty().filters("brand:Acme")}
     * @param options per-request options; null for none
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> deleteByAsync(SearchQuery filters, RequestOptions options) {
        return deleteByRequest(filters, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteBy(SearchQuery)}.
     *
     * @param filters the filters, e.g. {@code SearchQuery.empty().filters("brand:Acme")}
     * @return a future of the task and {@code deletedAt}
     */
    public CompletableFuture<WriteResponse> deleteByAsync(SearchQuery filters) {
        return deleteByAsync(filters, RequestOptions.none());
    }

    private ApiRequest deleteByRequest(SearchQuery filters, RequestOptions options) {
        return calls.request(Endpoints.DELETE_BY, options).body(JsonBody.of("params", filters.toParamString()));
    }

    /**
     * Deletes every record, keeping settings, synonyms, rules and index keys.
     *
     * <p>Key right: deleteIndex.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse clearObjects(RequestOptions options) {
        return clearObjectsRequest(options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #clearObjects(RequestOptions)} with default options.
     *
     * @return the task and {@code updatedAt}
     */
    public WriteResponse clearObjects() {
        return clearObjects(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #clearObjects(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> clearObjectsAsync(RequestOptions options) {
        return clearObjectsRequest(options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #clearObjects()}.
     *
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> clearObjectsAsync() {
        return clearObjectsAsync(RequestOptions.none());
    }

    private ApiRequest clearObjectsRequest(RequestOptions options) {
        return calls.request(Endpoints.CLEAR_OBJECTS, options);
    }

    /**
     * Sets some first-level attributes of a record; values can be {@link AttributeOperation}s.
     *
     * <p>Key right: addObject. Increment, Decrement and Add are not idempotent: a retried call can apply them twice
     * (IncrementFrom and IncrementSet are safe).
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @param createIfNotExists whether a missing record is created from an empty one
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse partialUpdateObject(String objectID, Object attributes, boolean createIfNotExists,
                                             RequestOptions options) {
        return partialUpdateObjectRequest(objectID, attributes, createIfNotExists, options)
                .execute(WriteResponse.class);
    }

    /**
     * Same as {@link #partialUpdateObject(String, Object, boolean, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @param createIfNotExists whether a missing record is created from an empty one
     * @return the task and {@code updatedAt}
     */
    public WriteResponse partialUpdateObject(String objectID, Object attributes, boolean createIfNotExists) {
        return partialUpdateObject(objectID, attributes, createIfNotExists, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #partialUpdateObject(String, Object, boolean, RequestOptions)}. Cancelling the
     * future cancels the call.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @param createIfNotExists whether a missing record is created from an empty one
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> partialUpdateObjectAsync(String objectID, Object attributes,
                                                                     boolean createIfNotExists,
                                                                     RequestOptions options) {
        return partialUpdateObjectRequest(objectID, attributes, createIfNotExists, options)
                .executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #partialUpdateObject(String, Object, boolean)}.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @param createIfNotExists whether a missing record is created from an empty one
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> partialUpdateObjectAsync(String objectID, Object attributes,
                                                                     boolean createIfNotExists) {
        return partialUpdateObjectAsync(objectID, attributes, createIfNotExists, RequestOptions.none());
    }

    private ApiRequest partialUpdateObjectRequest(String objectID, Object attributes, boolean createIfNotExists,
                                                  RequestOptions options) {
        return calls.request(Endpoints.PARTIAL_UPDATE_OBJECT, options).path("objectID", objectID)
                .query("createIfNotExists", createIfNotExists).body(attributes);
    }

    /**
     * Applies several write operations to this index, in order, as one task. Chunking large sets is
     * {@link #saveObjects(Collection, BatchOptions)}'s job.
     *
     * <p>Key right: depends on the operations (addObject, deleteObject, deleteIndex). Operations adding records
     * without objectID are not idempotent: a retry can add them twice.
     *
     * @param operations the operations
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and the objectIDs
     * @throws io.quarry.core.QuarryException on any failure
     */
    public BatchResponse batch(List<BatchOperation> operations, RequestOptions options) {
        return batchRequest(operations, options).execute(BatchResponse.class);
    }

    /**
     * Same as {@link #batch(List, RequestOptions)} with default options.
     *
     * @param operations the operations
     * @return the task and the objectIDs
     */
    public BatchResponse batch(List<BatchOperation> operations) {
        return batch(operations, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #batch(List, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param operations the operations
     * @param options per-request options; null for none
     * @return a future of the task and the objectIDs; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BatchResponse> batchAsync(List<BatchOperation> operations, RequestOptions options) {
        return batchRequest(operations, options).executeAsync(BatchResponse.class);
    }

    /**
     * Asynchronous form of {@link #batch(List)}.
     *
     * @param operations the operations
     * @return a future of the task and the objectIDs
     */
    public CompletableFuture<BatchResponse> batchAsync(List<BatchOperation> operations) {
        return batchAsync(operations, RequestOptions.none());
    }

    private ApiRequest batchRequest(List<BatchOperation> operations, RequestOptions options) {
        return calls.request(Endpoints.BATCH, options).body(JsonBody.of("requests", operations));
    }

    /**
     * Reads one record (the key right is not shown in the specification; the real service asks for {@code search}).
     *
     * <p>Key right: search.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the record
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> T getObject(String objectID, Class<T> type, RequestOptions options) {
        return getObjectRequest(objectID, options).execute(type);
    }

    /**
     * Same as {@link #getObject(String, Class, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the record
     */
    public <T> T getObject(String objectID, Class<T> type) {
        return getObject(objectID, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getObject(String, Class, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the record; it fails with a {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<T> getObjectAsync(String objectID, Class<T> type, RequestOptions options) {
        return getObjectRequest(objectID, options).executeAsync(type);
    }

    /**
     * Asynchronous form of {@link #getObject(String, Class)}.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the record
     */
    public <T> CompletableFuture<T> getObjectAsync(String objectID, Class<T> type) {
        return getObjectAsync(objectID, type, RequestOptions.none());
    }

    private ApiRequest getObjectRequest(String objectID, RequestOptions options) {
        return calls.request(Endpoints.GET_OBJECT, options).path("objectID", objectID);
    }

    /**
     * Reads some attributes of one record.
     *
     * <p>Key right: search.
     *
     * @param objectID the objectID
     * @param attributesToRetrieve the attributes to return
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the record with those attributes (and objectID)
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> T getObjectAttributes(String objectID, List<String> attributesToRetrieve, Class<T> type,
                                     RequestOptions options) {
        return getObjectAttributesRequest(objectID, attributesToRetrieve, options).execute(type);
    }

    /**
     * Same as {@link #getObjectAttributes(String, List, Class, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @param attributesToRetrieve the attributes to return
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the record with those attributes (and objectID)
     */
    public <T> T getObjectAttributes(String objectID, List<String> attributesToRetrieve, Class<T> type) {
        return getObjectAttributes(objectID, attributesToRetrieve, type, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getObjectAttributes(String, List, Class, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param objectID the objectID
     * @param attributesToRetrieve the attributes to return
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @param options per-request options; null for none
     * @return a future of the record with those attributes (and objectID); it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<T> getObjectAttributesAsync(String objectID, List<String> attributesToRetrieve,
                                                             Class<T> type, RequestOptions options) {
        return getObjectAttributesRequest(objectID, attributesToRetrieve, options).executeAsync(type);
    }

    /**
     * Asynchronous form of {@link #getObjectAttributes(String, List, Class)}.
     *
     * @param objectID the objectID
     * @param attributesToRetrieve the attributes to return
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the record with those attributes (and objectID)
     */
    public <T> CompletableFuture<T> getObjectAttributesAsync(String objectID, List<String> attributesToRetrieve,
                                                             Class<T> type) {
        return getObjectAttributesAsync(objectID, attributesToRetrieve, type, RequestOptions.none());
    }

    private ApiRequest getObjectAttributesRequest(String objectID, List<String> attributesToRetrieve,
                                                  RequestOptions options) {
        return calls.request(Endpoints.GET_OBJECT, options).path("objectID", objectID)
                .query("attributesToRetrieve", attributesToRetrieve);
    }

    /**
     * Reads the status of a task of this index (shape of the real service: {@code published} once applied). Use
     * {@link #waitForTask(long)} to wait.
     *
     * <p>Key right: any key of the application.
     *
     * @param taskID the task
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TaskStatus getTask(long taskID, RequestOptions options) {
        return getTaskRequest(taskID, options).execute(TaskStatus.class);
    }

    /**
     * Same as {@link #getTask(long, RequestOptions)} with default options.
     *
     * @param taskID the task
     * @return the status
     */
    public TaskStatus getTask(long taskID) {
        return getTask(taskID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getTask(long, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param taskID the task
     * @param options per-request options; null for none
     * @return a future of the status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TaskStatus> getTaskAsync(long taskID, RequestOptions options) {
        return getTaskRequest(taskID, options).executeAsync(TaskStatus.class);
    }

    /**
     * Asynchronous form of {@link #getTask(long)}.
     *
     * @param taskID the task
     * @return a future of the status
     */
    public CompletableFuture<TaskStatus> getTaskAsync(long taskID) {
        return getTaskAsync(taskID, RequestOptions.none());
    }

    private ApiRequest getTaskRequest(long taskID, RequestOptions options) {
        return calls.request(Endpoints.GET_TASK, options).path("taskID", taskID);
    }

    /**
     * Deletes this index with its records, settings, synonyms and rules.
     *
     * <p>Key right: deleteIndex.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse delete(RequestOptions options) {
        return deleteRequest(options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #delete(RequestOptions)} with default options.
     *
     * @return the task and {@code deletedAt}
     */
    public WriteResponse delete() {
        return delete(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #delete(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> deleteAsync(RequestOptions options) {
        return deleteRequest(options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #delete()}.
     *
     * @return a future of the task and {@code deletedAt}
     */
    public CompletableFuture<WriteResponse> deleteAsync() {
        return deleteAsync(RequestOptions.none());
    }

    private ApiRequest deleteRequest(RequestOptions options) {
        return calls.request(Endpoints.DELETE_INDEX, options);
    }

    /**
     * Reads the settings of this index.
     *
     * <p>Key right: settings.
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the settings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public IndexSettings getSettings(RequestOptions options) {
        return getSettingsRequest(options).execute(IndexSettings.class);
    }

    /**
     * Same as {@link #getSettings(RequestOptions)} with default options.
     *
     * @return the settings
     */
    public IndexSettings getSettings() {
        return getSettings(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getSettings(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the settings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<IndexSettings> getSettingsAsync(RequestOptions options) {
        return getSettingsRequest(options).executeAsync(IndexSettings.class);
    }

    /**
     * Asynchronous form of {@link #getSettings()}.
     *
     * @return a future of the settings
     */
    public CompletableFuture<IndexSettings> getSettingsAsync() {
        return getSettingsAsync(RequestOptions.none());
    }

    private ApiRequest getSettingsRequest(RequestOptions options) {
        return calls.request(Endpoints.GET_SETTINGS, options);
    }

    /**
     * Changes the settings present in {@code settings}; others are left as they are.
     *
     * <p>Key right: editSettings.
     *
     * @param settings the settings to change
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse setSettings(IndexSettings settings, boolean forwardToReplicas, RequestOptions options) {
        return setSettingsRequest(settings, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #setSettings(IndexSettings, boolean, RequestOptions)} with default options.
     *
     * @param settings the settings to change
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return the task and {@code updatedAt}
     */
    public WriteResponse setSettings(IndexSettings settings, boolean forwardToReplicas) {
        return setSettings(settings, forwardToReplicas, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #setSettings(IndexSettings, boolean, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param settings the settings to change
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> setSettingsAsync(IndexSettings settings, boolean forwardToReplicas,
                                                             RequestOptions options) {
        return setSettingsRequest(settings, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #setSettings(IndexSettings, boolean)}.
     *
     * @param settings the settings to change
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> setSettingsAsync(IndexSettings settings, boolean forwardToReplicas) {
        return setSettingsAsync(settings, forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest setSettingsRequest(IndexSettings settings, boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.SET_SETTINGS, options).query("forwardToReplicas", forwardToReplicas)
                .body(settings);
    }

    /**
     * Copies this index (records, settings, synonyms, rules) over {@code destination}, replacing it; with a scope,
     * copies only those parts and no records.
     *
     * <p>Key right: addObject.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task (of this index) and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse copyTo(String destination, List<CopyScope> scope, RequestOptions options) {
        return copyToRequest(destination, scope, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #copyTo(String, List, RequestOptions)} with default options.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @return the task (of this index) and {@code updatedAt}
     */
    public WriteResponse copyTo(String destination, List<CopyScope> scope) {
        return copyTo(destination, scope, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #copyTo(String, List, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @param options per-request options; null for none
     * @return a future of the task (of this index) and {@code updatedAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> copyToAsync(String destination, List<CopyScope> scope,
                                                        RequestOptions options) {
        return copyToRequest(destination, scope, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #copyTo(String, List)}.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @return a future of the task (of this index) and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> copyToAsync(String destination, List<CopyScope> scope) {
        return copyToAsync(destination, scope, RequestOptions.none());
    }

    private ApiRequest copyToRequest(String destination, List<CopyScope> scope, RequestOptions options) {
        return calls.request(Endpoints.OPERATION_INDEX, options)
                .body(JsonBody.of("operation", "copy", "destination", destination, "scope",
                scope == null || scope.isEmpty() ? null : scope));
    }

    /**
     * Renames this index to {@code destination}, replacing it; this index is then gone.
     *
     * <p>Key right: addObject.
     *
     * @param destination the target index
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task (of this index) and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse moveTo(String destination, RequestOptions options) {
        return moveToRequest(destination, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #moveTo(String, RequestOptions)} with default options.
     *
     * @param destination the target index
     * @return the task (of this index) and {@code updatedAt}
     */
    public WriteResponse moveTo(String destination) {
        return moveTo(destination, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #moveTo(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param destination the target index
     * @param options per-request options; null for none
     * @return a future of the task (of this index) and {@code updatedAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> moveToAsync(String destination, RequestOptions options) {
        return moveToRequest(destination, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #moveTo(String)}.
     *
     * @param destination the target index
     * @return a future of the task (of this index) and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> moveToAsync(String destination) {
        return moveToAsync(destination, RequestOptions.none());
    }

    private ApiRequest moveToRequest(String destination, RequestOptions options) {
        return calls.request(Endpoints.OPERATION_INDEX, options)
                .body(JsonBody.of("operation", "move", "destination", destination));
    }

    /**
     * Waits until a task of this index is applied, polling {@link #getTask(long)} with the default
     * {@link WaitPolicy}.
     *
     * @param taskID the task
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if it is still pending after the last attempt (the task may
     *                                             still complete)
     */
    public TaskStatus waitForTask(long taskID) {
        return waitForTask(taskID, WaitPolicy.defaults());
    }

    /**
     * Waits until a task of this index is applied.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if it is still pending after the last attempt
     */
    public TaskStatus waitForTask(long taskID, WaitPolicy policy) {
        return Poller.poll(taskDescription(taskID), policy,
                () -> Optional.of(getTask(taskID)).filter(TaskStatus::isPublished));
    }

    /**
     * Asynchronous form of {@link #waitForTask(long)}; sleeps are scheduled, no thread is blocked.
     *
     * @param taskID the task
     * @return the future final status; fails with {@link io.quarry.core.WaitTimeoutException} on timeout
     */
    public CompletableFuture<TaskStatus> waitForTaskAsync(long taskID) {
        return waitForTaskAsync(taskID, WaitPolicy.defaults());
    }

    /**
     * Asynchronous form of {@link #waitForTask(long, WaitPolicy)}.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForTaskAsync(long taskID, WaitPolicy policy) {
        return Poller.pollAsync(taskDescription(taskID), policy,
                () -> getTaskAsync(taskID).thenApply(s -> Optional.of(s).filter(TaskStatus::isPublished)));
    }

    /**
     * Every record matching a query, read lazily with browse calls that follow the cursor (up to 1000 records
     * a call). Needs the {@code browse} right.
     *
     * @param query the parameters (filters, attributesToRetrieve, ...)
     * @param type  the record type
     * @param <T>   the record type
     * @return the lazy sequence of records
     */
    public <T> PagedIterable<T> browseObjects(SearchQuery query, Class<T> type) {
        return new PagedIterable<>(() -> Pages.<T, Optional<String>>iterator(Optional.empty(),
                cursor -> browsePage(cursor.isEmpty() ? browse(query, type) : browseFrom(cursor.get(), type))));
    }

    /**
     * Asynchronous form of {@link #browseObjects(SearchQuery, Class)}: reads every page and collects the records.
     *
     * @param query the parameters
     * @param type  the record type
     * @param <T>   the record type
     * @return the future records
     */
    public <T> CompletableFuture<List<T>> browseObjectsAsync(SearchQuery query, Class<T> type) {
        return Pages.<T, Optional<String>>collectAsync(Optional.empty(), cursor ->
                (cursor.isEmpty() ? browseAsync(query, type) : browseFromAsync(cursor.get(), type))
                        .thenApply(SearchIndex::browsePage));
    }

    /**
     * Saves records in batches of 1000 (each record with an objectID replaces the stored one; one without gets
     * an ID from the service, so a retried batch can add it twice). Needs {@code addObject}.
     *
     * @param records the records
     * @return the acknowledgement of each batch
     */
    public List<BatchResponse> saveObjects(Collection<?> records) {
        return saveObjects(records, BatchOptions.defaults());
    }

    /**
     * Saves records in batches. With {@link BatchOptions#assignObjectIDs(boolean)}, records without objectID
     * get a UUID first, so retries cannot duplicate them. Needs {@code addObject}.
     *
     * @param records the records
     * @param options chunk size, waiting, objectID assignment, progress
     * @return the acknowledgement of each batch
     */
    public List<BatchResponse> saveObjects(Collection<?> records, BatchOptions options) {
        return writeChunks(ChunkedWriter.saves(records, options.assignObjectIDs()), options);
    }

    /**
     * Asynchronous form of {@link #saveObjects(Collection, BatchOptions)}; batches are sent one after another.
     *
     * @param records the records
     * @param options chunk size, waiting, objectID assignment, progress
     * @return the future acknowledgements
     */
    public CompletableFuture<List<BatchResponse>> saveObjectsAsync(Collection<?> records, BatchOptions options) {
        return writeChunksAsync(ChunkedWriter.saves(records, options.assignObjectIDs()), options);
    }

    /**
     * Deletes records in batches. Needs {@code deleteObject}.
     *
     * @param objectIDs the records
     * @param options   chunk size, waiting, progress
     * @return the acknowledgement of each batch
     */
    public List<BatchResponse> deleteObjects(Collection<String> objectIDs, BatchOptions options) {
        return writeChunks(ChunkedWriter.deletes(objectIDs), options);
    }

    /**
     * Asynchronous form of {@link #deleteObjects(Collection, BatchOptions)}.
     *
     * @param objectIDs the records
     * @param options   chunk size, waiting, progress
     * @return the future acknowledgements
     */
    public CompletableFuture<List<BatchResponse>> deleteObjectsAsync(Collection<String> objectIDs,
                                                                     BatchOptions options) {
        return writeChunksAsync(ChunkedWriter.deletes(objectIDs), options);
    }

    /**
     * Updates attributes of records in batches; each element carries its {@code objectID}. Values may be
     * {@link AttributeOperation}s (Increment-style ones are not idempotent: a retried batch can apply them
     * twice). Needs {@code addObject}.
     *
     * @param records           attribute sets with objectID
     * @param createIfNotExists whether missing records are created
     * @param options           chunk size, waiting, progress
     * @return the acknowledgement of each batch
     */
    public List<BatchResponse> partialUpdateObjects(Collection<?> records, boolean createIfNotExists,
                                                    BatchOptions options) {
        return writeChunks(ChunkedWriter.partialUpdates(records, createIfNotExists), options);
    }

    /**
     * Asynchronous form of {@link #partialUpdateObjects(Collection, boolean, BatchOptions)}.
     *
     * @param records           attribute sets with objectID
     * @param createIfNotExists whether missing records are created
     * @param options           chunk size, waiting, progress
     * @return the future acknowledgements
     */
    public CompletableFuture<List<BatchResponse>> partialUpdateObjectsAsync(Collection<?> records,
                                                                            boolean createIfNotExists,
                                                                            BatchOptions options) {
        return writeChunksAsync(ChunkedWriter.partialUpdates(records, createIfNotExists), options);
    }

    /**
     * Replaces every record of this index without a moment where searches see a partial set: copies settings,
     * synonyms and rules to a temporary index, writes the records there, waits, then moves it over this index.
     * If any step fails the temporary index is deleted and the error rethrown; this index is then unchanged.
     * Needs {@code addObject}, {@code deleteIndex} (clean-up) and {@code settings}/{@code editSettings}.
     *
     * @param records the new records
     * @param options chunk size, objectID assignment, progress (tasks are always waited for)
     * @return what was done
     */
    public ReplaceAllResponse replaceAllObjects(Collection<?> records, BatchOptions options) {
        return ReplaceAllObjects.run(this, records, options);
    }

    /**
     * Asynchronous form of {@link #replaceAllObjects(Collection, BatchOptions)}.
     *
     * @param records the new records
     * @param options chunk size, objectID assignment, progress
     * @return the future outcome; on failure the temporary index has been deleted
     */
    public CompletableFuture<ReplaceAllResponse> replaceAllObjectsAsync(Collection<?> records, BatchOptions options) {
        return ReplaceAllObjects.runAsync(this, records, options);
    }

    /**
     * Whether this index exists (reads its settings; a 404 means no). Needs {@code settings}.
     *
     * @return true if it exists
     */
    public boolean exists() {
        try {
            getSettings();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /**
     * Asynchronous form of {@link #exists()}.
     *
     * @return the future answer
     */
    public CompletableFuture<Boolean> existsAsync() {
        return getSettingsAsync().handle((settings, error) -> {
            if (error == null) {
                return true;
            }
            Throwable cause = Poller.unwrap(error);
            if (cause instanceof NotFoundException) {
                return false;
            }
            throw new CompletionException(cause);
        });
    }

    /** Another index of the same client, with the same options. */
    SearchIndex sibling(String indexName) {
        return new SearchIndex(calls.forIndex(indexName));
    }

    private String taskDescription(long taskID) {
        return "task " + taskID + " of index " + name();
    }

    private List<BatchResponse> writeChunks(List<BatchOperation> operations, BatchOptions options) {
        return ChunkedWriter.write(operations, options, this::batch, id -> waitForTask(id, options.waitPolicy()));
    }

    private CompletableFuture<List<BatchResponse>> writeChunksAsync(List<BatchOperation> operations,
                                                                   BatchOptions options) {
        return ChunkedWriter.writeAsync(operations, options, this::batchAsync,
                id -> waitForTaskAsync(id, options.waitPolicy()));
    }

    private static <T> Page<T, Optional<String>> browsePage(SearchResponse<T> response) {
        return new Page<>(response.records(), response.cursor().isPresent() ? response.cursor() : null);
    }
}
