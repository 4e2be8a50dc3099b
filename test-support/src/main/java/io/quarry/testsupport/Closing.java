package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A client's {@code close()} watched by a test: run on a thread of its own, so that the test can act while the close
 * waits for the calls in flight ({@link #start}, {@link #awaitWaiting}, {@link #awaitEnd}), or timed on the test's
 * thread ({@link #timed}) to check that it gave up once its close timeout passed ({@link #assertGaveUpAfter}).
 *
 * <pre>{@code
 * Closing closing = Closing.start(client);
 * closing.awaitWaiting();      // close() refuses new calls and waits for the one in flight
 * slow.release();              // the slow service answers (HeldAnswers)
 * closing.awaitEnd();          // close() returned once that call ended
 * }</pre>
 */
public final class Closing {

    private final Thread thread;
    private final CompletableFuture<Duration> took = new CompletableFuture<>();

    private Closing(AutoCloseable client) {
        thread = new Thread(
                () -> {
                    try {
                        took.complete(timed(client));
                    } catch (Throwable e) {
                        took.completeExceptionally(e);
                    }
                },
                "closing " + client.getClass().getSimpleName());
        thread.setDaemon(true); // a close left waiting must not hold the JVM open
    }

    /**
     * Starts closing the client on a thread of its own.
     *
     * @param client the client to close
     * @return the close under way
     */
    public static Closing start(AutoCloseable client) {
        Closing closing = new Closing(client);
        closing.thread.start();
        return closing;
    }

    /**
     * Waits until the close waits for the calls in flight: its thread is in a timed wait, which a client's
     * {@code close()} enters only there, once it refuses new calls. Fails when the close returned without waiting. A
     * client that first closes parts of its own which wait too (an ingester flushing its records) is seen waiting
     * there: close those before.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitWaiting() throws InterruptedException {
        Eventually.waitUntil(
                "close() to wait for the calls in flight",
                () -> thread.getState() == Thread.State.TIMED_WAITING || took.isDone());
        assertThat(took)
                .as("close() returned without waiting for the calls in flight")
                .isNotDone();
    }

    /**
     * Waits for the close to return.
     *
     * @return how long it took
     * @throws Exception what the close threw, or an {@link AssertionError} when it did not return within
     *     {@link Eventually#DEFAULT_LIMIT}
     */
    public Duration awaitEnd() throws Exception {
        try {
            return took.get(Eventually.DEFAULT_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("close() did not return within " + Eventually.DEFAULT_LIMIT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception failure ? failure : e;
        }
    }

    /**
     * Closes the client on this thread.
     *
     * @param client the client to close
     * @return how long {@code close()} took
     * @throws Exception what it threw
     */
    public static Duration timed(AutoCloseable client) throws Exception {
        long start = System.nanoTime();
        client.close();
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Checks that a close gave up on a call the host held once its close timeout passed: it waited the timeout, and
     * returned long before the hold, which must outlast {@link Eventually#DEFAULT_LIMIT}, would have ended.
     *
     * @param took how long the close took ({@link #timed})
     * @param closeTimeout the client's close timeout
     */
    public static void assertGaveUpAfter(Duration took, Duration closeTimeout) {
        assertThat(took)
                .as("close() waits its close timeout for the held call, then gives up on it")
                .isGreaterThanOrEqualTo(closeTimeout)
                .isLessThan(Eventually.DEFAULT_LIMIT);
    }
}
