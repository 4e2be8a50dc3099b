package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.RequestOptions;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.Scope;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchRulesResponse;
import io.quarry.search.model.WriteResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The rules of one index: save, read, delete, clear, search, and lazy iteration over all of them. Obtained from
 * {@link SearchIndex#rules()}; cheap, immutable and thread-safe.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}. Writes are acknowledged before they apply: wait for the returned task with
 * {@link SearchIndex#waitForTask(long)}.
 */
public final class IndexRules {

    private static final int PAGE_SIZE = 1000;

    private final Scope calls;

    IndexRules(Scope calls) {
        this.calls = calls;
    }

    /**
     * Creates or replaces a rule.
     *
     * <p>Key right: editSettings.
     *
     * @param rule the rule
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task, {@code updatedAt} and the ID (response shape of the real service)
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse save(Rule rule, boolean forwardToReplicas, RequestOptions options) {
        return saveRequest(rule, forwardToReplicas, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #save(Rule, boolean, RequestOptions)} with default options.
     *
     * @param rule the rule
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return the task, {@code updatedAt} and the ID (response shape of the real service)
     */
    public WriteResponse save(Rule rule, boolean forwardToReplicas) {
        return save(rule, forwardToReplicas, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #save(Rule, boolean, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param rule the rule
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options; null for none
     * @return a future of the task, {@code updatedAt} and the ID (response shape of the real service); it fails with
     * a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> saveAsync(Rule rule, boolean forwardToReplicas, RequestOptions options) {
        return saveRequest(rule, forwardToReplicas, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #save(Rule, boolean)}.
     *
     * @param rule the rule
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @return a future of the task, {@code updatedAt} and the ID (response shape of the real service)
     */
    public CompletableFuture<WriteResponse> saveAsync(Rule rule, boolean forwardToReplicas) {
        return saveAsync(rule, forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest saveRequest(Rule rule, boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.SAVE_RULE, options).path("objectID", rule.objectID())
                .query("forwardToReplicas", forwardToReplicas).body(rule);
    }

    /**
     * Creates or replaces several rules by objectID, optionally replacing all existing ones atomically.
     *
     * <p>Key right: editSettings.
     *
     * @param rules the rules
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param clearExistingRules whether every other rule is removed
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
     * @throws io.quarry.core.QuarryException on any failure
     */
    public WriteResponse saveAll(List<Rule> rules, boolean forwardToReplicas, boolean clearExistingRules,
                                 RequestOptions options) {
        return saveAllRequest(rules, forwardToReplicas, clearExistingRules, options).execute(WriteResponse.class);
    }

    /**
     * Same as {@link #saveAll(List, boolean, boolean, RequestOptions)} with default options.
     *
     * @param rules the rules
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param clearExistingRules whether every other rule is removed
     * @return the task and {@code updatedAt}
     */
    public WriteResponse saveAll(List<Rule> rules, boolean forwardToReplicas, boolean clearExistingRules) {
        return saveAll(rules, forwardToReplicas, clearExistingRules, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #saveAll(List, boolean, boolean, RequestOptions)}. Cancelling the future cancels
     * the call.
     *
     * @param rules the rules
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param clearExistingRules whether every other rule is removed
     * @param options per-request options; null for none
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<WriteResponse> saveAllAsync(List<Rule> rules, boolean forwardToReplicas,
                                                         boolean clearExistingRules, RequestOptions options) {
        return saveAllRequest(rules, forwardToReplicas, clearExistingRules, options).executeAsync(WriteResponse.class);
    }

    /**
     * Asynchronous form of {@link #saveAll(List, boolean, boolean)}.
     *
     * @param rules the rules
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param clearExistingRules whether every other rule is removed
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> saveAllAsync(List<Rule> rules, boolean forwardToReplicas,
                                                         boolean clearExistingRules) {
        return saveAllAsync(rules, forwardToReplicas, clearExistingRules, RequestOptions.none());
    }

    private ApiRequest saveAllRequest(List<Rule> rules, boolean forwardToReplicas, boolean clearExistingRules,
                                      RequestOptions options) {
        return calls.request(Endpoints.SAVE_RULES, options).query("forwardToReplicas", forwardToReplicas)
                .query("clearExistingRules", clearExistingRules).body(rules);
    }

    /**
     * Reads a rule.
     *
     * <p>Key right: settings.
     *
     * @param objectID the objectID
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the rule
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Rule get(String objectID, RequestOptions options) {
        return getRequest(objectID, options).execute(Rule.class);
    }

    /**
     * Same as {@link #get(String, RequestOptions)} with default options.
     *
     * @param objectID the objectID
     * @return the rule
     */
    public Rule get(String objectID) {
        return get(objectID, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #get(String, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param objectID the objectID
     * @param options per-request options; null for none
     * @return a future of the rule; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Rule> getAsync(String objectID, RequestOptions options) {
        return getRequest(objectID, options).executeAsync(Rule.class);
    }

    /**
     * Asynchronous form of {@link #get(String)}.
     *
     * @param objectID the objectID
     * @return a future of the rule
     */
    public CompletableFuture<Rule> getAsync(String objectID) {
        return getAsync(objectID, RequestOptions.none());
    }

    private ApiRequest getRequest(String objectID, RequestOptions options) {
        return calls.request(Endpoints.GET_RULE, options).path("objectID", objectID);
    }

    /**
     * Deletes a rule.
     *
     * <p>Key right: editSettings.
     *
     * @param objectID the objectID
     * @param forwardToReplicas whether the change is also applied to the replicas
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the task and {@code updatedAt}
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
     * @return the task and {@code updatedAt}
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
     * @return a future of the task and {@code updatedAt}; it fails with a {@link io.quarry.core.QuarryException}
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
     * @return a future of the task and {@code updatedAt}
     */
    public CompletableFuture<WriteResponse> deleteAsync(String objectID, boolean forwardToReplicas) {
        return deleteAsync(objectID, forwardToReplicas, RequestOptions.none());
    }

    private ApiRequest deleteRequest(String objectID, boolean forwardToReplicas, RequestOptions options) {
        return calls.request(Endpoints.DELETE_RULE, options).path("objectID", objectID)
                .query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * Deletes every rule of this index.
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
        return calls.request(Endpoints.CLEAR_RULES, options).query("forwardToReplicas", forwardToReplicas);
    }

    /**
     * Searches the rules of this index; {@link #browse()} iterates over all of them.
     *
     * <p>Key right: settings.
     *
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of rules
     * @throws io.quarry.core.QuarryException on any failure
     */
    public SearchRulesResponse search(RuleQuery query, RequestOptions options) {
        return searchRequest(query, options).execute(SearchRulesResponse.class);
    }

    /**
     * Same as {@link #search(RuleQuery, RequestOptions)} with default options.
     *
     * @param query the search
     * @return a page of rules
     */
    public SearchRulesResponse search(RuleQuery query) {
        return search(query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #search(RuleQuery, RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of rules; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<SearchRulesResponse> searchAsync(RuleQuery query, RequestOptions options) {
        return searchRequest(query, options).executeAsync(SearchRulesResponse.class);
    }

    /**
     * Asynchronous form of {@link #search(RuleQuery)}.
     *
     * @param query the search
     * @return a future of a page of rules
     */
    public CompletableFuture<SearchRulesResponse> searchAsync(RuleQuery query) {
        return searchAsync(query, RequestOptions.none());
    }

    private ApiRequest searchRequest(RuleQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_RULES, options).body(query);
    }

    /**
     * Every rule of this index, read lazily page by page. Needs the {@code settings} right.
     *
     * @return the lazy sequence
     */
    public PagedIterable<Rule> browse() {
        return new PagedIterable<>(() -> Pages.iterator(0, page -> rulePage(search(ruleQuery(page)))));
    }

    /**
     * Asynchronous form of {@link #browse()}.
     *
     * @return the future rules
     */
    public CompletableFuture<List<Rule>> browseAsync() {
        return Pages.collectAsync(0, page -> searchAsync(ruleQuery(page)).thenApply(IndexRules::rulePage));
    }

    private static RuleQuery ruleQuery(int page) {
        return RuleQuery.of("").page(page).hitsPerPage(PAGE_SIZE);
    }

    private static Page<Rule, Integer> rulePage(SearchRulesResponse response) {
        return new Page<>(response.hits(),
                Pages.nextPage(response.page(), response.hits().size(), response.nbPages(), PAGE_SIZE));
    }
}
