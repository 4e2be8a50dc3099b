package io.quarry.search;

import io.quarry.core.RequestOptions;
import io.quarry.search.internal.IndexObjectCalls;
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

    private static final IndexObjectCalls.Routes ROUTES = new IndexObjectCalls.Routes(Endpoints.SAVE_RULE,
            Endpoints.SAVE_RULES, Endpoints.GET_RULE, Endpoints.DELETE_RULE, Endpoints.CLEAR_RULES,
            Endpoints.SEARCH_RULES, "clearExistingRules");

    private final IndexObjectCalls<Rule, RuleQuery, SearchRulesResponse> calls;

    IndexRules(Scope scope) {
        this.calls = new IndexObjectCalls<>(scope, ROUTES, Rule.class, Rule::objectID, SearchRulesResponse.class,
                page -> RuleQuery.of("").page(page).hitsPerPage(IndexObjectCalls.PAGE_SIZE), IndexRules::page);
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
        return calls.save(rule, forwardToReplicas, options);
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
        return calls.saveAsync(rule, forwardToReplicas, options);
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
        return calls.saveAll(rules, forwardToReplicas, clearExistingRules, options);
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
        return calls.saveAllAsync(rules, forwardToReplicas, clearExistingRules, options);
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
        return calls.get(objectID, options);
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
        return calls.getAsync(objectID, options);
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
        return calls.delete(objectID, forwardToReplicas, options);
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
        return calls.deleteAsync(objectID, forwardToReplicas, options);
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
        return calls.search(query, options);
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
        return calls.searchAsync(query, options);
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

    /**
     * Every rule of this index, read lazily page by page. Needs the {@code settings} right.
     *
     * @return the lazy sequence
     */
    public PagedIterable<Rule> browse() {
        return new PagedIterable<>(calls::iterator);
    }

    /**
     * Asynchronous form of {@link #browse()}.
     *
     * @return the future rules
     */
    public CompletableFuture<List<Rule>> browseAsync() {
        return calls.collectAsync();
    }

    // Rule search answers its page and page count.
    private static Page<Rule, Integer> page(int asked, SearchRulesResponse response) {
        return new Page<>(response.hits(), Pages.nextPage(response.page(), response.hits().size(),
                response.nbPages(), IndexObjectCalls.PAGE_SIZE));
    }
}
