package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.DeserializationException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.PagedIterable;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.Page;
import io.quarry.core.spi.Polling;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.search.internal.ChunkOperations;
import io.quarry.search.internal.ChunkRounds;
import io.quarry.search.internal.ChunkedWriter;
import io.quarry.search.internal.GeneratedMembersAsked;
import io.quarry.search.internal.RepeatSafety;
import io.quarry.search.internal.ResponseTypes;
import io.quarry.search.internal.WriteChecks;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.DeleteTaskResponse;
import io.quarry.search.model.FacetSearchResponse;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.ObjectCreatedResponse;
import io.quarry.search.model.ObjectUpdatedResponse;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.TaskStatus;
import io.quarry.search.model.UpdateTaskResponse;
import io.quarry.search.model.WriteSummary;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One index of the application: search, browse and facet search, records (single calls, batches, and chunked
 * {@code saveObjects}/{@code deleteObjects}/{@code partialUpdateObjects}/{@code replaceAllObjects}), settings,
 * tasks, and copy, move, delete. Synonyms, rules and index-specific API keys have their own handles:
 * {@link #synonyms()}, {@link #rules()}, {@link #apiKeys()}. Obtained from {@link SearchClient#index(String)};
 * cheap, immutable and thread-safe. It shares its client's connections: closing the client ends it.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. Writes are acknowledged before they apply: wait for the returned task with
 * {@link #waitForTask(long)} when the next step must see them.
 *
 * <p>Reading many records: {@link #browseObjects(SearchQuery, Class) browseObjects} returns every record that
 * matches, read lazily page after page as you iterate (a {@link PagedIterable}; {@code browseObjectsAsync} reads
 * them all into a list). {@link #browsePage(SearchQuery, Class) browsePage} and
 * {@link #browsePageFrom(String, Class) browsePageFrom} make one call each and return one page with the cursor of
 * the next, for code that keeps the cursor itself; {@link #search(SearchQuery, Class) search} returns one page of
 * ranked hits. The rule is the same in every module: a method named {@code browse...} reads every item lazily, one
 * named {@code ...Page} reads one page.
 */
public final class SearchIndex extends ScopedHandle<SearchIndex> {

    private final boolean forwardToReplicas;
    private final boolean parametersInUrl;

    SearchIndex(CallScope scope) {
        this(scope, false, false);
    }

    private SearchIndex(CallScope scope, boolean forwardToReplicas, boolean parametersInUrl) {
        super(scope);
        this.forwardToReplicas = forwardToReplicas;
        this.parametersInUrl = parametersInUrl;
    }

    @Override
    protected SearchIndex withScope(CallScope scope) {
        return new SearchIndex(scope, forwardToReplicas, parametersInUrl);
    }

    /**
     * A view of this index whose settings, synonym and rule writes also apply to its replicas (no call is made).
     * Record writes always reach the replicas.
     *
     * @return the view
     */
    public SearchIndex forwardingToReplicas() {
        return new SearchIndex(scope(), true, parametersInUrl);
    }

    /**
     * A view of this index whose searches and browses send their parameters in the URL's query string, as
     * {@code GET} requests, instead of in a {@code POST} body (no call is made). It exists for caching proxies,
     * which can cache a URL but not a body. The service discourages it otherwise: a browser sends a CORS preflight
     * for every distinct URL, so each new set of parameters costs one more round trip, where the body form's fixed
     * URL is preflighted once. It changes
     * {@link #search(SearchQuery, Class) search}, {@link #browsePage(SearchQuery, Class) browsePage},
     * {@link #browsePageFrom(String, Class) browsePageFrom} and so {@link #browseObjects(SearchQuery, Class)
     * browseObjects}, with their asynchronous forms; every other call of the view is the same as this index's.
     *
     * @return the view
     */
    public SearchIndex withParametersInUrl() {
        return new SearchIndex(scope(), forwardToReplicas, true);
    }

    /** {@return the index name} */
    public String name() {
        return (String) scope().pathParameter("indexName");
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
        return new IndexSynonyms(scope(), forwardToReplicas);
    }

    /**
     * The rules of this index (no call is made).
     *
     * @return the handle
     */
    public IndexRules rules() {
        return new IndexRules(scope(), forwardToReplicas);
    }

    /**
     * The API keys limited to this index (no call is made).
     *
     * @return the handle
     */
    public IndexApiKeys apiKeys() {
        return new IndexApiKeys(scope());
    }

    /**
     * Searches this index, the parameters in the request's body (in the URL on a
     * {@link #withParametersInUrl()} view).
     *
     * <p>The hits keep each member the service generates for them (highlights, snippets, ranking info) only when the
     * query asks for it (see {@link SearchQuery}), every one when the options say
     * {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()}; asking a hit for a member not kept throws
     * an {@link IllegalStateException} (see {@link io.quarry.search.model.Hit}). Sent with its parameters in the URL,
     * a search also counts the URL parameters its options add ({@code queryParameter("getRankingInfo", "true")}),
     * which the service reads there; sent in a body, it does not, as the service reads none of them.
     *
     * <p>Key right: search.
     *
     * @param query the search parameters, or null for none: an empty query, every record under the index's settings
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page of hits, decoded into {@code type}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> search(SearchQuery query, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return searchRequest(query).execute(ResponseTypes.search(type));
    }

    /**
     * Asynchronous form of {@link #search(SearchQuery, Class)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search parameters, or null for none: an empty query, every record under the index's settings
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page of hits, decoded into {@code type}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> searchAsync(SearchQuery query, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return searchRequest(query).executeAsync(ResponseTypes.search(type));
    }

    private ApiRequest searchRequest(SearchQuery query) {
        return parametersInUrl
                ? GeneratedMembersAsked.keepingAskedInUrl(
                        scope().request(Endpoints.SEARCH_GET).query(urlParameters(query)), query, scope().options())
                : GeneratedMembersAsked.keepingAskedBy(
                        scope().request(Endpoints.SEARCH).body(query), query);
    }

    /**
     * Searches the values of a facet (declared {@code searchable(...)} in attributesForFaceting); pagination does not
     * apply. {@code FacetValuesQuery.of("brand")} asks for the 10 values most records have;
     * {@code .facetQuery("ac").query(SearchQuery.of().filters("price < 10")).maxFacetHits(5)} for the 5 values
     * matching "ac" most frequent among the records under 10. The parameters go in the request's body, on a
     * {@link #withParametersInUrl()} view too.
     *
     * <p>Key right: search.
     *
     * @param query the facet, and the text, search parameters and number of values left to the service unless set
     * @return the matching values by decreasing count
     * @throws io.quarry.core.QuarryException on any failure
     */
    public FacetSearchResponse searchForFacetValues(FacetValuesQuery query) {
        return searchForFacetValuesRequest(query).execute(FacetSearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchForFacetValues(FacetValuesQuery)}. Cancelling the future cancels the call.
     *
     * @param query the facet, and the text, search parameters and number of values left to the service unless set
     * @return a future of the matching values by decreasing count; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<FacetSearchResponse> searchForFacetValuesAsync(FacetValuesQuery query) {
        return searchForFacetValuesRequest(query).executeAsync(FacetSearchResponse.class);
    }

    private ApiRequest searchForFacetValuesRequest(FacetValuesQuery query) {
        Objects.requireNonNull(query, "query");
        SearchQuery parameters = query.query();
        return scope().request(Endpoints.SEARCH_FOR_FACET_VALUES)
                .path("facetName", query.facet())
                .body(JsonBodies.object(
                        "params",
                        parameters == null ? null : parameters.toParamString(),
                        "facetQuery",
                        query.facetQuery(),
                        "maxFacetHits",
                        query.maxFacetHits()));
    }

    /**
     * Reads one page, the first (up to 1000 records), of a browse over this index: one call. Follow
     * {@link SearchResponse#cursor()} with {@link #browsePageFrom(String, Class)}, or use
     * {@link #browseObjects(SearchQuery, Class)} to read every record lazily.
     * Only custom ranking applies; {@code distinct} is not supported. Its hits keep generated members only when
     * asked, as a {@link #search(SearchQuery, Class) search}'s do (the service sends none on a browse page, so a hit
     * asked for one then answers that there is none).
     *
     * <p>Key right: browse.
     *
     * @param query the search parameters, or null for none (every record)
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page with the cursor of the next one
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> browsePage(SearchQuery query, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return browsePageRequest(query).execute(ResponseTypes.search(type));
    }

    /**
     * Asynchronous form of {@link #browsePage(SearchQuery, Class)}. Cancelling the future cancels the
     * call.
     *
     * @param query the search parameters, or null for none (every record)
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page with the cursor of the next one; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<SearchResponse<T>> browsePageAsync(SearchQuery query, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return browsePageRequest(query).executeAsync(ResponseTypes.search(type));
    }

    private ApiRequest browsePageRequest(SearchQuery query) {
        // No query is no parameters, as in the URL: the first page of the whole index.
        return parametersInUrl
                ? GeneratedMembersAsked.keepingAskedInUrl(
                        scope().request(Endpoints.BROWSE_GET).query(urlParameters(query)), query, scope().options())
                : GeneratedMembersAsked.keepingAskedBy(
                        scope().request(Endpoints.BROWSE)
                                .body(JsonBodies.object("params", query == null ? null : query.toParamString())),
                        query);
    }

    /**
     * Reads one page of a browse, the one after the page whose cursor is given: one call. The cursor carries the
     * first page's parameters, which the client cannot read: its hits keep generated members only with
     * {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()}.
     *
     * <p>Key right: browse.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the page with the cursor of the next one, absent at the end
     * @throws NullPointerException if {@code cursor} is null (the first page is {@link #browsePage(SearchQuery,
     *     Class)}'s)
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> SearchResponse<T> browsePageFrom(String cursor, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return browsePageFromRequest(cursor).execute(ResponseTypes.search(type));
    }

    /**
     * Asynchronous form of {@link #browsePageFrom(String, Class)}. Cancelling the future cancels the
     * call.
     *
     * @param cursor the cursor of the previous page
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the page with the cursor of the next one, absent at the end; it fails with a
     * {@link io.quarry.core.QuarryException}
     * @throws NullPointerException if {@code cursor} is null
     */
    public <T> CompletableFuture<SearchResponse<T>> browsePageFromAsync(String cursor, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return browsePageFromRequest(cursor).executeAsync(ResponseTypes.search(type));
    }

    private ApiRequest browsePageFromRequest(String cursor) {
        // Left out of the request, a null cursor would read the first page again: a loop following cursors restarts.
        Objects.requireNonNull(cursor, "cursor");
        ApiRequest request = parametersInUrl
                ? scope().request(Endpoints.BROWSE_GET).query("cursor", cursor)
                : scope().request(Endpoints.BROWSE).body(JsonBodies.object("cursor", cursor));
        // the cursor carries the first page's parameters, which the client cannot read: the options decide
        return GeneratedMembersAsked.keepingAskedBy(request, null);
    }

    private static Map<String, String> urlParameters(SearchQuery query) {
        return query == null ? Map.of() : query.toUrlParameters();
    }

    /**
     * Adds a record, the service assigning its objectID (201).
     *
     * <p>Key right: addObject. Not idempotent, so never sent twice: if the connection breaks, times out or the host
     * answers a 5xx after the request may have reached the service, the call fails with a
     * {@link io.quarry.core.WriteOutcomeUnknownException} instead of being retried on the next host (the record
     * may or may not have been added). It is retried only when it certainly did not reach the service, or when
     * the options opt in with {@link io.quarry.core.RequestOptions.Builder#retryNonIdempotentWrites()}. Give
     * records an objectID and use {@link #saveObject(String, Object)} for a write that is always retried.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @return the task, the assigned objectID and {@code createdAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ObjectCreatedResponse addObject(Object record) {
        return addObjectRequest(record).execute(ObjectCreatedResponse.class);
    }

    /**
     * Asynchronous form of {@link #addObject(Object)}. Cancelling the future cancels the call.
     *
     * @param record the record (a class of yours, a map or a {@link io.quarry.core.FreeFormRecord})
     * @return a future of the task, the assigned objectID and {@code createdAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ObjectCreatedResponse> addObjectAsync(Object record) {
        return executeAsync(() -> addObjectRequest(record), ObjectCreatedResponse.class);
    }

    private ApiRequest addObjectRequest(Object record) {
        // the service picks the ID: a second delivery would store a second record
        return scope().request(Endpoints.ADD_OBJECT)
                .body(WriteChecks.requireBody(record, "record"))
                .notSafeToRepeat();
    }

    /**
     * Adds or replaces the record with an objectID; attributes not sent are removed.
     *
     * <p>Key right: addObject.
     *
     * @param objectID the objectID
     * @param record the record
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ObjectUpdatedResponse saveObject(String objectID, Object record) {
        return saveObjectRequest(objectID, record).execute(ObjectUpdatedResponse.class);
    }

    /**
     * Asynchronous form of {@link #saveObject(String, Object)}. Cancelling the future cancels the
     * call.
     *
     * @param objectID the objectID
     * @param record the record
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ObjectUpdatedResponse> saveObjectAsync(String objectID, Object record) {
        return executeAsync(() -> saveObjectRequest(objectID, record), ObjectUpdatedResponse.class);
    }

    private ApiRequest saveObjectRequest(String objectID, Object record) {
        return scope().request(Endpoints.SAVE_OBJECT)
                .path("objectID", objectID)
                .body(WriteChecks.requireBody(record, "record"));
    }

    /**
     * Deletes a record.
     *
     * <p>Key right: deleteObject.
     *
     * @param objectID the objectID
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeleteTaskResponse deleteObject(String objectID) {
        return deleteObjectRequest(objectID).execute(DeleteTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteObject(String)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeleteTaskResponse> deleteObjectAsync(String objectID) {
        return deleteObjectRequest(objectID).executeAsync(DeleteTaskResponse.class);
    }

    private ApiRequest deleteObjectRequest(String objectID) {
        return scope().request(Endpoints.DELETE_OBJECT).path("objectID", objectID);
    }

    /**
     * Deletes the records matching filters (facet, numeric, tag filters and geo parameters only; empty filters are
     * refused).
     *
     * <p>Key right: deleteIndex.
     *
     * @param filters the filters, e.g. {@code SearchQuery.of().filters("brand:Acme")}
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeleteTaskResponse deleteBy(SearchQuery filters) {
        Objects.requireNonNull(filters, "filters");
        return deleteByRequest(filters).execute(DeleteTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #deleteBy(SearchQuery)}. Cancelling the future cancels the call.
     *
     * @param filters the filters, e.g. {@code SearchQuery.of().filters("brand:Acme")}
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeleteTaskResponse> deleteByAsync(SearchQuery filters) {
        Objects.requireNonNull(filters, "filters");
        return deleteByRequest(filters).executeAsync(DeleteTaskResponse.class);
    }

    private ApiRequest deleteByRequest(SearchQuery filters) {
        return scope().request(Endpoints.DELETE_BY).body(JsonBodies.object("params", filters.toParamString()));
    }

    /**
     * Deletes every record, keeping settings, synonyms, rules and index keys.
     *
     * <p>Key right: deleteIndex.
     *
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UpdateTaskResponse clearObjects() {
        return clearObjectsRequest().execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #clearObjects()}. Cancelling the future cancels the call.
     *
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UpdateTaskResponse> clearObjectsAsync() {
        return clearObjectsRequest().executeAsync(UpdateTaskResponse.class);
    }

    private ApiRequest clearObjectsRequest() {
        return scope().request(Endpoints.CLEAR_OBJECTS);
    }

    /**
     * Sets some first-level attributes of a record, creating the record from these attributes when it does not
     * exist (as the service does by default); values can be {@link AttributeOperation}s.
     * {@link #partialUpdateExistingObject(String, Object)} leaves missing records missing.
     *
     * <p>Key right: addObject. Increment, Decrement and Add are not idempotent, so an update holding one is never
     * sent twice once it may have reached the service: it then fails with a
     * {@link io.quarry.core.WriteOutcomeUnknownException} instead of moving to the next host. To have it retried
     * anyway (accepting it may apply twice), opt in with
     * {@link io.quarry.core.RequestOptions.Builder#retryNonIdempotentWrites()} on a {@code withOptions} view;
     * IncrementFrom and IncrementSet are idempotent and always retried.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ObjectUpdatedResponse partialUpdateObject(String objectID, Object attributes) {
        return partialUpdateObjectRequest(objectID, attributes, true).execute(ObjectUpdatedResponse.class);
    }

    /**
     * Asynchronous form of {@link #partialUpdateObject(String, Object)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ObjectUpdatedResponse> partialUpdateObjectAsync(String objectID, Object attributes) {
        return executeAsync(() -> partialUpdateObjectRequest(objectID, attributes, true), ObjectUpdatedResponse.class);
    }

    /**
     * Sets some first-level attributes of a record only if the record exists; a missing record stays missing and
     * the call still succeeds.
     *
     * <p>Key right: addObject. Increment, Decrement and Add are not idempotent (see
     * {@link #partialUpdateObject(String, Object)}).
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public ObjectUpdatedResponse partialUpdateExistingObject(String objectID, Object attributes) {
        return partialUpdateObjectRequest(objectID, attributes, false).execute(ObjectUpdatedResponse.class);
    }

    /**
     * Asynchronous form of {@link #partialUpdateExistingObject(String, Object)}. Cancelling the future cancels the
     * call.
     *
     * @param objectID the objectID
     * @param attributes the attributes to set
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<ObjectUpdatedResponse> partialUpdateExistingObjectAsync(
            String objectID, Object attributes) {
        return executeAsync(() -> partialUpdateObjectRequest(objectID, attributes, false), ObjectUpdatedResponse.class);
    }

    private ApiRequest partialUpdateObjectRequest(String objectID, Object attributes, boolean createIfNotExists) {
        ApiRequest request = scope().request(Endpoints.PARTIAL_UPDATE_OBJECT)
                .path("objectID", objectID)
                .query("createIfNotExists", createIfNotExists);
        // a typed update is serialised once, by the request, watched for a cumulative operation if it may carry one
        return RepeatSafety.withUpdateBody(request, WriteChecks.requireBody(attributes, "attributes"), scope().api());
    }

    /**
     * Applies several write operations to this index, in order, as one task. Chunking large sets is
     * {@link #saveObjects(Iterable, BatchOptions)}'s job.
     *
     * <p>Key right: depends on the operations (addObject, deleteObject, deleteIndex). A batch adding a record
     * without objectID, or updating with {@code Increment}, {@code Decrement} or {@code Add}, is not idempotent
     * and so never sent twice once it may have reached the service: it then fails with a
     * {@link io.quarry.core.WriteOutcomeUnknownException} (unless the options opt in with
     * {@link io.quarry.core.RequestOptions.Builder#retryNonIdempotentWrites()}). Other batches are retried.
     *
     * @param operations the operations, built with {@link BatchOperation#of} (one built with
     *     {@link BatchOperation#onIndex} must name this index)
     * @return the task and the objectIDs
     * @throws io.quarry.core.InvalidRequestException before sending, when an operation names another index
     * @throws io.quarry.core.QuarryException on any failure
     */
    public BatchResponse batch(List<BatchOperation> operations) {
        Objects.requireNonNull(operations, "operations");
        return batchRequest(operations).execute(BatchResponse.class);
    }

    /**
     * Asynchronous form of {@link #batch(List)}. Cancelling the future cancels the call.
     *
     * @param operations the operations
     * @return a future of the task and the objectIDs; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<BatchResponse> batchAsync(List<BatchOperation> operations) {
        Objects.requireNonNull(operations, "operations");
        return executeAsync(() -> batchRequest(operations), BatchResponse.class);
    }

    private ApiRequest batchRequest(List<BatchOperation> operations) {
        WriteChecks.requireOwnIndex(operations, name());
        ApiRequest request = scope().request(Endpoints.BATCH)
                .body(JsonBodies.object("requests", operations))
                .records(operations.size());
        return RepeatSafety.marked(request, operations, scope().api());
    }

    /**
     * Reads one record.
     *
     * <p>Key right: search.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return the record
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> T getObject(String objectID, Class<T> type) {
        return getObjectRequest(objectID).execute(Objects.requireNonNull(type, "type"));
    }

    /**
     * Asynchronous form of {@link #getObject(String, Class)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the record; it fails with a {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<T> getObjectAsync(String objectID, Class<T> type) {
        return getObjectRequest(objectID).executeAsync(Objects.requireNonNull(type, "type"));
    }

    private ApiRequest getObjectRequest(String objectID) {
        return scope().request(Endpoints.GET_OBJECT).path("objectID", objectID);
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
     * @return the record with those attributes (and objectID)
     * @throws io.quarry.core.QuarryException on any failure
     */
    public <T> T getObjectAttributes(String objectID, List<String> attributesToRetrieve, Class<T> type) {
        return getObjectAttributesRequest(objectID, attributesToRetrieve).execute(Objects.requireNonNull(type, "type"));
    }

    /**
     * Asynchronous form of {@link #getObjectAttributes(String, List, Class)}. Cancelling the future
     * cancels the call.
     *
     * @param objectID the objectID
     * @param attributesToRetrieve the attributes to return
     * @param type the record type, or {@code FreeFormRecord.class}
     * @param <T> the record type
     * @return a future of the record with those attributes (and objectID); it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<T> getObjectAttributesAsync(
            String objectID, List<String> attributesToRetrieve, Class<T> type) {
        return getObjectAttributesRequest(objectID, attributesToRetrieve)
                .executeAsync(Objects.requireNonNull(type, "type"));
    }

    private ApiRequest getObjectAttributesRequest(String objectID, List<String> attributesToRetrieve) {
        return scope().request(Endpoints.GET_OBJECT)
                .path("objectID", objectID)
                .query("attributesToRetrieve", Objects.requireNonNull(attributesToRetrieve, "attributesToRetrieve"));
    }

    /**
     * Reads the status of a task of this index ({@code published} once applied). Use
     * {@link #waitForTask(long)} to wait.
     *
     * <p>Key right: any key of the application.
     *
     * @param taskID the task
     * @return the status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public TaskStatus getTask(long taskID) {
        return getTaskRequest(taskID).execute(TaskStatus.class);
    }

    /**
     * Asynchronous form of {@link #getTask(long)}. Cancelling the future cancels the call.
     *
     * @param taskID the task
     * @return a future of the status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<TaskStatus> getTaskAsync(long taskID) {
        return getTaskRequest(taskID).executeAsync(TaskStatus.class);
    }

    private ApiRequest getTaskRequest(long taskID) {
        return scope().request(Endpoints.GET_TASK).path("taskID", taskID);
    }

    /**
     * Deletes this index with its records, settings, synonyms and rules.
     *
     * <p>Key right: deleteIndex.
     *
     * @return the task and {@code deletedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DeleteTaskResponse delete() {
        return deleteRequest().execute(DeleteTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #delete()}. Cancelling the future cancels the call.
     *
     * @return a future of the task and {@code deletedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DeleteTaskResponse> deleteAsync() {
        return deleteRequest().executeAsync(DeleteTaskResponse.class);
    }

    private ApiRequest deleteRequest() {
        return scope().request(Endpoints.DELETE_INDEX);
    }

    /**
     * Reads the settings of this index.
     *
     * <p>Key right: settings.
     *
     * @return the settings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public IndexSettings getSettings() {
        return getSettingsRequest().execute(IndexSettings.class);
    }

    /**
     * Asynchronous form of {@link #getSettings()}. Cancelling the future cancels the call.
     *
     * @return a future of the settings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<IndexSettings> getSettingsAsync() {
        return getSettingsRequest().executeAsync(IndexSettings.class);
    }

    private ApiRequest getSettingsRequest() {
        return scope().request(Endpoints.GET_SETTINGS);
    }

    /**
     * Changes the settings present in {@code settings}; others are left as they are. Through the
     * {@link #forwardingToReplicas()} view the change also applies to the replicas.
     *
     * <p>Key right: editSettings.
     *
     * @param settings the settings to change
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UpdateTaskResponse setSettings(IndexSettings settings) {
        return setSettingsRequest(settings).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #setSettings(IndexSettings)}. Cancelling the future
     * cancels the call.
     *
     * @param settings the settings to change
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UpdateTaskResponse> setSettingsAsync(IndexSettings settings) {
        return setSettingsRequest(settings).executeAsync(UpdateTaskResponse.class);
    }

    private ApiRequest setSettingsRequest(IndexSettings settings) {
        return scope().request(Endpoints.SET_SETTINGS)
                .query("forwardToReplicas", forwardToReplicas ? Boolean.TRUE : null)
                .body(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Copies this index (records, settings, synonyms, rules) over {@code destination}, replacing it; with a scope,
     * copies only those parts and no records.
     *
     * <p>Key right: addObject.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @return the task (of this index) and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UpdateTaskResponse copyTo(String destination, List<CopyScope> scope) {
        return copyToRequest(destination, scope).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #copyTo(String, List)}. Cancelling the future cancels the call.
     *
     * @param destination the target index
     * @param scope the parts to copy, or null or empty for everything
     * @return a future of the task (of this index) and {@code updatedAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UpdateTaskResponse> copyToAsync(String destination, List<CopyScope> scope) {
        return copyToRequest(destination, scope).executeAsync(UpdateTaskResponse.class);
    }

    private ApiRequest copyToRequest(String destination, List<CopyScope> scope) {
        return scope().request(Endpoints.OPERATION_INDEX)
                .body(JsonBodies.object(
                        "operation",
                        "copy",
                        "destination",
                        Objects.requireNonNull(destination, "destination"),
                        "scope",
                        scope == null || scope.isEmpty() ? null : scope));
    }

    /**
     * Renames this index to {@code destination}, replacing it; this index is then gone.
     *
     * <p>Key right: addObject.
     *
     * @param destination the target index
     * @return the task (of this index) and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UpdateTaskResponse moveTo(String destination) {
        return moveToRequest(destination).execute(UpdateTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #moveTo(String)}. Cancelling the future cancels the call.
     *
     * @param destination the target index
     * @return a future of the task (of this index) and {@code updatedAt}; it fails with a
     * {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UpdateTaskResponse> moveToAsync(String destination) {
        return moveToRequest(destination).executeAsync(UpdateTaskResponse.class);
    }

    private ApiRequest moveToRequest(String destination) {
        return scope().request(Endpoints.OPERATION_INDEX)
                .body(JsonBodies.object(
                        "operation", "move", "destination", Objects.requireNonNull(destination, "destination")));
    }

    /**
     * Waits until a task of this index is applied, polling {@link #getTask(long)} with the default
     * {@link WaitPolicy}: pass the task of a write's response ({@code index.waitForTask(response.taskID())}).
     *
     * @param taskID the task
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if it is still pending after the last attempt (the task may
     *                                             still complete)
     */
    public TaskStatus waitForTask(long taskID) {
        return waitForTask(taskID, WaitPolicy.of());
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
        return scope().compositeCall(
                        "waitForTask",
                        scope -> Polling.poll(
                                taskDescription(taskID),
                                policy,
                                () -> Optional.of(withScope(scope).getTask(taskID))
                                        .filter(TaskStatus::isPublished)));
    }

    /**
     * Asynchronous form of {@link #waitForTask(long)}; sleeps are scheduled, no thread is blocked.
     *
     * @param taskID the task
     * @return the future final status; fails with {@link io.quarry.core.WaitTimeoutException} on timeout
     */
    public CompletableFuture<TaskStatus> waitForTaskAsync(long taskID) {
        return waitForTaskAsync(taskID, WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #waitForTask(long, WaitPolicy)}.
     *
     * @param taskID the task
     * @param policy attempts and delays
     * @return the future final status
     */
    public CompletableFuture<TaskStatus> waitForTaskAsync(long taskID, WaitPolicy policy) {
        return scope().compositeCallAsync(
                        "waitForTask",
                        scope -> Polling.pollAsync(
                                taskDescription(taskID),
                                policy,
                                () -> withScope(scope)
                                        .getTaskAsync(taskID)
                                        .thenApply(s -> Optional.of(s).filter(TaskStatus::isPublished))));
    }

    /**
     * Every record of this index, read lazily with browse calls that follow the cursor (up to 1000 records a
     * call); {@link #browseObjects(SearchQuery, Class)} reads those matching a query. Needs the {@code browse}
     * right. Close the iterator or stream when stopping early (see {@link PagedIterable}).
     *
     * @param type  the record type
     * @param <T>   the record type
     * @return the lazy sequence of records
     */
    public <T> PagedIterable<T> browseObjects(Class<T> type) {
        return browseObjects(SearchQuery.of(), type);
    }

    /**
     * Asynchronous form of {@link #browseObjects(Class)}: reads every page and collects the records.
     *
     * @param type  the record type
     * @param <T>   the record type
     * @return the future records
     */
    public <T> CompletableFuture<List<T>> browseObjectsAsync(Class<T> type) {
        return browseObjectsAsync(SearchQuery.of(), type);
    }

    /**
     * Every record matching a query, read lazily with browse calls that follow the cursor (up to 1000 records
     * a call). Needs the {@code browse} right. A call observer sees the browse calls of one iteration inside one
     * composite call {@code browseObjects}, which ends after the last page, at a failed page, or when the iterator
     * or stream is closed: close it when stopping early (see {@link PagedIterable}). It holds one page at a time and
     * two cursors, however many records it reads. An answer giving back a cursor the browse has already followed
     * ends it with a {@link DeserializationException} at {@code $.cursor}, rather than reading the same pages again
     * for ever.
     *
     * @param query the parameters (filters, attributesToRetrieve, ...), or null for none (every record)
     * @param type  the record type
     * @param <T>   the record type
     * @return the lazy sequence of records
     */
    public <T> PagedIterable<T> browseObjects(SearchQuery query, Class<T> type) {
        Objects.requireNonNull(type, "type"); // here, not at the first page read
        return PagedIterable.<T, BrowseStep>inCompositeCall(
                scope(),
                "browseObjects",
                BrowseStep.FIRST,
                (scope, step) -> withScope(scope).readBrowsePage(query, type, step),
                step -> (step.cursor().isEmpty()
                                ? browsePageAsync(query, type)
                                : browsePageFromAsync(step.cursor().get(), type))
                        .thenApply(answer -> pageOf(step, answer)));
    }

    private <T> Page<T, BrowseStep> readBrowsePage(SearchQuery query, Class<T> type, BrowseStep step) {
        Optional<String> cursor = step.cursor();
        return pageOf(step, cursor.isEmpty() ? browsePage(query, type) : browsePageFrom(cursor.get(), type));
    }

    /**
     * Asynchronous form of {@link #browseObjects(SearchQuery, Class)}: reads every page and collects the records.
     *
     * @param query the parameters, or null for none (every record)
     * @param type  the record type
     * @param <T>   the record type
     * @return the future records
     */
    public <T> CompletableFuture<List<T>> browseObjectsAsync(SearchQuery query, Class<T> type) {
        return scope().compositeCallAsync(
                        "browseObjects",
                        scope -> withScope(scope).browseObjects(query, type).toListAsync());
    }

    /**
     * Saves records in chunks with the default {@link BatchOptions}: chunks of 1000, one after another, each
     * record with an objectID replacing the stored one and one without getting a random UUID first (so a chunk
     * retried after a lost answer replaces instead of duplicating). The records come from any source, read
     * lazily (see {@link #saveObjects(Iterable, BatchOptions)}). Needs {@code addObject}.
     *
     * @param records the records: a collection, or any lazy {@link Iterable} ({@code stream::iterator})
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary saveObjects(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return saveObjects(records, BatchOptions.of());
    }

    /**
     * Asynchronous form of {@link #saveObjects(Iterable)}. The future fails with a
     * {@link io.quarry.core.PartialWriteException} when a chunk or the source fails.
     *
     * @param records the records: a collection, or any lazy {@link Iterable}
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> saveObjectsAsync(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return saveObjectsAsync(records, BatchOptions.of());
    }

    /**
     * Saves records in chunks, from a source of any size. By default records without objectID get a random UUID
     * first (see {@link BatchOptions#serviceAssignedObjectIDs()}), so a chunk retried on another host replaces
     * instead of duplicating. Needs {@code addObject}.
     *
     * <p>Source: any {@link Iterable}. A collection is one; an {@link java.util.Iterator} or a
     * {@link java.util.stream.Stream} is passed as one with a lambda or method reference, {@code () -> iterator}
     * or {@code stream::iterator}. One parameter type thus takes every source without an overload per kind, and
     * the {@code <R>} lets such a lambda type-check. The helper calls {@code iterator()} once and reads records
     * only as chunks are sent: a single-use source (a stream, a database cursor) is read exactly once, and at most
     * {@link BatchOptions#chunksInFlight(int) chunksInFlight} + 1 chunks of records are held at once, whatever
     * the size of the source. Closing a stream or cursor stays with the caller (try-with-resources around the
     * write).
     *
     * <p>Result: a {@link WriteSummary} (records and chunks written, the last task), not every objectID; a
     * {@link ChunkListener} set with {@link BatchOptions#listener(ChunkListener)} is told of each chunk's answer,
     * with its objectIDs, and of the progress.
     *
     * <p>Failure: a failed chunk (after the client's retries) or an exception thrown by the source stops the write:
     * no new chunk is sent, those in flight finish, and the helper fails with a
     * {@link io.quarry.core.PartialWriteException} whose {@link io.quarry.core.PartialWriteException#reason()}
     * says which it was and whose cause is the failure (the source's own exception included). It names the chunks
     * acknowledged, those not, and the first record never sent, from which a write can resume. A record the service
     * would refuse with its whole batch (one that is not a JSON object, or whose {@code objectID} is empty or not a
     * string), or one the JSON mapping cannot write, is found before a byte of that chunk is sent or its listener
     * told: as its chunk is made when that needs no serialisation (a map, a free-form record, a typed record whose
     * class writes its objectID as a {@code String} property), else as its chunk's body is serialised (each record
     * once). The write stops as when the source throws
     * ({@code SOURCE_FAILED}), the cause an {@link io.quarry.core.InvalidRequestException} naming the record's
     * position; nothing of its chunk was sent. A body over 1 MB is streamed instead: a record refused after its first
     * megabyte cuts the request off before its end (no server applies such a request), and the report is the same
     * (unless a later chunk was sent meanwhile, with more than one chunk in flight: the write then stops with
     * {@code CHUNK_FAILED} and the chunk is among those not acknowledged, since the chunks sent cannot leave it out,
     * while the cause, the refusal, says it was cut off and not applied), but the listener, told the chunk was sent,
     * then hears it failed.
     *
     * @param records the records: a collection, or any lazy {@link Iterable} ({@code stream::iterator})
     * @param options chunk size, chunks in flight, waiting, objectID assignment, listener
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary saveObjects(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunks(
                "saveObjects",
                records,
                (chunk, first) -> ChunkedWriter.saves(chunk, first, options.assignObjectIDs(), scope().api()),
                options);
    }

    /**
     * Asynchronous form of {@link #saveObjects(Iterable, BatchOptions)}: the next chunk is sent from the completion
     * of a previous one (no thread per chunk), so the source is read on the client's threads. Cancelling the future
     * stops sending and cancels the calls in flight.
     *
     * @param records the records: a collection, or any lazy {@link Iterable}
     * @param options chunk size, chunks in flight, waiting, objectID assignment, listener
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> saveObjectsAsync(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunksAsync(
                "saveObjects",
                records,
                (chunk, first) -> ChunkedWriter.saves(chunk, first, options.assignObjectIDs(), scope().api()),
                options);
    }

    /**
     * Deletes records in chunks of 1000, one after another, with the default {@link BatchOptions}; see
     * {@link #deleteObjects(Iterable, BatchOptions)}. Needs {@code deleteObject}.
     *
     * @param objectIDs the records' objectIDs: a collection, or any lazy {@link Iterable}
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public WriteSummary deleteObjects(Iterable<String> objectIDs) {
        Objects.requireNonNull(objectIDs, "objectIDs");
        return deleteObjects(objectIDs, BatchOptions.of());
    }

    /**
     * Asynchronous form of {@link #deleteObjects(Iterable)}.
     *
     * @param objectIDs the records' objectIDs
     * @return the future summary
     */
    public CompletableFuture<WriteSummary> deleteObjectsAsync(Iterable<String> objectIDs) {
        Objects.requireNonNull(objectIDs, "objectIDs");
        return deleteObjectsAsync(objectIDs, BatchOptions.of());
    }

    /**
     * Deletes records in chunks, reading their objectIDs lazily from any source as
     * {@link #saveObjects(Iterable, BatchOptions)} reads records, with the same result and failure (an empty objectID
     * is refused before its chunk is sent). Needs {@code deleteObject}.
     *
     * @param objectIDs the records' objectIDs: a collection, or any lazy {@link Iterable}
     * @param options   chunk size, chunks in flight, waiting, listener
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public WriteSummary deleteObjects(Iterable<String> objectIDs, BatchOptions options) {
        Objects.requireNonNull(objectIDs, "objectIDs");
        Objects.requireNonNull(options, "options");
        return writeChunks("deleteObjects", objectIDs, ChunkedWriter::deletes, options);
    }

    /**
     * Asynchronous form of {@link #deleteObjects(Iterable, BatchOptions)}.
     *
     * @param objectIDs the records' objectIDs
     * @param options   chunk size, chunks in flight, waiting, listener
     * @return the future summary
     */
    public CompletableFuture<WriteSummary> deleteObjectsAsync(Iterable<String> objectIDs, BatchOptions options) {
        Objects.requireNonNull(objectIDs, "objectIDs");
        Objects.requireNonNull(options, "options");
        return writeChunksAsync("deleteObjects", objectIDs, ChunkedWriter::deletes, options);
    }

    /**
     * Updates attributes of records in chunks of 1000, one after another, with the default {@link BatchOptions},
     * creating missing records; see {@link #partialUpdateObjects(Iterable, BatchOptions)}. Needs
     * {@code addObject}.
     *
     * @param records attribute sets with objectID: a collection, or any lazy {@link Iterable}
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary partialUpdateObjects(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return partialUpdateObjects(records, BatchOptions.of());
    }

    /**
     * Asynchronous form of {@link #partialUpdateObjects(Iterable)}.
     *
     * @param records attribute sets with objectID
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> partialUpdateObjectsAsync(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return partialUpdateObjectsAsync(records, BatchOptions.of());
    }

    /**
     * Updates attributes of records in chunks, creating missing records; each element carries its
     * {@code objectID}. Values may be {@link AttributeOperation}s (Increment-style ones are not idempotent: a
     * retried chunk can apply them twice). The elements are read lazily from any source as
     * {@link #saveObjects(Iterable, BatchOptions)} reads records, with the same result and failure (an element
     * without {@code objectID} is refused before its chunk is sent). Needs {@code addObject}.
     *
     * @param records attribute sets with objectID: a collection, or any lazy {@link Iterable}
     * @param options chunk size, chunks in flight, waiting, listener
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary partialUpdateObjects(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunks(
                "partialUpdateObjects",
                records,
                (chunk, first) -> ChunkedWriter.partialUpdates(chunk, first, true, scope().api()),
                options);
    }

    /**
     * Asynchronous form of {@link #partialUpdateObjects(Iterable, BatchOptions)}.
     *
     * @param records attribute sets with objectID
     * @param options chunk size, chunks in flight, waiting, listener
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> partialUpdateObjectsAsync(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunksAsync(
                "partialUpdateObjects",
                records,
                (chunk, first) -> ChunkedWriter.partialUpdates(chunk, first, true, scope().api()),
                options);
    }

    /**
     * Updates attributes of the records that exist, in chunks of 1000, one after another, with the default
     * {@link BatchOptions}; missing records stay missing. Needs {@code addObject}.
     *
     * @param records attribute sets with objectID: a collection, or any lazy {@link Iterable}
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary partialUpdateExistingObjects(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return partialUpdateExistingObjects(records, BatchOptions.of());
    }

    /**
     * Asynchronous form of {@link #partialUpdateExistingObjects(Iterable)}.
     *
     * @param records attribute sets with objectID
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> partialUpdateExistingObjectsAsync(Iterable<R> records) {
        Objects.requireNonNull(records, "records");
        return partialUpdateExistingObjectsAsync(records, BatchOptions.of());
    }

    /**
     * Updates attributes of the records that exist, in chunks; missing records stay missing. The elements are read
     * lazily from any source as {@link #saveObjects(Iterable, BatchOptions)} reads records, with the same result
     * and failure. Needs {@code addObject}.
     *
     * @param records attribute sets with objectID: a collection, or any lazy {@link Iterable}
     * @param options chunk size, chunks in flight, waiting, listener
     * @param <R>     the record type
     * @return what was written
     * @throws io.quarry.core.PartialWriteException when a chunk or the source failed
     */
    public <R> WriteSummary partialUpdateExistingObjects(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunks(
                "partialUpdateExistingObjects",
                records,
                (chunk, first) -> ChunkedWriter.partialUpdates(chunk, first, false, scope().api()),
                options);
    }

    /**
     * Asynchronous form of {@link #partialUpdateExistingObjects(Iterable, BatchOptions)}.
     *
     * @param records attribute sets with objectID
     * @param options chunk size, chunks in flight, waiting, listener
     * @param <R>     the record type
     * @return the future summary
     */
    public <R> CompletableFuture<WriteSummary> partialUpdateExistingObjectsAsync(
            Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return writeChunksAsync(
                "partialUpdateExistingObjects",
                records,
                (chunk, first) -> ChunkedWriter.partialUpdates(chunk, first, false, scope().api()),
                options);
    }

    /**
     * Replaces every record of this index as {@link #replaceAllObjects(Iterable, BatchOptions)} does, with the
     * default {@link BatchOptions}: chunks of 1000, one after another, tasks waited for with the default
     * {@link io.quarry.core.WaitPolicy}, an empty source refused.
     *
     * @param records the new records: a collection, or any lazy {@link Iterable}
     * @param <R>     the record type
     * @return what was done
     * @throws io.quarry.core.InvalidRequestException when the source holds no record
     * @throws io.quarry.core.ReplaceAllException when a step failed (this index is then unchanged)
     */
    public <R> ReplaceAllResponse replaceAllObjects(Iterable<R> records) {
        return replaceAllObjects(records, BatchOptions.of());
    }

    /**
     * Asynchronous form of {@link #replaceAllObjects(Iterable)}.
     *
     * @param records the new records: a collection, or any lazy {@link Iterable}
     * @param <R>     the record type
     * @return the future outcome; on failure this index is unchanged and the temporary index deleted
     */
    public <R> CompletableFuture<ReplaceAllResponse> replaceAllObjectsAsync(Iterable<R> records) {
        return replaceAllObjectsAsync(records, BatchOptions.of());
    }

    /**
     * Replaces every record of this index without a moment where searches see a partial set: copies settings,
     * synonyms and rules to a temporary index, writes the records there (read lazily from any source, as
     * {@link #saveObjects(Iterable, BatchOptions)} reads them), waits, then moves it over this index.
     *
     * <p>Safety: this index changes only at the final move. A source without a single record is refused before
     * anything is done, with an {@link io.quarry.core.InvalidRequestException}, unless
     * {@link BatchOptions#allowingEmptyIndex()} says an empty index is intended. If any step fails, the temporary
     * index is deleted and the helper fails with a {@link io.quarry.core.ReplaceAllException} naming the step and
     * the temporary index, whose cause is the step's failure (for the records, a
     * {@link io.quarry.core.PartialWriteException}); should the deletion fail too, the exception says so, so the
     * temporary index can be removed by hand. An exception thrown by the source when first asked for a record is
     * thrown as it is: nothing was done then. Each step, as each chunk of records, rides out a moment in which
     * every host fails ({@link io.quarry.core.RetryRounds#forOutages()}, unless this view's options set another
     * policy): each is safe to repeat.
     *
     * <p>Needs {@code addObject}, {@code deleteIndex} (clean-up) and {@code settings}/{@code editSettings}.
     *
     * @param records the new records: a collection, or any lazy {@link Iterable}
     * @param options chunk size, chunks in flight, objectID assignment, listener, empty index (tasks are always
     *                waited for)
     * @param <R>     the record type
     * @return what was done
     * @throws io.quarry.core.InvalidRequestException when the source holds no record and that was not allowed
     * @throws io.quarry.core.ReplaceAllException when a step failed (this index is then unchanged)
     */
    public <R> ReplaceAllResponse replaceAllObjects(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        return scope().compositeCall(
                        "replaceAllObjects",
                        scope -> ReplaceAllObjects.run(withScope(ridingOutOutages(scope)), records, options));
    }

    /**
     * Asynchronous form of {@link #replaceAllObjects(Iterable, BatchOptions)}. The source's first record is asked
     * for on the calling thread, the rest on the client's threads. Cancelling the future before the temporary index
     * is moved completes it at once and stops the replacement (no further record is read, no further chunk or step
     * is sent), leaving this index as it was. The temporary index is then deleted in the background, once the
     * requests already on their way (the copy of the settings, the chunks in flight) have been answered: one of them
     * could otherwise write it again after its deletion. A deletion that fails is logged, naming the temporary
     * index. Once the move has been sent, {@code cancel} returns false and this index is replaced all the same.
     * Closing the client after a cancel, in a continuation of this future too, waits for that clean-up as for any
     * call in flight, up to the close timeout: it returns once the temporary index is deleted; past the timeout, the
     * requests still on their way are cancelled and a temporary index not yet deleted is left behind and logged.
     *
     * @param records the new records: a collection, or any lazy {@link Iterable}
     * @param options chunk size, chunks in flight, objectID assignment, listener, empty index
     * @param <R>     the record type
     * @return the future outcome; on failure this index is unchanged and the temporary index deleted
     */
    public <R> CompletableFuture<ReplaceAllResponse> replaceAllObjectsAsync(Iterable<R> records, BatchOptions options) {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(options, "options");
        AtomicReference<CompletableFuture<ReplaceAllResponse>> replacement = new AtomicReference<>();
        CompletableFuture<ReplaceAllResponse> call = scope().compositeCallAsync("replaceAllObjects", scope -> {
            CompletableFuture<ReplaceAllResponse> started =
                    ReplaceAllObjects.runAsync(withScope(ridingOutOutages(scope)), records, options);
            replacement.set(started);
            return ReplaceAllObjects.ended(started); // a cancelled replacement's clean-up is part of the call
        });
        return ReplaceAllObjects.cancelledThrough(call, replacement.get());
    }

    /**
     * A long-lived writer into this index that many threads feed, with the default {@link IngesterOptions}:
     * chunks of 1000 records or 5 MB, sent after 1 s at the latest, 4 calls in flight, then
     * {@link Ingester#add(Object)} waits for room. See {@link #ingester(IngesterOptions)}.
     *
     * @return the ingester; close it when done
     */
    public Ingester ingester() {
        return ingester(IngesterOptions.of());
    }

    /**
     * A long-lived writer into this index that many threads feed: records handed in with
     * {@link Ingester#add(Object)}, {@link Ingester#partialUpdate(Object)} and {@link Ingester#delete(String)} are
     * cut into chunks by count, bytes and time and sent as batch calls, at most a set number at once, with
     * backpressure on the threads handing records in (see {@link Ingester}). For a source that one thread reads in
     * order, {@link #saveObjects(Iterable, BatchOptions)} is simpler. No call is made until a record is handed in.
     * The ingester uses this handle's options (a {@link #withOptions view}'s included) and is closed with the
     * client. Needs {@code addObject} (and {@code deleteObject} for deletions).
     *
     * @param options chunk size and bytes, flush interval, calls in flight, add timeout, listener
     * @return the ingester; close it when done
     */
    public Ingester ingester(IngesterOptions options) {
        Objects.requireNonNull(options, "options");
        return new Ingester(this, scope().api(), options, this::ingestChunkAsync);
    }

    /** Sends one chunk of an ingester: a composite call {@code ingest} holding its batch call. */
    private CompletableFuture<BatchResponse> ingestChunkAsync(
            List<BatchOperation> operations, boolean unrepeatable, ChunkRounds rounds) {
        return scope().compositeCallAsync("ingest", scope -> {
            ApiRequest request = ridingOutOutages(scope)
                    .request(Endpoints.BATCH)
                    .body(JsonBodies.object("requests", operations))
                    .records(operations.size())
                    .onRound(rounds);
            return (unrepeatable ? request.notSafeToRepeat() : request).executeAsync(BatchResponse.class);
        });
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
            Throwable cause = Polling.unwrap(error);
            if (cause instanceof NotFoundException) {
                return false;
            }
            throw new CompletionException(cause);
        });
    }

    /** Another index of the same client, with the same options. */
    SearchIndex sibling(String indexName) {
        return new SearchIndex(scope().withPathParameter("indexName", indexName), forwardToReplicas, parametersInUrl);
    }

    private String taskDescription(long taskID) {
        return "task " + taskID + " of index " + name();
    }

    private WriteSummary writeChunks(
            String helper, Iterable<?> records, ChunkOperations toOperations, BatchOptions options) {
        return scope().compositeCall(helper, scope -> {
            SearchIndex inCall = withScope(ridingOutOutages(scope));
            return ChunkedWriter.write(
                    helper + " on index " + name(),
                    records,
                    toOperations,
                    options,
                    (operations, rounds) ->
                            inCall.batchRequest(operations).onRound(rounds).execute(BatchResponse.class),
                    (operations, rounds) ->
                            inCall.batchRequest(operations).onRound(rounds).executeAsync(BatchResponse.class),
                    id -> inCall.waitForTask(id, options.waitPolicy()));
        });
    }

    private CompletableFuture<WriteSummary> writeChunksAsync(
            String helper, Iterable<?> records, ChunkOperations toOperations, BatchOptions options) {
        return scope().compositeCallAsync(helper, scope -> {
            SearchIndex inCall = withScope(ridingOutOutages(scope));
            return ChunkedWriter.writeAsync(
                    helper + " on index " + name(),
                    records,
                    toOperations,
                    options,
                    (operations, rounds) ->
                            inCall.batchRequest(operations).onRound(rounds).executeAsync(BatchResponse.class),
                    id -> inCall.waitForTaskAsync(id, options.waitPolicy()));
        });
    }

    /** {@return the call's future: a request refused while it is built fails it, as one refused when sent does} */
    private static <T> CompletableFuture<T> executeAsync(Supplier<ApiRequest> request, Class<T> type) {
        ApiRequest built;
        try {
            built = request.get();
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return built.executeAsync(type);
    }

    /** The options of a chunk (of a chunked write, of an ingester) when the caller's set no round policy. */
    private static final RequestOptions OUTAGE_ROUNDS =
            RequestOptions.builder().retryRounds(RetryRounds.forOutages()).build();

    /**
     * A chunk's scope: its batch calls ride out an outage of every host (a chunk is sent whole again, and its
     * records' objectIDs keep it applied once) unless the caller's options chose a policy of their own. So do the
     * other steps of {@code replaceAllObjects}, each safe to repeat: a copy, a move of an index already moved (which
     * the service acknowledges and which changes nothing), a deletion, the waits for tasks.
     */
    private static CallScope ridingOutOutages(CallScope scope) {
        return scope.options().retryRounds().isPresent() ? scope : scope.withOptions(OUTAGE_ROUNDS);
    }

    /**
     * A page of a browse and the step that reads the next. An answer giving back a cursor the browse has already
     * followed (a proxy answering every browse call of the same URL alike does, or answers passing two cursors back
     * and forth) would have the browse read the same pages forever, so it cannot be read.
     */
    private static <T> Page<T, BrowseStep> pageOf(BrowseStep step, SearchResponse<T> response) {
        Optional<String> next = response.cursor();
        if (next.isPresent() && step.hasFollowed(next.get())) {
            throw new DeserializationException(
                    SearchResponse.class,
                    "$.cursor",
                    "the answer gives back a cursor the browse has already followed",
                    null);
        }
        return new Page<>(response.records(), next.isPresent() ? step.then(next.get()) : null);
    }

    /**
     * Where a browse stands: the cursor to send (none on the first call) and a landmark, an earlier cursor moved up
     * to the current one after 1, 2, 4, 8, ... calls. Cursors that come round in a circle of any length meet the
     * landmark within a few laps, while the browse keeps two cursors whatever its length.
     *
     * @param cursor the cursor to send, empty for the first page
     * @param landmark a cursor followed earlier, or null
     * @param calls the calls made so far
     */
    private record BrowseStep(Optional<String> cursor, String landmark, long calls) {

        static final BrowseStep FIRST = new BrowseStep(Optional.empty(), null, 0);

        boolean hasFollowed(String next) {
            return next.equals(landmark) || cursor.filter(next::equals).isPresent();
        }

        BrowseStep then(String next) {
            long made = calls + 1;
            String moved = Long.bitCount(made) == 1 ? cursor.orElse(null) : landmark;
            return new BrowseStep(Optional.of(next), moved, made);
        }
    }
}
