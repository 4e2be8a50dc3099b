package io.quarry.mockserver.internal.products.suggestions;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs builds one at a time on one background thread (which ends when idle), so builds never compete with each
 * other and a slow build holds no HTTP thread for long. A configuration has at most one build waiting; a build
 * reads the configuration current when it starts. The queue is thus bounded by the number of configurations.
 */
final class BuildRunner {

    private final Configurations configurations;
    private final SuggestionBuilder builder;
    private final Clock clock;
    private final ThreadPoolExecutor executor;

    BuildRunner(Configurations configurations, SuggestionBuilder builder, Clock clock) {
        this.configurations = configurations;
        this.builder = builder;
        this.clock = clock;
        this.executor = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread thread = new Thread(task, "mock-query-suggestions-build");
            thread.setDaemon(true);
            return thread;
        });
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * Queues a build of a configuration (unless one is already waiting) and waits for it up to a bound.
     *
     * @param entry the configuration
     * @param wait how long to wait; the build goes on in the background after that
     */
    void buildAndWait(Configurations.Entry entry, long waitMillis) {
        Future<?> build = configurations.queueOnce(entry, () -> {
            CompletableFuture<Void> done = new CompletableFuture<>();
            executor.execute(() -> {
                try {
                    run(entry);
                } finally {
                    done.complete(null);
                }
            });
            return done;
        });
        try {
            build.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // the build goes on (or has logged its failure): the status tells
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(Configurations.Entry entry) {
        SuggestionsConfig config = configurations.start(entry);
        if (config == null) {
            return;
        }
        long started = System.nanoTime();
        BuildLog log = new BuildLog(clock);
        boolean successful;
        try {
            builder.build(config, log);
            successful = !log.failed();
        } catch (RuntimeException e) {
            log.error(0, "Build failed: " + e.getClass().getSimpleName());
            successful = false;
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        configurations.finish(entry, clock.millis(), millis, successful, log.toJson());
    }
}
