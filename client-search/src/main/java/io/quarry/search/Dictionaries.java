package io.quarry.search;

import io.quarry.core.ApiRequest;
import io.quarry.core.PagedIterable;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.Page;
import io.quarry.core.spi.ScopedHandle;
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
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The custom dictionaries of the application (stopwords, plurals, compounds): batch edits, search, settings,
 * languages, and lazy iteration over the entries. Obtained from {@link SearchClient#dictionaries()}; cheap,
 * immutable and thread-safe. Edits are application tasks: wait with {@link SearchClient#waitForAppTask(long)}.
 *
 * <p>Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them.
 *
 * <p>As in every module, a method named {@code browse...} returns every item, read lazily page after page
 * ({@link #browse(DictionaryName, String)}; its {@code ...Async} form reads them all into a list), while
 * {@link #search(DictionaryName, DictionaryQuery) search} makes one call and returns one page.
 */
public final class Dictionaries extends ScopedHandle<Dictionaries> {

    private static final TypeRef<Map<String, DictionaryLanguage>> LANGUAGES = TypeRef.mapOf(DictionaryLanguage.class);
    private static final int PAGE_SIZE = 1000;

    private final boolean parametersInUrl;

    Dictionaries(CallScope scope) {
        this(scope, false);
    }

    private Dictionaries(CallScope scope, boolean parametersInUrl) {
        super(scope);
        this.parametersInUrl = parametersInUrl;
    }

    @Override
    protected Dictionaries withScope(CallScope scope) {
        return new Dictionaries(scope, parametersInUrl);
    }

    /**
     * A view whose entry searches send their parameters in the URL's query string, as {@code GET} requests,
     * instead of in a {@code POST} body (no call is made). It exists for caching proxies, which can cache a URL
     * but not a body; the body form is the one to use otherwise. It changes
     * {@link #search(DictionaryName, DictionaryQuery) search} and so {@link #browse(DictionaryName, String)
     * browse}, with their asynchronous forms; every other call of the view is the same as this handle's.
     *
     * @return the view
     */
    public Dictionaries withParametersInUrl() {
        return new Dictionaries(scope(), true);
    }

    /**
     * Adds, replaces or deletes custom dictionary entries (payload at most 10 MB); the other custom entries stay.
     * Wait with {@link SearchClient#waitForAppTask(long)}.
     *
     * <p>Key right: editSettings.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse batch(DictionaryName dictionary, List<DictionaryOperation> operations) {
        return batchRequest(dictionary, operations, false).execute(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #batch(DictionaryName, List)}. Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param operations the operations
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> batchAsync(
            DictionaryName dictionary, List<DictionaryOperation> operations) {
        return batchRequest(dictionary, operations, false).executeAsync(AppTaskResponse.class);
    }

    /**
     * Removes every custom entry of a dictionary, then applies the operations, in one task (standard entries
     * are kept). Wait with {@link SearchClient#waitForAppTask(long)}.
     *
     * <p>Key right: editSettings.
     *
     * @param dictionary the dictionary
     * @param operations the operations applied after the clearing
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse replaceCustomEntries(DictionaryName dictionary, List<DictionaryOperation> operations) {
        return batchRequest(dictionary, operations, true).execute(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #replaceCustomEntries(DictionaryName, List)}. Cancelling the future cancels the
     * call.
     *
     * @param dictionary the dictionary
     * @param operations the operations applied after the clearing
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> replaceCustomEntriesAsync(
            DictionaryName dictionary, List<DictionaryOperation> operations) {
        return batchRequest(dictionary, operations, true).executeAsync(AppTaskResponse.class);
    }

    private ApiRequest batchRequest(
            DictionaryName dictionary, List<DictionaryOperation> operations, boolean clearExistingDictionaryEntries) {
        return scope().request(Endpoints.BATCH_DICTIONARY_ENTRIES)
                .path("dictionaryName", dictionary)
                .body(JsonBodies.object(
                        "clearExistingDictionaryEntries",
                        clearExistingDictionaryEntries,
                        "requests",
                        Objects.requireNonNull(operations, "operations")));
    }

    /**
     * Searches the entries of a dictionary, the parameters in the request's body (in the URL on a
     * {@link #withParametersInUrl()} view); {@link #browse(DictionaryName, String)} iterates over all of them.
     *
     * <p>Key right: settings.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a page of entries
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySearchResponse search(DictionaryName dictionary, DictionaryQuery query) {
        return searchRequest(dictionary, query).execute(DictionarySearchResponse.class);
    }

    /**
     * Asynchronous form of {@link #search(DictionaryName, DictionaryQuery)}.
     * Cancelling the future cancels the call.
     *
     * @param dictionary the dictionary
     * @param query the search
     * @return a future of a page of entries; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySearchResponse> searchAsync(DictionaryName dictionary, DictionaryQuery query) {
        return searchRequest(dictionary, query).executeAsync(DictionarySearchResponse.class);
    }

    private ApiRequest searchRequest(DictionaryName dictionary, DictionaryQuery query) {
        Objects.requireNonNull(query, "query");
        if (parametersInUrl) {
            return scope().request(Endpoints.SEARCH_DICTIONARY_ENTRIES_GET)
                    .path("dictionaryName", dictionary)
                    .query("query", query.query())
                    .query("page", query.page())
                    .query("hitsPerPage", query.hitsPerPage())
                    .query("language", query.language());
        }
        return scope().request(Endpoints.SEARCH_DICTIONARY_ENTRIES)
                .path("dictionaryName", dictionary)
                .body(query);
    }

    /**
     * Disables or re-enables standard dictionary entries for the listed languages; others stay.
     *
     * <p>Key right: editSettings.
     *
     * @param settings the changes
     * @return the application task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public AppTaskResponse setSettings(DictionarySettings settings) {
        return setSettingsRequest(settings).execute(AppTaskResponse.class);
    }

    /**
     * Asynchronous form of {@link #setSettings(DictionarySettings)}. Cancelling the future
     * cancels the call.
     *
     * @param settings the changes
     * @return a future of the application task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<AppTaskResponse> setSettingsAsync(DictionarySettings settings) {
        return setSettingsRequest(settings).executeAsync(AppTaskResponse.class);
    }

    private ApiRequest setSettingsRequest(DictionarySettings settings) {
        return scope().request(Endpoints.SET_DICTIONARY_SETTINGS).body(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Reads the languages whose standard entries are disabled.
     *
     * <p>Key right: settings.
     *
     * @return the settings
     * @throws io.quarry.core.QuarryException on any failure
     */
    public DictionarySettings getSettings() {
        return getSettingsRequest().execute(DictionarySettings.class);
    }

    /**
     * Asynchronous form of {@link #getSettings()}. Cancelling the future cancels the call.
     *
     * @return a future of the settings; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<DictionarySettings> getSettingsAsync() {
        return getSettingsRequest().executeAsync(DictionarySettings.class);
    }

    private ApiRequest getSettingsRequest() {
        return scope().request(Endpoints.GET_DICTIONARY_SETTINGS);
    }

    /**
     * Lists the languages and their custom entry counts.
     *
     * <p>Key right: settings.
     *
     * @return language code to counts
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Map<String, DictionaryLanguage> getLanguages() {
        return getLanguagesRequest().execute(LANGUAGES);
    }

    /**
     * Asynchronous form of {@link #getLanguages()}. Cancelling the future cancels the call.
     *
     * @return a future of language code to counts; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Map<String, DictionaryLanguage>> getLanguagesAsync() {
        return getLanguagesRequest().executeAsync(LANGUAGES);
    }

    private ApiRequest getLanguagesRequest() {
        return scope().request(Endpoints.GET_DICTIONARY_LANGUAGES);
    }

    /**
     * Every entry of a dictionary (standard and custom) in a language, read lazily page by page. A call observer
     * sees the calls of one iteration inside one composite call {@code browseDictionaryEntries}; close the iterator
     * or stream when stopping early (see {@link PagedIterable}).
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null for all
     * @return the lazy sequence
     */
    public PagedIterable<DictionaryEntry> browse(DictionaryName dictionary, String language) {
        Objects.requireNonNull(dictionary, "dictionary");
        return PagedIterable.inCompositeCall(
                scope(),
                "browseDictionaryEntries",
                0,
                (scope, page) ->
                        dictionaryPage(page, withScope(scope).search(dictionary, dictionaryQuery(page, language))),
                page -> searchAsync(dictionary, dictionaryQuery(page, language))
                        .thenApply(answer -> dictionaryPage(page, answer)));
    }

    /**
     * Asynchronous form of {@link #browse(DictionaryName, String)}.
     *
     * @param dictionary the dictionary
     * @param language   the language code, or null
     * @return the future entries
     */
    public CompletableFuture<List<DictionaryEntry>> browseAsync(DictionaryName dictionary, String language) {
        return scope().compositeCallAsync(
                        "browseDictionaryEntries",
                        scope -> withScope(scope).browse(dictionary, language).toListAsync());
    }

    private static DictionaryQuery dictionaryQuery(int page, String language) {
        DictionaryQuery query = DictionaryQuery.of("").page(page).hitsPerPage(PAGE_SIZE);
        return language == null ? query : query.language(language);
    }

    /** The next page follows the one asked, not the one the answer echoes: one without its page cannot stall. */
    private static Page<DictionaryEntry, Integer> dictionaryPage(int asked, DictionarySearchResponse r) {
        return new Page<>(r.hits(), Page.nextPageNumber(asked, r.hits().size(), r.nbPages(), PAGE_SIZE));
    }
}
