package io.quarry.crawler;

import io.quarry.core.ApiRequest;
import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Polling;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerTaskRef;
import io.quarry.crawler.model.CrawlerTaskStatus;
import io.quarry.crawler.model.CrawlerUpdate;
import io.quarry.crawler.model.UrlStatistics;
import io.quarry.crawler.model.UrlTestRequest;
import io.quarry.crawler.model.UrlTestResult;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One crawler: read and change it, run, pause and reindex it, crawl given URLs, test a URL, read its URL
 * statistics, and follow its tasks. Obtained from {@link CrawlerClient#crawler(String)}; no call is made until a
 * method is called. A crawler that does not exist, or that the credentials may not see, answers
 * {@link io.quarry.core.ForbiddenException}.
 */
public final class CrawlerHandle extends ScopedHandle<CrawlerHandle> {

    CrawlerHandle(CallScope scope) {
        super(scope);
    }

    @Override
    protected CrawlerHandle withScope(CallScope scope) {
        return new CrawlerHandle(scope);
    }

    /**
     * Reads the crawler with its configuration.
     *
     * @return the crawler
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Crawler get() {
        return getRequest().execute(Crawler.class);
    }

    /**
     * Asynchronous form of {@link #get()}. Cancelling the future cancels the call.
     *
     * @return a future of the crawler; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Crawler> getAsync() {
        return getRequest().executeAsync(Crawler.class);
    }

    private ApiRequest getRequest() {
        return scope().request(Endpoints.GET).query("withConfig", true);
    }

    /**
     * Renames the crawler and/or replaces its whole configuration.
     *
     * @param update the change
     * @return the task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef update(CrawlerUpdate update) {
        return updateRequest(update).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #update(CrawlerUpdate)}. Cancelling the future cancels the call.
     *
     * @param update the change
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> updateAsync(CrawlerUpdate update) {
        return updateRequest(update).executeAsync(CrawlerTaskRef.class);
    }

    private ApiRequest updateRequest(CrawlerUpdate update) {
        return scope().request(Endpoints.UPDATE).body(Objects.requireNonNull(update, "update"));
    }

    /**
     * Replaces the top-level members of the configuration that {@code changes} sets, keeping the others. A member
     * is replaced whole: to change one action's extractor, send every action.
     *
     * @param changes the members to replace
     * @return the task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef updateConfig(CrawlerConfiguration changes) {
        return updateConfigRequest(changes).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #updateConfig(CrawlerConfiguration)}. Cancelling the future cancels the call.
     *
     * @param changes the members to replace
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> updateConfigAsync(CrawlerConfiguration changes) {
        return updateConfigRequest(changes).executeAsync(CrawlerTaskRef.class);
    }

    private ApiRequest updateConfigRequest(CrawlerConfiguration changes) {
        return scope().request(Endpoints.UPDATE_CONFIG).body(Objects.requireNonNull(changes, "changes"));
    }

    /**
     * Un-pauses the crawler.
     *
     * @return the task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef run() {
        return scope().request(Endpoints.RUN).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #run()}. Cancelling the future cancels the call.
     *
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> runAsync() {
        return scope().request(Endpoints.RUN).executeAsync(CrawlerTaskRef.class);
    }

    /**
     * Pauses the crawler.
     *
     * @return the task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef pause() {
        return scope().request(Endpoints.PAUSE).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #pause()}. Cancelling the future cancels the call.
     *
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> pauseAsync() {
        return scope().request(Endpoints.PAUSE).executeAsync(CrawlerTaskRef.class);
    }

    /**
     * Starts crawling the whole site again (or restarts a reindex in progress) into a temporary index that
     * replaces the live one when it ends.
     *
     * @return the task, pending until the reindex ends
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef reindex() {
        return scope().request(Endpoints.REINDEX).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #reindex()}. Cancelling the future cancels the call.
     *
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> reindexAsync() {
        return scope().request(Endpoints.REINDEX).executeAsync(CrawlerTaskRef.class);
    }

    /**
     * Reads how many URLs the crawler handled, by outcome and reason.
     *
     * @return the statistics
     * @throws io.quarry.core.QuarryException on any failure
     */
    public UrlStatistics urlStatistics() {
        return scope().request(Endpoints.URL_STATISTICS).execute(UrlStatistics.class);
    }

    /**
     * Asynchronous form of {@link #urlStatistics()}. Cancelling the future cancels the call.
     *
     * @return a future of the statistics; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UrlStatistics> urlStatisticsAsync() {
        return scope().request(Endpoints.URL_STATISTICS).executeAsync(UrlStatistics.class);
    }

    /**
     * Crawls some URLs now (at most 50, checked by {@link CrawlUrlsRequest#of}). Their records go to the live
     * index, or to the temporary one while a reindex runs. The service allows 200 such calls per 24 hours; past
     * them it answers 429 ({@link io.quarry.core.RateLimitException}) with a {@code Retry-After} header
     * ({@code header("Retry-After")}), the seconds until a call is allowed again, which may be hours: the client
     * does not wait that long inside a call.
     *
     * @param request the URLs and whether they join {@code extraUrls}
     * @return the task, pending until they are crawled
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskRef crawlUrls(CrawlUrlsRequest request) {
        return crawlUrlsRequest(request).execute(CrawlerTaskRef.class);
    }

    /**
     * Asynchronous form of {@link #crawlUrls(CrawlUrlsRequest)}. Cancelling the future cancels the call.
     *
     * @param request the URLs and whether they join {@code extraUrls}
     * @return a future of the task; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskRef> crawlUrlsAsync(CrawlUrlsRequest request) {
        return crawlUrlsRequest(request).executeAsync(CrawlerTaskRef.class);
    }

    private ApiRequest crawlUrlsRequest(CrawlUrlsRequest request) {
        return scope().request(Endpoints.CRAWL_URLS).body(Objects.requireNonNull(request, "request"));
    }

    /**
     * Runs the crawler on one URL and shows the records, links and logs it gives; nothing is written. A page that
     * cannot be crawled (its fetch fails, it answers an error status, or the crawler will not read it) is a result,
     * not an exception: {@link UrlTestResult#failed()} is true and {@link UrlTestResult#error()} says why.
     *
     * @param request the URL and configuration overrides
     * @return the result
     * @throws io.quarry.core.QuarryException on any failure of the call; a
     *     {@link io.quarry.core.BadRequestException} when the request is invalid (the URL, or the overrides)
     */
    public UrlTestResult test(UrlTestRequest request) {
        return testRequest(request).execute(UrlTestResult.class);
    }

    /**
     * Asynchronous form of {@link #test(UrlTestRequest)}. Cancelling the future cancels the call.
     *
     * @param request the URL and configuration overrides
     * @return a future of the result; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<UrlTestResult> testAsync(UrlTestRequest request) {
        return testRequest(request).executeAsync(UrlTestResult.class);
    }

    private ApiRequest testRequest(UrlTestRequest request) {
        return scope().request(Endpoints.TEST).body(Objects.requireNonNull(request, "request"));
    }

    /**
     * Reads whether a task is pending.
     *
     * @param taskId the task
     * @return its status
     * @throws io.quarry.core.QuarryException on any failure
     */
    public CrawlerTaskStatus task(String taskId) {
        return taskRequest(taskId).execute(CrawlerTaskStatus.class);
    }

    /**
     * Asynchronous form of {@link #task(String)}. Cancelling the future cancels the call.
     *
     * @param taskId the task
     * @return a future of its status; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<CrawlerTaskStatus> taskAsync(String taskId) {
        return taskRequest(taskId).executeAsync(CrawlerTaskStatus.class);
    }

    private ApiRequest taskRequest(String taskId) {
        return scope().request(Endpoints.TASK).path("tid", Objects.requireNonNull(taskId, "taskId"));
    }

    /**
     * Cancels the task blocking the crawler (its {@link Crawler#blockingTaskId()}); the crawler is unblocked. A
     * task that is not blocking cannot be cancelled: the service answers {@link io.quarry.core.BadRequestException}.
     *
     * @param taskId the blocking task
     * @throws io.quarry.core.QuarryException on any failure
     */
    public void cancelTask(String taskId) {
        cancelRequest(taskId).execute(Void.class);
    }

    /**
     * Asynchronous form of {@link #cancelTask(String)}. Cancelling the future cancels the call.
     *
     * @param taskId the blocking task
     * @return a future completed once cancelled; it fails with a {@link io.quarry.core.QuarryException}
     */
    public CompletableFuture<Void> cancelTaskAsync(String taskId) {
        return cancelRequest(taskId).executeAsync(Void.class);
    }

    private ApiRequest cancelRequest(String taskId) {
        return scope().request(Endpoints.CANCEL_TASK).path("tid", Objects.requireNonNull(taskId, "taskId"));
    }

    /**
     * Unblocks the crawler if a task blocks it, by cancelling that task. A call observer sees one composite call
     * {@code unblock} holding the read of the crawler and the cancel.
     *
     * @return the task cancelled, empty when the crawler was not blocked
     * @throws io.quarry.core.QuarryException on any failure
     */
    public Optional<String> unblock() {
        return scope().compositeCall("unblock", scope -> withScope(scope).cancelBlockingTask());
    }

    private Optional<String> cancelBlockingTask() {
        Optional<String> blocking = get().blockingTask();
        blocking.ifPresent(this::cancelTask);
        return blocking;
    }

    /**
     * Asynchronous form of {@link #unblock()}.
     *
     * @return a future of the task cancelled, empty when the crawler was not blocked; cancelling it cancels the call
     *     in flight, and the task is not cancelled if its call was not yet made
     */
    public CompletableFuture<Optional<String>> unblockAsync() {
        return scope().compositeCallAsync("unblock", scope -> withScope(scope).cancelBlockingTaskAsync());
    }

    private CompletableFuture<Optional<String>> cancelBlockingTaskAsync() {
        return getAsync()
                .thenCompose(crawler -> crawler.blockingTask()
                        .map(task -> cancelTaskAsync(task).thenApply(done -> Optional.of(task)))
                        .orElseGet(() -> CompletableFuture.completedFuture(Optional.empty())));
    }

    /**
     * Waits until a task is no longer pending, with the default policy ({@link WaitPolicy#of()}).
     *
     * @param taskId the task
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if still pending after the last attempt (it may still end)
     */
    public CrawlerTaskStatus waitForTask(String taskId) {
        return waitForTask(taskId, WaitPolicy.of());
    }

    /**
     * Waits until a task is no longer pending. A task blocking its crawler stays pending until cancelled, so
     * waiting for it ends in {@link io.quarry.core.WaitTimeoutException}; {@link #reindexAndWait(WaitPolicy)}
     * stops at a block instead.
     *
     * @param taskId the task
     * @param policy attempts and delays: how long to wait at most
     * @return the final status
     * @throws io.quarry.core.WaitTimeoutException if still pending after the last attempt (it may still end)
     */
    public CrawlerTaskStatus waitForTask(String taskId, WaitPolicy policy) {
        return scope().compositeCall(
                        "waitForTask",
                        scope -> Polling.poll(
                                "crawler task " + taskId,
                                policy,
                                () -> Optional.of(withScope(scope).task(taskId)).filter(s -> !s.pending())));
    }

    /**
     * Asynchronous form of {@link #waitForTask(String)}.
     *
     * @param taskId the task
     * @return the future final status
     */
    public CompletableFuture<CrawlerTaskStatus> waitForTaskAsync(String taskId) {
        return waitForTaskAsync(taskId, WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #waitForTask(String, WaitPolicy)}.
     *
     * @param taskId the task
     * @param policy attempts and delays
     * @return the future final status
     */
    public CompletableFuture<CrawlerTaskStatus> waitForTaskAsync(String taskId, WaitPolicy policy) {
        Objects.requireNonNull(taskId, "taskId");
        return scope().compositeCallAsync(
                        "waitForTask",
                        scope -> Polling.pollAsync(
                                "crawler task " + taskId,
                                policy,
                                () -> withScope(scope)
                                        .taskAsync(taskId)
                                        .thenApply(s -> Optional.of(s).filter(status -> !status.pending()))));
    }

    /**
     * Reindexes and waits, with the default policy; see {@link #reindexAndWait(WaitPolicy)}.
     *
     * @return the crawler once the reindex ended or blocked it
     */
    public Crawler reindexAndWait() {
        return reindexAndWait(WaitPolicy.of());
    }

    /**
     * Starts a reindex and waits until its task ends or blocks the crawler (a failed safety check); check
     * {@link Crawler#blocked()} on the answer, and {@link #unblock()} to discard a blocked reindex. A call observer
     * sees one composite call {@code reindexAndWait} holding the reindex call and every poll.
     *
     * @param policy attempts and delays: how long to wait at most
     * @return the crawler once the reindex ended or blocked it
     * @throws io.quarry.core.WaitTimeoutException if the reindex still runs after the last attempt
     */
    public Crawler reindexAndWait(WaitPolicy policy) {
        Objects.requireNonNull(policy, "policy"); // before the reindex starts
        return scope().compositeCall("reindexAndWait", scope -> withScope(scope).reindexThenPoll(policy));
    }

    private Crawler reindexThenPoll(WaitPolicy policy) {
        String taskId = reindex().taskId();
        return Polling.poll("crawler reindex " + taskId, policy, () -> {
            if (task(taskId).pending()) {
                Crawler crawler = get();
                return crawler.blockingTask().filter(taskId::equals).map(t -> crawler);
            }
            return Optional.of(get());
        });
    }

    /**
     * Asynchronous form of {@link #reindexAndWait()}.
     *
     * @return the future crawler once the reindex ended or blocked it
     */
    public CompletableFuture<Crawler> reindexAndWaitAsync() {
        return reindexAndWaitAsync(WaitPolicy.of());
    }

    /**
     * Asynchronous form of {@link #reindexAndWait(WaitPolicy)}.
     *
     * @param policy attempts and delays
     * @return the future crawler once the reindex ended or blocked it
     */
    public CompletableFuture<Crawler> reindexAndWaitAsync(WaitPolicy policy) {
        Objects.requireNonNull(policy, "policy"); // before the reindex starts
        return scope().compositeCallAsync(
                        "reindexAndWait", scope -> withScope(scope).reindexThenPollAsync(policy));
    }

    private CompletableFuture<Crawler> reindexThenPollAsync(WaitPolicy policy) {
        return reindexAsync()
                .thenCompose(ref -> Polling.pollAsync(
                        "crawler reindex " + ref.taskId(),
                        policy,
                        () -> taskAsync(ref.taskId())
                                .thenCompose(status -> getAsync()
                                        .thenApply(crawler -> !status.pending()
                                                ? Optional.of(crawler)
                                                : crawler.blockingTask()
                                                        .filter(ref.taskId()::equals)
                                                        .map(t -> crawler)))));
    }
}
