package io.quarry.analytics;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsStatus;
import io.quarry.analytics.model.Countries;
import io.quarry.analytics.model.FilterAttribute;
import io.quarry.analytics.model.FilterValues;
import io.quarry.analytics.model.NoClickRate;
import io.quarry.analytics.model.NoClickSearch;
import io.quarry.analytics.model.NoClickSearches;
import io.quarry.analytics.model.NoResultFilters;
import io.quarry.analytics.model.NoResultRate;
import io.quarry.analytics.model.NoResultSearch;
import io.quarry.analytics.model.NoResultSearches;
import io.quarry.analytics.model.SearchesCount;
import io.quarry.analytics.model.TopFilterAttributes;
import io.quarry.analytics.model.TopHit;
import io.quarry.analytics.model.TopHitWithClickAnalytics;
import io.quarry.analytics.model.TopHits;
import io.quarry.analytics.model.TopHitsWithClickAnalytics;
import io.quarry.analytics.model.TopSearch;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.analytics.model.TopSearches;
import io.quarry.analytics.model.TopSearchesWithClickAnalytics;
import io.quarry.analytics.model.UsersCount;
import io.quarry.core.ApiRequest;
import io.quarry.core.ApiResponse;
import io.quarry.core.Endpoint;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PagedIterable;
import io.quarry.core.QuarryException;
import io.quarry.core.RateLimit;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ScopedHandle;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The analytics of one index, obtained from {@link AnalyticsClient#index(String)}. Every call takes an
 * {@link AnalyticsQuery} (dates, tags, page, order; {@link AnalyticsQuery#of()} for the service's defaults)
 * and sends only the parameters its endpoint understands, each call's Javadoc saying which. Calls with click
 * metrics have their own methods and row types ({@code ...WithClickAnalytics}), whose rates are null when no
 * tracked search was received. Top lists go 1000 rows deep. As in every module, a method named {@code browse...}
 * returns every row, read lazily page after page ({@link #browseTopSearches(AnalyticsQuery)}, ...; its
 * {@code ...Async} form reads them all into a list), and the others make one call and return one page
 * ({@link #topSearches(AnalyticsQuery)}, ...).
 *
 * <p>Errors: an unknown index is a {@link io.quarry.core.NotFoundException}, a bad parameter a
 * {@link io.quarry.core.BadRequestException}, a key without the {@code analytics} right a
 * {@link io.quarry.core.ForbiddenException}, more than 100 calls a minute a {@link io.quarry.core.RateLimitException}.
 */
public final class AnalyticsIndex extends ScopedHandle<AnalyticsIndex> {

    /** The last path segment of the no-result filters, which a list of attributes must not spell alone. */
    private static final String NO_RESULTS_PATH = "noResults";

    /** The rows of a top list when the query sets no limit: the service's default for all but one search's hits. */
    private static final int DEFAULT_LIMIT = 10;

    private final String indexName;
    private final Consumer<RateLimit> rateLimitListener;

    AnalyticsIndex(CallScope scope, String indexName, Consumer<RateLimit> rateLimitListener) {
        super(scope);
        this.indexName = indexName;
        this.rateLimitListener = rateLimitListener;
    }

    @Override
    protected AnalyticsIndex withScope(CallScope scope) {
        return new AnalyticsIndex(scope, indexName, rateLimitListener);
    }

    /** {@return the index's name} */
    public String name() {
        return indexName;
    }

    /**
     * When the index's analytics were last updated ({@code updatedAt} null before its first search).
     *
     * @return the metrics
     */
    public AnalyticsStatus status() {
        return read(statusRequest(), AnalyticsStatus.class);
    }

    /**
     * Asynchronous form of {@link #status()}.
     *
     * @return the future metrics
     */
    public CompletableFuture<AnalyticsStatus> statusAsync() {
        return readAsync(() -> statusRequest(), AnalyticsStatus.class);
    }

    private ApiRequest statusRequest() {
        return request(Endpoints.STATUS, Map.of());
    }

    /**
     * The most frequent searches (at most the 1000 most frequent), without click metrics. Takes every parameter of
     * the query; an order other than by search count needs click analytics and is refused here.
     *
     * @param query the dates, tags and page
     * @return the metrics
     * @throws InvalidRequestException if the query orders by a click metric, before any call
     */
    public TopSearches topSearches(AnalyticsQuery query) {
        return read(topSearchesRequest(query), TopSearches.class);
    }

    /**
     * Asynchronous form of {@link #topSearches(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopSearches> topSearchesAsync(AnalyticsQuery query) {
        return readAsync(() -> topSearchesRequest(query), TopSearches.class);
    }

    private ApiRequest topSearchesRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.SEARCHES, searchParameters(query, false));
    }

    /**
     * The most frequent searches with click-through rate, conversion rate, average click position, tracked and event counts and click position buckets. Takes every parameter of the query, any order.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopSearchesWithClickAnalytics topSearchesWithClickAnalytics(AnalyticsQuery query) {
        return read(topSearchesWithClickAnalyticsRequest(query), TopSearchesWithClickAnalytics.class);
    }

    /**
     * Asynchronous form of {@link #topSearchesWithClickAnalytics(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopSearchesWithClickAnalytics> topSearchesWithClickAnalyticsAsync(AnalyticsQuery query) {
        return readAsync(() -> topSearchesWithClickAnalyticsRequest(query), TopSearchesWithClickAnalytics.class);
    }

    private ApiRequest topSearchesWithClickAnalyticsRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.SEARCHES, searchParameters(query, true));
    }

    /**
     * How many searches were made, over the range and day by day. Takes the dates and tags of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public SearchesCount searchesCount(AnalyticsQuery query) {
        return read(searchesCountRequest(query), SearchesCount.class);
    }

    /**
     * Asynchronous form of {@link #searchesCount(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<SearchesCount> searchesCountAsync(AnalyticsQuery query) {
        return readAsync(() -> searchesCountRequest(query), SearchesCount.class);
    }

    private ApiRequest searchesCountRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.SEARCHES_COUNT, QueryParameters.range(query));
    }

    /**
     * The most frequent searches that found nothing. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public NoResultSearches noResultSearches(AnalyticsQuery query) {
        return read(noResultSearchesRequest(query), NoResultSearches.class);
    }

    /**
     * Asynchronous form of {@link #noResultSearches(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<NoResultSearches> noResultSearchesAsync(AnalyticsQuery query) {
        return readAsync(() -> noResultSearchesRequest(query), NoResultSearches.class);
    }

    private ApiRequest noResultSearchesRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.NO_RESULT_SEARCHES, QueryParameters.page(query));
    }

    /**
     * The most frequent tracked searches that earned no click. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public NoClickSearches noClickSearches(AnalyticsQuery query) {
        return read(noClickSearchesRequest(query), NoClickSearches.class);
    }

    /**
     * Asynchronous form of {@link #noClickSearches(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<NoClickSearches> noClickSearchesAsync(AnalyticsQuery query) {
        return readAsync(() -> noClickSearchesRequest(query), NoClickSearches.class);
    }

    private ApiRequest noClickSearchesRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.NO_CLICK_SEARCHES, QueryParameters.page(query));
    }

    /**
     * The share of searches that found nothing, over the range and day by day. Takes the dates and tags of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public NoResultRate noResultRate(AnalyticsQuery query) {
        return read(noResultRateRequest(query), NoResultRate.class);
    }

    /**
     * Asynchronous form of {@link #noResultRate(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<NoResultRate> noResultRateAsync(AnalyticsQuery query) {
        return readAsync(() -> noResultRateRequest(query), NoResultRate.class);
    }

    private ApiRequest noResultRateRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.NO_RESULT_RATE, QueryParameters.range(query));
    }

    /**
     * The share of tracked searches that earned no click, over the range and day by day. Takes the dates and tags of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public NoClickRate noClickRate(AnalyticsQuery query) {
        return read(noClickRateRequest(query), NoClickRate.class);
    }

    /**
     * Asynchronous form of {@link #noClickRate(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<NoClickRate> noClickRateAsync(AnalyticsQuery query) {
        return readAsync(() -> noClickRateRequest(query), NoClickRate.class);
    }

    private ApiRequest noClickRateRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.NO_CLICK_RATE, QueryParameters.range(query));
    }

    /**
     * The records searches returned most often, without click metrics. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopHits topHits(AnalyticsQuery query) {
        return read(topHitsRequest(query), TopHits.class);
    }

    /**
     * Asynchronous form of {@link #topHits(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopHits> topHitsAsync(AnalyticsQuery query) {
        return readAsync(() -> topHitsRequest(query), TopHits.class);
    }

    private ApiRequest topHitsRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.HITS, QueryParameters.page(query));
    }

    /**
     * The records searches returned most often, with click-through and conversion rates and counts. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopHitsWithClickAnalytics topHitsWithClickAnalytics(AnalyticsQuery query) {
        return read(topHitsWithClickAnalyticsRequest(query), TopHitsWithClickAnalytics.class);
    }

    /**
     * Asynchronous form of {@link #topHitsWithClickAnalytics(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopHitsWithClickAnalytics> topHitsWithClickAnalyticsAsync(AnalyticsQuery query) {
        return readAsync(() -> topHitsWithClickAnalyticsRequest(query), TopHitsWithClickAnalytics.class);
    }

    private ApiRequest topHitsWithClickAnalyticsRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.HITS, withClickAnalytics(QueryParameters.page(query)));
    }

    /**
     * The records one search returned most often, without click metrics. Takes the dates, tags, limit and offset of the query; without a limit, 10 rows as for every other top list (the limit is sent, as the service's own default for one search's hits is 0).
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopHits topHitsForSearch(String search, AnalyticsQuery query) {
        return read(topHitsForSearchRequest(search, query), TopHits.class);
    }

    /**
     * Asynchronous form of {@link #topHitsForSearch(String, AnalyticsQuery)}.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopHits> topHitsForSearchAsync(String search, AnalyticsQuery query) {
        return readAsync(() -> topHitsForSearchRequest(search, query), TopHits.class);
    }

    private ApiRequest topHitsForSearchRequest(String search, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.HITS, withSearch(withDefaultLimit(query), search));
    }

    /**
     * The records one search returned most often, with click metrics. Takes the dates, tags, limit and offset of the query; without a limit, 10 rows as for every other top list (the limit is sent, as the service's own default for one search's hits is 0).
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopHitsWithClickAnalytics topHitsForSearchWithClickAnalytics(String search, AnalyticsQuery query) {
        return read(topHitsForSearchWithClickAnalyticsRequest(search, query), TopHitsWithClickAnalytics.class);
    }

    /**
     * Asynchronous form of {@link #topHitsForSearchWithClickAnalytics(String, AnalyticsQuery)}.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopHitsWithClickAnalytics> topHitsForSearchWithClickAnalyticsAsync(
            String search, AnalyticsQuery query) {
        return readAsync(
                () -> topHitsForSearchWithClickAnalyticsRequest(search, query), TopHitsWithClickAnalytics.class);
    }

    private ApiRequest topHitsForSearchWithClickAnalyticsRequest(String search, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.HITS, withClickAnalytics(withSearch(withDefaultLimit(query), search)));
    }

    /**
     * How many distinct users searched (by user token, else by IP address), over the range and day by day. Takes the dates and tags of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public UsersCount usersCount(AnalyticsQuery query) {
        return read(usersCountRequest(query), UsersCount.class);
    }

    /**
     * Asynchronous form of {@link #usersCount(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<UsersCount> usersCountAsync(AnalyticsQuery query) {
        return readAsync(() -> usersCountRequest(query), UsersCount.class);
    }

    private ApiRequest usersCountRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.USERS_COUNT, QueryParameters.range(query));
    }

    /**
     * The attributes searches filtered on most. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopFilterAttributes topFilterAttributes(AnalyticsQuery query) {
        return read(topFilterAttributesRequest(query), TopFilterAttributes.class);
    }

    /**
     * Asynchronous form of {@link #topFilterAttributes(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopFilterAttributes> topFilterAttributesAsync(AnalyticsQuery query) {
        return readAsync(() -> topFilterAttributesRequest(query), TopFilterAttributes.class);
    }

    private ApiRequest topFilterAttributesRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.FILTERS, QueryParameters.page(query));
    }

    /**
     * The attributes one search filtered on most. Takes the dates, tags, limit and offset of the query.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the metrics
     */
    public TopFilterAttributes topFilterAttributesForSearch(String search, AnalyticsQuery query) {
        return read(topFilterAttributesForSearchRequest(search, query), TopFilterAttributes.class);
    }

    /**
     * Asynchronous form of {@link #topFilterAttributesForSearch(String, AnalyticsQuery)}.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<TopFilterAttributes> topFilterAttributesForSearchAsync(
            String search, AnalyticsQuery query) {
        return readAsync(() -> topFilterAttributesForSearchRequest(search, query), TopFilterAttributes.class);
    }

    private ApiRequest topFilterAttributesForSearchRequest(String search, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.FILTERS, withSearch(QueryParameters.page(query), search));
    }

    /**
     * The values searches filtered on most for some attributes. Takes the dates, tags, limit and offset of the query.
     *
     * @param attributes the attributes, exact names (sent comma-separated in the path); {@code noResults} alone is
     *     refused with an {@link InvalidRequestException}, as the service reads that path as the no-result filters
     * @param query the dates, tags and page
     * @return the metrics
     */
    public FilterValues filterValues(List<String> attributes, AnalyticsQuery query) {
        return read(filterValuesRequest(attributes, query), FilterValues.class);
    }

    /**
     * Asynchronous form of {@link #filterValues(List, AnalyticsQuery)}.
     *
     * @param attributes the attributes, exact names (sent comma-separated in the path); {@code noResults} alone is
     *     refused with an {@link InvalidRequestException}, as the service reads that path as the no-result filters
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<FilterValues> filterValuesAsync(List<String> attributes, AnalyticsQuery query) {
        return readAsync(() -> filterValuesRequest(attributes, query), FilterValues.class);
    }

    private ApiRequest filterValuesRequest(List<String> attributes, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.FILTER_VALUES, QueryParameters.page(query))
                .path("attributes", attributeList(attributes));
    }

    /**
     * The values one search filtered on most for some attributes. Takes the dates, tags, limit and offset of the query.
     *
     * @param attributes the attributes, exact names (sent comma-separated in the path); {@code noResults} alone is
     *     refused with an {@link InvalidRequestException}, as the service reads that path as the no-result filters
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the metrics
     */
    public FilterValues filterValuesForSearch(List<String> attributes, String search, AnalyticsQuery query) {
        return read(filterValuesForSearchRequest(attributes, search, query), FilterValues.class);
    }

    /**
     * Asynchronous form of {@link #filterValuesForSearch(List, String, AnalyticsQuery)}.
     *
     * @param attributes the attributes, exact names (sent comma-separated in the path); {@code noResults} alone is
     *     refused with an {@link InvalidRequestException}, as the service reads that path as the no-result filters
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<FilterValues> filterValuesForSearchAsync(
            List<String> attributes, String search, AnalyticsQuery query) {
        return readAsync(() -> filterValuesForSearchRequest(attributes, search, query), FilterValues.class);
    }

    private ApiRequest filterValuesForSearchRequest(List<String> attributes, String search, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.FILTER_VALUES, withSearch(QueryParameters.page(query), search))
                .path("attributes", attributeList(attributes));
    }

    /**
     * The filter combinations one search used when it found nothing; {@code values} is null when that search never came back empty. Takes the dates, tags, limit and offset of the query.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the metrics
     */
    public NoResultFilters noResultFilters(String search, AnalyticsQuery query) {
        return read(noResultFiltersRequest(search, query), NoResultFilters.class);
    }

    /**
     * Asynchronous form of {@link #noResultFilters(String, AnalyticsQuery)}.
     *
     * @param search the search, exactly as users typed it
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<NoResultFilters> noResultFiltersAsync(String search, AnalyticsQuery query) {
        return readAsync(() -> noResultFiltersRequest(search, query), NoResultFilters.class);
    }

    private ApiRequest noResultFiltersRequest(String search, AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.NO_RESULT_FILTERS, withSearch(QueryParameters.page(query), search));
    }

    /**
     * Searches per country. Takes the dates, tags, limit and offset of the query.
     *
     * @param query the dates, tags and page
     * @return the metrics
     */
    public Countries countries(AnalyticsQuery query) {
        return read(countriesRequest(query), Countries.class);
    }

    /**
     * Asynchronous form of {@link #countries(AnalyticsQuery)}.
     *
     * @param query the dates, tags and page
     * @return the future metrics
     */
    public CompletableFuture<Countries> countriesAsync(AnalyticsQuery query) {
        return readAsync(() -> countriesRequest(query), Countries.class);
    }

    private ApiRequest countriesRequest(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return request(Endpoints.COUNTRIES, QueryParameters.page(query));
    }

    /**
     * Every row of the top searches, without click metrics, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<TopSearch> browseTopSearches(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseTopSearches",
                query,
                (scope, page) -> withScope(scope).topSearches(page),
                this::topSearchesAsync,
                TopSearches::searches);
    }

    /**
     * Asynchronous form of {@link #browseTopSearches(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<TopSearch>> browseTopSearchesAsync(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseTopSearches", index -> index.browseTopSearches(query));
    }

    /**
     * Every row of the top searches with click metrics, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<TopSearchWithClickAnalytics> browseTopSearchesWithClickAnalytics(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseTopSearchesWithClickAnalytics",
                query,
                (scope, page) -> withScope(scope).topSearchesWithClickAnalytics(page),
                this::topSearchesWithClickAnalyticsAsync,
                TopSearchesWithClickAnalytics::searches);
    }

    /**
     * Asynchronous form of {@link #browseTopSearchesWithClickAnalytics(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<TopSearchWithClickAnalytics>> browseTopSearchesWithClickAnalyticsAsync(
            AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync(
                "browseTopSearchesWithClickAnalytics", index -> index.browseTopSearchesWithClickAnalytics(query));
    }

    /**
     * Every row of the searches without results, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<NoResultSearch> browseNoResultSearches(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseNoResultSearches",
                query,
                (scope, page) -> withScope(scope).noResultSearches(page),
                this::noResultSearchesAsync,
                NoResultSearches::searches);
    }

    /**
     * Asynchronous form of {@link #browseNoResultSearches(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<NoResultSearch>> browseNoResultSearchesAsync(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseNoResultSearches", index -> index.browseNoResultSearches(query));
    }

    /**
     * Every row of the searches without clicks, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<NoClickSearch> browseNoClickSearches(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseNoClickSearches",
                query,
                (scope, page) -> withScope(scope).noClickSearches(page),
                this::noClickSearchesAsync,
                NoClickSearches::searches);
    }

    /**
     * Asynchronous form of {@link #browseNoClickSearches(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<NoClickSearch>> browseNoClickSearchesAsync(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseNoClickSearches", index -> index.browseNoClickSearches(query));
    }

    /**
     * Every row of the top hits, without click metrics, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<TopHit> browseTopHits(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseTopHits",
                query,
                (scope, page) -> withScope(scope).topHits(page),
                this::topHitsAsync,
                TopHits::hits);
    }

    /**
     * Asynchronous form of {@link #browseTopHits(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<TopHit>> browseTopHitsAsync(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseTopHits", index -> index.browseTopHits(query));
    }

    /**
     * Every row of the top hits with click metrics, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<TopHitWithClickAnalytics> browseTopHitsWithClickAnalytics(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseTopHitsWithClickAnalytics",
                query,
                (scope, page) -> withScope(scope).topHitsWithClickAnalytics(page),
                this::topHitsWithClickAnalyticsAsync,
                TopHitsWithClickAnalytics::hits);
    }

    /**
     * Asynchronous form of {@link #browseTopHitsWithClickAnalytics(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<TopHitWithClickAnalytics>> browseTopHitsWithClickAnalyticsAsync(
            AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseTopHitsWithClickAnalytics", index -> index.browseTopHitsWithClickAnalytics(query));
    }

    /**
     * Every row of the top filter attributes, read lazily page by page from the query's offset: pages of the query's limit
     * (100 when unset), until a short page or the 1000th row (the deepest the service goes). A call observer sees the
     * calls of one iteration inside one composite call named after this method; close the iterator or stream when
     * stopping early (see {@link PagedIterable}).
     *
     * @param query the dates, tags, order and page size
     * @return the lazy rows
     */
    public PagedIterable<FilterAttribute> browseTopFilterAttributes(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return Paging.rows(
                scope(),
                "browseTopFilterAttributes",
                query,
                (scope, page) -> withScope(scope).topFilterAttributes(page),
                this::topFilterAttributesAsync,
                TopFilterAttributes::attributes);
    }

    /**
     * Asynchronous form of {@link #browseTopFilterAttributes(AnalyticsQuery)}: reads every page and collects the rows.
     *
     * @param query the dates, tags, order and page size
     * @return the future rows
     */
    public CompletableFuture<List<FilterAttribute>> browseTopFilterAttributesAsync(AnalyticsQuery query) {
        Objects.requireNonNull(query, "query");
        return collectAsync("browseTopFilterAttributes", index -> index.browseTopFilterAttributes(query));
    }

    /** Reads every page of a top list without blocking, inside the composite call the lazy form opens. */
    private <T> CompletableFuture<List<T>> collectAsync(
            String operation, Function<AnalyticsIndex, PagedIterable<T>> rows) {
        return scope().compositeCallAsync(
                        operation, scope -> rows.apply(withScope(scope)).toListAsync());
    }

    private ApiRequest request(Endpoint endpoint, Map<String, Object> parameters) {
        return scope().request(endpoint).query("index", indexName).query(parameters);
    }

    private static Map<String, Object> searchParameters(AnalyticsQuery query, boolean clickAnalytics) {
        if (query.orderBy() != null && query.orderBy().needsClickAnalytics() && !clickAnalytics) {
            throw new InvalidRequestException(
                    "ordering by " + query.orderBy() + " needs click analytics: use topSearchesWithClickAnalytics");
        }
        Map<String, Object> params = QueryParameters.page(query);
        if (query.orderBy() != null) {
            params.put("orderBy", query.orderBy().name());
        }
        if (query.direction() != null) {
            params.put("direction", query.direction().wireName());
        }
        return clickAnalytics ? withClickAnalytics(params) : params;
    }

    /** {@return the page parameters, with the default limit when the query has none} */
    private static Map<String, Object> withDefaultLimit(AnalyticsQuery query) {
        Map<String, Object> params = QueryParameters.page(query);
        params.putIfAbsent("limit", String.valueOf(DEFAULT_LIMIT));
        return params;
    }

    private static Map<String, Object> withClickAnalytics(Map<String, Object> params) {
        Map<String, Object> with = new LinkedHashMap<>(params);
        with.put("clickAnalytics", true);
        return with;
    }

    private static Map<String, Object> withSearch(Map<String, Object> params, String search) {
        Map<String, Object> with = new LinkedHashMap<>(params);
        with.put("search", Objects.requireNonNull(search, "search"));
        return with;
    }

    private static String attributeList(List<String> attributes) {
        if (Objects.requireNonNull(attributes, "attributes").isEmpty()) {
            throw new InvalidRequestException("at least one attribute is needed");
        }
        for (String attribute : attributes) {
            if (attribute == null || attribute.isEmpty() || attribute.contains(",")) {
                throw new InvalidRequestException("attribute names must be non-empty and free of commas: " + attribute);
            }
        }
        if (attributes.size() == 1 && attributes.get(0).equals(NO_RESULTS_PATH)) {
            // /2/filters/noResults is the service's own call: its answer would be read as values of another shape
            throw new InvalidRequestException("the attribute '" + NO_RESULTS_PATH + "' alone cannot be asked about: "
                    + "the service reads that path as the no-result filters (see noResultFilters)");
        }
        return String.join(",", attributes);
    }

    private <T> T read(ApiRequest request, Class<T> type) {
        return reported(request.executeForResponse(type));
    }

    private <T> CompletableFuture<T> readAsync(Supplier<ApiRequest> request, Class<T> type) {
        try {
            return request.get().executeForResponseAsync(type).thenApply(this::reported);
        } catch (QuarryException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private <T> T reported(ApiResponse<T> response) {
        if (rateLimitListener != null) {
            response.rateLimit().ifPresent(rateLimitListener);
        }
        return response.value();
    }
}
