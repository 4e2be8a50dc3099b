package io.quarry.mockserver.internal.startup;

import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * One part of the mock server's start run on a platform thread of its own, so that it overlaps the part the caller's
 * thread does: in a fresh JVM each part is mostly class loading, which two cores do side by side.
 *
 * @param <T> what the part makes
 */
public final class BackgroundStart<T> {

    private final FutureTask<T> task;

    private BackgroundStart(FutureTask<T> task) {
        this.task = task;
    }

    /**
     * {@return the part, started}
     *
     * @param threadName the thread's name
     * @param part what it does
     * @param <T> what it makes
     */
    public static <T> BackgroundStart<T> begin(String threadName, Callable<T> part) {
        FutureTask<T> task = new FutureTask<>(part);
        Thread thread = new Thread(task, threadName);
        thread.setDaemon(true);
        thread.start();
        return new BackgroundStart<>(task);
    }

    /**
     * {@return what the part made, once it has}
     *
     * @throws IOException the part's own, or one carrying what else it threw
     */
    public T await() throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    // the part is under way and holds ports and threads: it is seen through either way
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
