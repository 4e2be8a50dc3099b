package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs reindexes and URL crawls on a small background pool (two threads, {@value #MAX_QUEUED} queued crawls at
 * most, more is a 429), writing records to the application's indices. A reindex fills temporary indices
 * ({@code <index>.tmp}) that replace the live ones when it ends, settings of the live index kept; a URL crawl
 * writes to the live indices, or to the temporary ones while a reindex runs. Reindexes of crawlers writing one index
 * take turns ({@link TemporaryIndexClaims}), and a URL crawl's records wait for its crawler's reindex to have its
 * turn ({@link Crawler#urlCrawlTarget}). A reset does not wait for a crawl, and stops it only after erasing the
 * indices: each job reads {@link Application#resets()} as it is asked for, and writes nothing once a reset has begun
 * since, so no record and no publish brings an index back after the reset.
 */
final class CrawlJobs {

    private static final int MAX_QUEUED = 256;
    private static final String TEMPORARY_SUFFIX = ".tmp";

    private final Application app;
    private final PageFetcher fetcher;
    private final ThreadPoolExecutor pool;
    private final TemporaryIndexClaims claims = new TemporaryIndexClaims();
    /** Runs as a reindex is asked for, before it starts: a test's way into that moment. */
    private volatile Runnable beforeReindexStarts = () -> {};

    CrawlJobs(Application app, PageFetcher fetcher) {
        this.app = app;
        this.fetcher = fetcher;
        AtomicInteger count = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(MAX_QUEUED), task -> {
            Thread thread = new Thread(task, "quarry-mock-crawler-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * Sets what runs as a reindex is asked for, before the crawler's lock is taken to start it: tests change the
     * crawler there.
     *
     * @param hook what runs, on the request's thread
     */
    void beforeReindexStarts(Runnable hook) {
        beforeReindexStarts = hook;
    }

    /** {@return the temporary index a reindex fills for a live index} */
    static String temporaryIndex(String live) {
        return live + TEMPORARY_SUFFIX;
    }

    /**
     * Starts a reindex (restarting one in progress).
     *
     * @return its task
     */
    CrawlerTask reindex(Crawler crawler) {
        beforeReindexStarts.run();
        long resets = app.resets();
        // the configuration the crawler has when the reindex starts, though the work waits its turn: read under the
        // crawler's lock, so no change of it comes between
        return crawler.startReindex(
                app.nowMillis(),
                (task, config) -> submit(task, () -> {
                    // waits until the reindex is started, the one it restarts cancelled: only then may it clear their
                    // indices
                    if (!crawler.isCurrentReindex(task)) {
                        return;
                    }
                    try {
                        runReindex(crawler, config, task, resets);
                    } catch (RuntimeException e) {
                        // a failed reindex must not leave the crawler reindexing for ever
                        crawler.reindexFailed(task, app.nowMillis(), writer(resets));
                        throw e;
                    }
                }));
    }

    /**
     * Starts a crawl of some URLs (links not followed).
     *
     * @return its task
     */
    CrawlerTask crawlUrls(Crawler crawler, List<String> urls) {
        CrawlerTask task = crawler.newTask("urls", true);
        CrawlerConfig config = crawler.config();
        long resets = app.resets();
        submit(task, () -> {
            SiteCrawl crawl = new SiteCrawl(
                    config,
                    fetcher,
                    crawler.statistics(),
                    (index, record) -> {
                        // under the crawler's lock, so a reindex cannot start, take its turn or end between the
                        // choice of the index and the write
                        synchronized (crawler) {
                            String target = task.cancelled() ? null : crawler.urlCrawlTarget(task, index, record);
                            if (target != null) {
                                write(target, record, resets);
                            }
                        }
                    },
                    task::cancelled);
            try {
                crawl.run(urls, false);
            } catch (RecordQuotaReached full) {
                // the crawl's statistics say so; records written before stay, as the service keeps them
            }
            crawler.urlCrawlFetched(task);
        });
        return task;
    }

    private void submit(CrawlerTask task, Runnable work) {
        try {
            pool.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    task.finish();
                }
            });
        } catch (RejectedExecutionException e) {
            task.cancel();
            throw new ApiException(429, "Too many crawls in progress on the mock server; wait for some to end");
        }
    }

    private void runReindex(Crawler crawler, CrawlerConfig config, CrawlerTask task, long resets) {
        Map<String, String> temporaries = new LinkedHashMap<>();
        for (CrawlerConfig.Action action : config.actions()) {
            String live = config.indexOf(action);
            temporaries.put(live, temporaryIndex(live));
        }
        try {
            claims.claim(temporaries.values(), task);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            crawler.reindexFailed(task, app.nowMillis(), writer(resets));
            return;
        }
        try {
            // it may have been restarted while another crawler's reindex filled these indices
            if (crawler.isCurrentReindex(task)) {
                crawl(crawler, config, task, temporaries, resets);
            }
        } finally {
            claims.release(task);
        }
    }

    private void crawl(
            Crawler crawler, CrawlerConfig config, CrawlerTask task, Map<String, String> temporaries, long resets) {
        temporaries
                .values()
                .forEach(tmp -> app.writeManyUnlessReset(List.of(tmp), resets, indices -> clear(indices.get(tmp))));
        crawler.reindexFilling(task, writer(resets));
        SiteCrawl crawl = new SiteCrawl(
                config,
                fetcher,
                crawler.statistics(),
                (index, record) -> {
                    // under the crawler's lock: a restarted reindex clears the temporary index after this write
                    synchronized (crawler) {
                        if (crawler.isCurrentReindex(task)) {
                            write(temporaries.get(index), record, resets);
                        }
                    }
                },
                () -> !crawler.isCurrentReindex(task));
        Set<String> extracted;
        try {
            extracted = crawl.run(crawl.reindexSeeds(), true);
        } catch (RecordQuotaReached full) {
            stoppedByQuota(crawler, task, temporaries, resets);
            return;
        }
        if (!crawler.isCurrentReindex(task)) {
            return;
        }
        if (config.maxLostRecordsPercentage() >= 0 && losesTooMuch(temporaries, config.maxLostRecordsPercentage())) {
            crawler.reindexBlocked(task, temporaries.values());
            return;
        }
        app.writeManyUnlessReset(new ArrayList<>(new LinkedHashSet<>(listOf(temporaries))), resets, indices -> {
            temporaries.forEach((live, tmp) -> {
                indices.get(live).takeRecordsOf(indices.get(tmp));
                indices.get(tmp).requestRemoval();
            });
            return null;
        });
        crawler.reindexPublished(task, extracted, app.nowMillis());
    }

    /**
     * A reindex stopped by the record quota fails: the live indices keep their records, and its temporary indices go,
     * so that what it wrote no longer takes the quota (still under its claim: no other reindex fills them now).
     */
    private void stoppedByQuota(Crawler crawler, CrawlerTask task, Map<String, String> temporaries, long resets) {
        synchronized (crawler) {
            if (crawler.isCurrentReindex(task)) {
                app.writeManyUnlessReset(
                        new ArrayList<>(new LinkedHashSet<>(temporaries.values())), resets, indices -> {
                            indices.values().forEach(IndexState::requestRemoval);
                            return null;
                        });
            }
            crawler.reindexFailed(task, app.nowMillis(), writer(resets));
        }
    }

    /**
     * Discards the temporary indices of a cancelled (blocked) reindex, but those another crawler's reindex fills by
     * now.
     *
     * @param temporaries their names
     */
    void discardTemporaries(List<String> temporaries) {
        for (String temporary : temporaries) {
            claims.unlessClaimed(
                    temporary,
                    () -> app.writeIfExists(
                            temporary,
                            index -> {
                                index.requestRemoval();
                                return null;
                            },
                            null));
        }
    }

    private boolean losesTooMuch(Map<String, String> temporaries, double maxLostPercentage) {
        for (Map.Entry<String, String> pair : temporaries.entrySet()) {
            IndexState live = app.find(pair.getKey());
            IndexState tmp = app.find(pair.getValue());
            int before = live == null ? 0 : live.data().size();
            int after = tmp == null ? 0 : tmp.data().size();
            if (before > 0 && (before - after) * 100.0 / before > maxLostPercentage) {
                return true;
            }
        }
        return false;
    }

    private static List<String> listOf(Map<String, String> temporaries) {
        List<String> names = new ArrayList<>(temporaries.keySet());
        names.addAll(temporaries.values());
        return names;
    }

    /** {@return what writes a job's records, nothing once a reset has begun since the job was asked for} */
    private BiConsumer<String, ObjectNode> writer(long resets) {
        return (indexName, record) -> write(indexName, record, resets);
    }

    /**
     * A replica's records are its primary's: a crawl writes none into it.
     *
     * @throws RecordQuotaReached when the record does not fit the application's record quota
     */
    private void write(String indexName, ObjectNode record, long resets) {
        try {
            app.writeManyUnlessReset(List.of(indexName), resets, indices -> {
                IndexState index = indices.get(indexName);
                return index.primaryName() != null
                        ? null
                        : index.data().write(writer -> new RecordOperation.Put(record).apply(index, writer));
            });
        } catch (EngineException refused) {
            RecordQuotaReached full = RecordQuotaReached.of(refused);
            throw full != null ? full : refused;
        }
    }

    private static Object clear(IndexState index) {
        return index.primaryName() != null
                ? null
                : index.data().write(writer -> new RecordOperation.Clear().apply(index, writer));
    }
}
