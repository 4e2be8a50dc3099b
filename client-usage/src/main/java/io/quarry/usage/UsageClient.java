package io.quarry.usage;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsagePoint;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * The client of the usage API: time series of operation counts, processing times, record counts and capacity,
 * for the application or for one index.
 *
 * <pre>{@code
 * try (UsageClient usage = UsageClient.create("MY_APP_ID", "MY_USAGE_KEY")) {
 *     UsageStatistics week = usage.statistics(
 *             List.of(Statistic.TOTAL_SEARCH_REQUESTS, Statistic.MAX_QPS),
 *             UsageRange.hourly(now.minus(Duration.ofDays(7)), now));
 *     long searches = week.total(Statistic.TOTAL_SEARCH_REQUESTS);
 *     UsageStatistics products = usage.indexStatistics("products", List.of(Statistic.RECORD_OPERATIONS),
 *             UsageRange.lastDays(30, Clock.systemUTC()));
 * }
 * }</pre>
 *
 * <p>Every call needs the application's usage key. Only statistics with data in the range are answered; an
 * unknown statistic, or one not offered at that level, fails with a
 * {@link io.quarry.core.UnprocessableEntityException} naming it. Range limits are checked by {@link UsageRange}
 * before anything is sent.
 *
 * <p>Thread-safe. Every call comes in two forms, blocking and {@code ...Async}; per-call options come from a
 * {@link #withOptions(RequestOptions) view} that carries them. The default host is {@code usage.<product domain>}.
 */
public final class UsageClient extends ClientHandle<UsageClient> {

    /** What the core needs to know of this module: name, version, default host. */
    private static final ClientModule MODULE =
            ClientModule.of("Usage", UsageClient.class, DefaultHosts.productHost("usage", ""));

    private static final TypeRef<Map<String, List<UsagePoint>>> ANSWER = new TypeRef<>() {};

    private UsageClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client with the default host.
     *
     * @param applicationId the application ID
     * @param usageKey the application's usage key (never logged)
     * @return the client; close it when done
     */
    public static UsageClient create(String applicationId, String usageKey) {
        return create(ClientConfig.builder(applicationId, usageKey).build());
    }

    /**
     * A client from a full configuration (hosts, timeouts, OkHttp client, logging, ...).
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static UsageClient create(ClientConfig config) {
        return new UsageClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED);
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected UsageClient withScope(CallScope scope) {
        return new UsageClient(scope, Connections.SHARED);
    }

    /**
     * Statistics of the application over a range.
     *
     * @param statistics statistics or groupings, at least one
     * @param range the range and granularity
     * @return one series per statistic with data
     * @throws InvalidRequestException when no statistic is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UsageStatistics statistics(List<Statistic> statistics, UsageRange range) {
        return new UsageStatistics(statisticsRequest(statistics, range).execute(ANSWER));
    }

    /**
     * Asynchronous form of {@link #statistics(List, UsageRange)}. Cancelling the future cancels the call.
     *
     * @param statistics statistics or groupings, at least one
     * @param range the range and granularity
     * @return a future of one series per statistic with data; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no statistic is given, before any call
     */
    public CompletableFuture<UsageStatistics> statisticsAsync(List<Statistic> statistics, UsageRange range) {
        return statisticsRequest(statistics, range).executeAsync(ANSWER).thenApply(UsageStatistics::new);
    }

    private ApiRequest statisticsRequest(List<Statistic> statistics, UsageRange range) {
        return withRange(scope().request(Endpoints.STATISTICS).path("statistic", names(statistics)), range);
    }

    /**
     * Statistics of one index over a range. An index without data in the range answers no series.
     *
     * @param index the index
     * @param statistics statistics or groupings offered per index, at least one
     * @param range the range and granularity
     * @return one series per statistic with data
     * @throws InvalidRequestException when no statistic is given, before any call
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UsageStatistics indexStatistics(String index, List<Statistic> statistics, UsageRange range) {
        return new UsageStatistics(
                indexStatisticsRequest(index, statistics, range).execute(ANSWER));
    }

    /**
     * Asynchronous form of {@link #indexStatistics(String, List, UsageRange)}. Cancelling the future cancels the
     * call.
     *
     * @param index the index
     * @param statistics statistics or groupings offered per index, at least one
     * @param range the range and granularity
     * @return a future of one series per statistic with data; it fails with a {@link io.quarry.core.QuarryException}
     * @throws InvalidRequestException when no statistic is given, before any call
     */
    public CompletableFuture<UsageStatistics> indexStatisticsAsync(
            String index, List<Statistic> statistics, UsageRange range) {
        return indexStatisticsRequest(index, statistics, range)
                .executeAsync(ANSWER)
                .thenApply(UsageStatistics::new);
    }

    private ApiRequest indexStatisticsRequest(String index, List<Statistic> statistics, UsageRange range) {
        return withRange(
                scope().request(Endpoints.INDEX_STATISTICS)
                        .path("statistic", names(statistics))
                        .path("index", Objects.requireNonNull(index, "index")),
                range);
    }

    private static ApiRequest withRange(ApiRequest request, UsageRange range) {
        Objects.requireNonNull(range, "range");
        return request.query("startDate", range.start().toString())
                .query("endDate", range.end().toString())
                .query("granularity", range.granularity().wireName());
    }

    /** Joins the names with commas; the core percent-encodes the segment. */
    private static String names(List<Statistic> statistics) {
        Objects.requireNonNull(statistics, "statistics");
        if (statistics.isEmpty()) {
            throw new InvalidRequestException("at least one statistic is needed");
        }
        return statistics.stream()
                .map(s -> Objects.requireNonNull(s, "statistic").name())
                .distinct()
                .collect(Collectors.joining(","));
    }
}
