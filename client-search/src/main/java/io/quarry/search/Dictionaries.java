package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.search.internal.JsonBody;
import io.quarry.search.internal.Page;
import io.quarry.search.internal.Pages;
import io.quarry.search.internal.Scope;
import io.quarry.search.model.AppTaskResponse;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryLanguage;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.DictionarySearchResponse;
import io.quarry.search.model.DictionarySettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The custom dictionaries of the application (stopwords, plurals, compounds): batch edits, search, settings,
 * languages, and lazy iteration over the entries. Obtained from {@link SearchClient#dictionaries()}; cheap,
 * immutable and thread-safe. Edits are application tasks: wait with {@link SearchClient#waitForAppTask(long)}.
 *
 * <p>Every call comes in four forms: blocking and {@code ...Async}, each with and without
 * {@link RequestOptions}.
 */
public final class Dictionaries {

    private static final TypeRef<Map<String, DictionaryLanguage>> LANGUAGES = TypeRef.mapOf(DictionaryLanguage.class);
    private static final int PAGE_SIZE = 1000;

    private final Scope calls;

    Dictionaries(Scope calls) {
        this.calls = calls;
    }

    /**
     * Adds, replaces or deletes custom dictionary entries (payload at most 10 MB); wait with
     * {@link SearchClient#waitForAppTask(long)}.
     *
     * <p>Key right: editSettings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse batch(DictionaryName dictionary, List<DictionaryOperation> operations,
                                 boolean clearExistingDictionaryEntries, RequestOptions options) {
        return batchRequest(dictionary, operations, clearExistingDictionaryEntries, options)
                .execute(AppTaskResponse.class);
    }

    /**
     * Same as {@link #batch(DictionaryName, List, boolean, RequestOptions)} with default options.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @return the application task
     */
    public AppTaskResponse batch(DictionaryName dictionary, List<DictionaryOperation> operations,
                                 boolean clearExistingDictionaryEntries) {
        return batch(dictionary, operations, clearExistingDictionaryEntries, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #batch(DictionaryName, List, boolean, RequestOptions)}. Cancelling
     * the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @param options per-request options; null for none
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> batchAsync(DictionaryName dictionary,
                                                         List<DictionaryOperation> operations,
                                                         boolean clearExistingDictionaryEntries,
                                                         RequestOptions options) {
        return batchRequest(dictionary, operations, clearExistingDictionaryEntries, options)
                .executeAsync(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #batch(DictionaryName, List, boolean)}.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @param clearExistingDictionaryEntries whether every custom entry is removed first
     * @return a future of the application task
     */
    public CompletableFuture<AppTaskResponse> batchAsync(DictionaryName dictionary,
                                                         List<DictionaryOperation> operations,
                                                         boolean clearExistingDictionaryEntries) {
        return batchAsync(dictionary, operations, clearExistingDictionaryEntries,
                RequestOptions.none());
    }

    private ApiRequest batchRequest(DictionaryName dictionary, List<DictionaryOperation> operations,
                                    boolean clearExistingDictionaryEntries, RequestOptions options) {
        return calls.request(Endpoints.BATCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary)
                .body(JsonBody.of("clearExistingDictionaryEntries", clearExistingDictionaryEntries, "requests",
                operations));
    }

    /**
     * Searches the entries of a dictionary; {@link #browse(DictionaryName, String)} iterates over
     * all of them.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySearchResponse search(DictionaryName dictionary, DictionaryQuery query, RequestOptions options) {
        return searchRequest(dictionary, query, options).execute(DictionarySearchResponse.class);
    }

    /**
     * Same as {@link #search(DictionaryName, DictionaryQuery, RequestOptions)} with default options.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a page of entries
     */
    public DictionarySearchResponse search(DictionaryName dictionary, DictionaryQuery query) {
        return search(dictionary, query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #search(DictionaryName, DictionaryQuery, RequestOptions)}.
     * Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySearchResponse> searchAsync(DictionaryName dictionary, DictionaryQuery query,
                                                                   RequestOptions options) {
        return searchRequest(dictionary, query, options).executeAsync(DictionarySearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #search(DictionaryName, DictionaryQuery)}.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a future of a page of entries
     */
    public CompletableFuture<DictionarySearchResponse> searchAsync(DictionaryName dictionary, DictionaryQuery query) {
        return searchAsync(dictionary, query, RequestOptions.none());
    }

    private ApiRequest searchRequest(DictionaryName dictionary, DictionaryQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_DICTIONARY_ENTRIES, options).path("dictionaryName", dictionary)
                .body(query);
    }

    /**
     * Searches the entries of a dictionary with the parameters in the query string.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return a page of entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySearchResponse searchWithGet(DictionaryName dictionary, DictionaryQuery query,
                                                  RequestOptions options) {
        return searchWithGetRequest(dictionary, query, options).execute(DictionarySearchResponse.class);
    }

    /**
     * Same as {@link #searchWithGet(DictionaryName, DictionaryQuery, RequestOptions)} with default
     * options.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a page of entries
     */
    public DictionarySearchResponse searchWithGet(DictionaryName dictionary, DictionaryQuery query) {
        return searchWithGet(dictionary, query, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #searchWithGet(DictionaryName, DictionaryQuery, RequestOptions)}.
     * Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @param options per-request options; null for none
     * @return a future of a page of entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySearchResponse> searchWithGetAsync(DictionaryName dictionary,
                                                                          DictionaryQuery query,
                                                                          RequestOptions options) {
        return searchWithGetRequest(dictionary, query, options).executeAsync(DictionarySearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #searchWithGet(DictionaryName, DictionaryQuery)}.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a future of a page of entries
     */
    public CompletableFuture<DictionarySearchResponse> searchWithGetAsync(DictionaryName dictionary,
                                                                          DictionaryQuery query) {
        return searchWithGetAsync(dictionary, query, RequestOptions.none());
    }

    private ApiRequest searchWithGetRequest(DictionaryName dictionary, DictionaryQuery query, RequestOptions options) {
        return calls.request(Endpoints.SEARCH_DICTIONARY_ENTRIES_GET, options).path("dictionaryName", dictionary)
                .query("query", query.query()).query("page", query.page()).query("hitsPerPage", query.hitsPerPage())
                .query("language", query.language());
    }

    /**
     * Disables or re-enables standard dictionary entries for the listed languages; others stay.
     *
     * <p>Key right: editSettings (not shown in the specification; that of the real service).
     *
     * @param settings the changes
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse setSettings(DictionarySettings settings, RequestOptions options) {
        return setSettingsRequest(settings, options).execute(AppTaskResponse.class);
    }

    /**
     * Same as {@link #setSettings(DictionarySettings, RequestOptions)} with default options.
     *
     * @param settings the changes
     * @return the application task
     */
    public AppTaskResponse setSettings(DictionarySettings settings) {
        return setSettings(settings, RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #setSettings(DictionarySettings, RequestOptions)}. Cancelling the future
     * cancels the call.
     *
     * @param settings the changes
     * @param options per-request options; null for none
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> setSettingsAsync(DictionarySettings settings, RequestOptions options) {
        return setSettingsRequest(settings, options).executeAsync(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #setSettings(DictionarySettings)}.
     *
     * @param settings the changes
     * @return a future of the application task
     */
    public CompletableFuture<AppTaskResponse> setSettingsAsync(DictionarySettings settings) {
        return setSettingsAsync(settings, RequestOptions.none());
    }

    private ApiRequest setSettingsRequest(DictionarySettings settings, RequestOptions options) {
        return calls.request(Endpoints.SET_DICTIONARY_SETTINGS, options).body(settings);
    }

    /**
     * Reads the languages whose standard entries are disabled.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return the settings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySettings getSettings(RequestOptions options) {
        return getSettingsRequest(options).execute(DictionarySettings.class);
    }

    /**
     * Same as {@link #getSettings(RequestOptions)} with default options.
     *
     * @return the settings
     */
    public DictionarySettings getSettings() {
        return getSettings(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getSettings(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of the settings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySettings> getSettingsAsync(RequestOptions options) {
        return getSettingsRequest(options).executeAsync(DictionarySettings.class);
    }

    /**
     * Asynchronous form of {@link #getSettings()}.
     *
     * @return a future of the settings
     */
    public CompletableFuture<DictionarySettings> getSettingsAsync() {
        return getSettingsAsync(RequestOptions.none());
    }

    private ApiRequest getSettingsRequest(RequestOptions options) {
        return calls.request(Endpoints.GET_DICTIONARY_SETTINGS, options);
    }

    /**
     * Lists the languages and their custom entry counts.
     *
     * <p>Key right: settings (not shown in the specification; that of the real service).
     *
     * @param options per-request options (headers, query parameters, timeouts); null for none
     * @return language code to counts
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Map<String, DictionaryLanguage> getLanguages(RequestOptions options) {
        return getLanguagesRequest(options).execute(LANGUAGES);
    }

    /**
     * Same as {@link #getLanguages(RequestOptions)} with default options.
     *
     * @return language code to counts
     */
    public Map<String, DictionaryLanguage> getLanguages() {
        return getLanguages(RequestOptions.none());
    }

    /**
     * Asynchronous form of {@link #getLanguages(RequestOptions)}. Cancelling the future cancels the call.
     *
     * @param options per-request options; null for none
     * @return a future of language code to counts; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Map<String, DictionaryLanguage>> getLanguagesAsync(RequestOptions options) {
        return getLanguagesRequest(options).executeAsync(LANGUAGES);
    }

    /**
     * Asynchronous form of {@link #getLanguages()}.
     *
     * @return a future of language code to counts
     */
    public CompletableFuture<Map<String, DictionaryLanguage>> getLanguagesAsync() {
        return getLanguagesAsync(RequestOptions.none());
    }

    private ApiRequest getLanguagesRequest(RequestOptions options) {
        return calls.request(Endpoints.GET_DICTIONARY_LANGUAGES, options);
    }

    /**
     * Every entry of a dictionary (standard and custom) in a language, read lazily page by page.
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null for all
     * @return the lazy sequence
     */
    public PagedIterable<DictionaryEntry> browse(DictionaryName dictionary, String language) {
        return new PagedIterable<>(() -> Pages.iterator(0,
                page -> dictionaryPage(search(dictionary, dictionaryQuery(page, language)))));
    }

    /**
     * Asynchronous form of {@link #browse(DictionaryName, String)}.
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null
     * @return the future entries
     */
    public CompletableFuture<List<DictionaryEntry>> browseAsync(DictionaryName dictionary, String language) {
        return Pages.collectAsync(0, page -> searchAsync(dictionary, dictionaryQuery(page, language))
                .thenApply(Dictionaries::dictionaryPage));
    }

    private static DictionaryQuery dictionaryQuery(int page, String language) {
        DictionaryQuery query = DictionaryQuery.of("").page(page).hitsPerPage(PAGE_SIZE);
        return language == null ? query : query.language(language);
    }

    private static Page<DictionaryEntry, Integer> dictionaryPage(DictionarySearchResponse r) {
        return new Page<>(r.hits(), Pages.nextPage(r.page(), r.hits().size(), r.nbPages(), PAGE_SIZE));
    }
}
