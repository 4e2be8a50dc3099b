package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * One crawler: name, configuration, flags, tasks, URL statistics, the reindex in progress (and the URL-crawl records
 * waiting for its turn) and its URL-crawl calls of the last 24 hours. Every method is synchronized on the crawler.
 */
final class Crawler {

    private static final int MAX_TASKS = 1000;

    private final String id = UUID.randomUUID().toString();
    private final long createdAt;
    private final Map<String, CrawlerTask> tasks = new LinkedHashMap<>();
    private final DailyUrlCrawls urlCrawlCalls = new DailyUrlCrawls();
    /** Since the last reindex started: a new one each time, so a crawl it stopped counts into the old one. */
    private UrlStatistics statistics = new UrlStatistics();

    private final Set<String> indexedInLastReindex = new LinkedHashSet<>();
    private String name;
    private CrawlerConfig config;
    private long updatedAt;
    private Long lastReindexStartedAt;
    private Long lastReindexEndedAt;
    private boolean running;
    private CrawlerTask reindex;
    /** The configuration the reindex in progress crawls: it may name other indices than the crawler's by now. */
    private CrawlerConfig reindexConfig;
    /** Whether the reindex in progress has its turn and has cleared its temporary indices, which it fills now. */
    private boolean reindexFills;
    /**
     * Records of URL crawls made while the reindex in progress waits for its turn: they go into its temporary
     * indices once it fills them, as they would have had it been filling.
     */
    private final List<DeferredRecord> deferred = new ArrayList<>();
    /** URL crawls done fetching whose records wait in {@link #deferred}: they end when those are written. */
    private final Set<CrawlerTask> endingWithDeferred = new LinkedHashSet<>();

    private CrawlerTask blockingTask;
    /** The temporary indices the blocked reindex filled, as its configuration named them. */
    private List<String> blockedTemporaries = List.of();

    /** A URL crawl's record waiting for the reindex's turn. */
    private record DeferredRecord(CrawlerTask urlCrawl, String index, ObjectNode record) {}

    Crawler(String name, CrawlerConfig config, long now) {
        this.name = name;
        this.config = config;
        this.createdAt = now;
        this.updatedAt = now;
    }

    String id() {
        return id;
    }

    synchronized String name() {
        return name;
    }

    synchronized CrawlerConfig config() {
        return config;
    }

    synchronized UrlStatistics statistics() {
        return statistics;
    }

    /** {@return a new task, kept (the oldest finished ones are forgotten past {@value #MAX_TASKS})} */
    synchronized CrawlerTask newTask(String type, boolean pending) {
        if (tasks.size() >= MAX_TASKS) {
            Iterator<CrawlerTask> oldest = tasks.values().iterator();
            while (oldest.hasNext()) {
                if (!oldest.next().pending()) {
                    oldest.remove();
                    break;
                }
            }
            if (tasks.size() >= MAX_TASKS) {
                throw new ApiException(429, "Too many pending tasks on this crawler");
            }
        }
        CrawlerTask task = new CrawlerTask(type, pending);
        tasks.put(task.id(), task);
        return task;
    }

    /** {@return the task, or null} */
    synchronized CrawlerTask task(String taskId) {
        return tasks.get(taskId);
    }

    synchronized void rename(String newName, long now) {
        name = newName;
        updatedAt = now;
    }

    synchronized void configure(CrawlerConfig newConfig, long now) {
        config = newConfig;
        updatedAt = now;
    }

    synchronized void setRunning(boolean value, long now) {
        running = value;
        updatedAt = now;
    }

    /** @throws ApiException 400 when a blocking task waits */
    synchronized void requireUnblocked() {
        if (blockingTask != null) {
            throw ApiException.badRequest(
                    "The crawler is blocked by task " + blockingTask.id() + "; cancel that task before crawling again");
        }
    }

    /**
     * Starts a reindex, cancelling one in progress (a reindex restarts crawling). A reindex that cannot start (too
     * many tasks, every crawl place taken) changes nothing: one in progress goes on.
     *
     * @param now the time
     * @param start hands the new task and the configuration it crawls (the crawler's now) to the pool, or throws
     *     when it cannot take it; the task's work waits for this method to return before it begins
     *     ({@link #isCurrentReindex} takes this lock)
     * @return the reindex task
     */
    synchronized CrawlerTask startReindex(long now, BiConsumer<CrawlerTask, CrawlerConfig> start) {
        requireUnblocked();
        CrawlerConfig crawled = config;
        CrawlerTask task = newTask("reindex", true);
        start.accept(task, crawled);
        if (reindex != null) {
            reindex.cancel();
        }
        reindex = task;
        reindexConfig = crawled;
        reindexFills = false;
        lastReindexStartedAt = now;
        statistics = new UrlStatistics();
        return task;
    }

    /** {@return whether this task is the reindex in progress} */
    synchronized boolean isCurrentReindex(CrawlerTask task) {
        return reindex == task && !task.cancelled();
    }

    /**
     * The reindex has its turn and has cleared its temporary indices: the URL-crawl records that waited for it are
     * written there now, and later ones as they come.
     *
     * @param writer writes a record into an index, under this crawler's lock
     */
    synchronized void reindexFilling(CrawlerTask task, BiConsumer<String, ObjectNode> writer) {
        if (reindex == task) {
            reindexFills = true;
            writeDeferred(writer);
        }
    }

    /**
     * {@return the index a URL crawl writes a record into now, or null when the record waits for the reindex in
     * progress to have its turn (it is kept, and written then)} Into the live index when no reindex runs; into the
     * temporary index the reindex fills, the one it publishes; never into a temporary index before its reindex has
     * its turn, since until then that index may be another crawler's reindex's, filling the same live index.
     *
     * @param urlCrawl the URL crawl's task
     * @param index the live index the record is for
     * @param record the record
     */
    synchronized String urlCrawlTarget(CrawlerTask urlCrawl, String index, ObjectNode record) {
        if (reindex != null && !reindexFills) {
            deferred.add(new DeferredRecord(urlCrawl, index, record));
            return null;
        }
        return target(index);
    }

    /** A URL crawl fetched its last page: it ends, once the records of it that wait for the reindex are written. */
    synchronized void urlCrawlFetched(CrawlerTask urlCrawl) {
        if (deferred.stream().anyMatch(waiting -> waiting.urlCrawl() == urlCrawl)) {
            endingWithDeferred.add(urlCrawl);
        } else {
            urlCrawl.finish();
        }
    }

    private String target(String index) {
        return reindex != null && reindexConfig.liveIndices().contains(index) ? CrawlJobs.temporaryIndex(index) : index;
    }

    private void writeDeferred(BiConsumer<String, ObjectNode> writer) {
        for (DeferredRecord waiting : deferred) {
            if (!waiting.urlCrawl().cancelled()) {
                try {
                    writer.accept(target(waiting.index()), waiting.record());
                } catch (RecordQuotaReached full) {
                    statistics.failed(RecordQuotaReached.REASON);
                }
            }
        }
        deferred.clear();
        endingWithDeferred.forEach(CrawlerTask::finish);
        endingWithDeferred.clear();
    }

    /** Ends the reindex in progress successfully. */
    synchronized void reindexPublished(CrawlerTask task, Set<String> urls, long now) {
        if (reindex == task) {
            reindex = null;
            reindexConfig = null;
            lastReindexEndedAt = now;
            indexedInLastReindex.clear();
            urls.stream().limit(CrawlerConfig.MAX_LIST * 10L).forEach(indexedInLastReindex::add);
        }
        task.finish();
    }

    /**
     * A reindex failed inside the mock server: it ends without publishing, and URL-crawl records that waited for
     * its turn go to the live indices.
     *
     * @param writer writes a record into an index, under this crawler's lock
     */
    synchronized void reindexFailed(CrawlerTask task, long now, BiConsumer<String, ObjectNode> writer) {
        if (reindex == task) {
            reindex = null;
            reindexConfig = null;
            lastReindexEndedAt = now;
            writeDeferred(writer);
        }
        task.finish();
    }

    /**
     * A reindex's safety check failed: the crawler is blocked by its task until it is cancelled.
     *
     * @param temporaries the temporary indices it filled, to discard when it is cancelled
     */
    synchronized void reindexBlocked(CrawlerTask task, Collection<String> temporaries) {
        if (reindex == task) {
            reindex = null;
            reindexConfig = null;
            blockingTask = task;
            blockedTemporaries = List.copyOf(temporaries);
            task.block();
        }
    }

    /**
     * Cancels the blocking task.
     *
     * @return the temporary indices its reindex filled (the configuration may name others by now)
     * @throws ApiException 400 when the task is not the blocking one
     */
    synchronized List<String> cancelBlocking(CrawlerTask task, long now) {
        if (blockingTask != task) {
            throw ApiException.badRequest(
                    "Task " + task.id() + " is not blocking the crawler; only a blocking task" + " can be cancelled");
        }
        blockingTask = null;
        lastReindexEndedAt = now;
        task.cancel();
        List<String> temporaries = blockedTemporaries;
        blockedTemporaries = List.of();
        return temporaries;
    }

    /** Stops any work: a reset of the server. */
    synchronized void stop() {
        tasks.values().forEach(CrawlerTask::cancel);
        reindex = null;
        reindexConfig = null;
        blockingTask = null;
        blockedTemporaries = List.of();
        deferred.clear();
        endingWithDeferred.clear();
    }

    /** {@return the live indices the crawler writes: those of its configuration and of the reindex in progress} */
    synchronized Set<String> liveIndices() {
        Set<String> indices = new LinkedHashSet<>(config.liveIndices());
        if (reindexConfig != null) {
            indices.addAll(reindexConfig.liveIndices());
        }
        return indices;
    }

    /** {@return the temporary indices a reindex of the crawler fills, and those a blocked reindex filled} */
    synchronized Set<String> temporaryIndices() {
        Set<String> indices = new LinkedHashSet<>();
        liveIndices().forEach(live -> indices.add(CrawlJobs.temporaryIndex(live)));
        indices.addAll(blockedTemporaries);
        return indices;
    }

    /**
     * {@return whether the URL was indexed by the last reindex}
     *
     * @param url the URL normalised as a crawl normalises it ({@link SiteCrawl#normalize(String, CrawlerConfig)})
     */
    synchronized boolean indexedInLastReindex(String url) {
        return indexedInLastReindex.contains(url);
    }

    /**
     * Starts a URL crawl and counts the call; a crawl that cannot start is not counted.
     *
     * @param now the time
     * @param start starts the crawl, or throws when it cannot
     * @return what {@code start} gives
     * @throws DailyUrlCrawls.LimitReached past {@value DailyUrlCrawls#PER_DAY} calls in 24 hours
     */
    synchronized <T> T countUrlCrawl(long now, Supplier<T> start) {
        urlCrawlCalls.requireRoom(now);
        T started = start.get();
        urlCrawlCalls.count(now);
        return started;
    }

    /** {@return the crawler as the service shows it} */
    synchronized ObjectNode toJson(boolean withConfig) {
        ObjectNode json = Json.object();
        json.put("name", name);
        json.put("createdAt", Timestamps.iso(createdAt));
        json.put("updatedAt", Timestamps.iso(updatedAt));
        if (lastReindexStartedAt != null) {
            json.put("lastReindexStartedAt", Timestamps.iso(lastReindexStartedAt));
        }
        if (lastReindexEndedAt != null) {
            json.put("lastReindexEndedAt", Timestamps.iso(lastReindexEndedAt));
        }
        json.put("running", running);
        json.put("reindexing", reindex != null);
        json.put("blocked", blockingTask != null);
        if (blockingTask != null) {
            json.put("blockingTaskId", blockingTask.id());
        }
        if (withConfig) {
            json.set("config", config.json().deepCopy());
        }
        return json;
    }
}
