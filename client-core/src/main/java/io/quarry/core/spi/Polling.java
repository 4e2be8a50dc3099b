package io.quarry.core.spi;

import io.quarry.core.TransportException;
import io.quarry.core.WaitPolicy;
import io.quarry.core.WaitTimeoutException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Repeats a check until it yields a value, sleeping per a {@link WaitPolicy} between attempts: the rail of every
 * {@code waitFor...} helper. A check answers a value (done), empty (not yet) or fails (the failure surfaces at
 * once, never retried here: the transport has already retried what it could).
 */
public final class Polling {

    private Polling() {}

    /**
     * Polls, blocking the calling thread.
     *
     * @param what   what is waited for, for the timeout message
     * @param policy attempts and delays
     * @param check  one attempt
     * @param <R>    the result type
     * @return the first value the check yields
     * @throws WaitTimeoutException when the attempts run out
     * @throws TransportException when the thread is interrupted while it waits between attempts, as a call
     *     interrupted on the network is (the thread's interrupt flag is set again)
     */
    public static <R> R poll(String what, WaitPolicy policy, Supplier<Optional<R>> check) {
        Objects.requireNonNull(policy, "policy");
        Duration waited = Duration.ZERO;
        for (int attempt = 0; attempt < policy.maxAttempts(); attempt++) {
            Optional<R> result = check.get();
            if (result.isPresent()) {
                return result.get();
            }
            if (attempt + 1 < policy.maxAttempts()) {
                Duration delay = policy.delayAfter(attempt);
                sleep(delay, what);
                waited = waited.plus(delay);
            }
        }
        throw new WaitTimeoutException(what, waited);
    }

    /**
     * Polls without blocking: attempts are chained, sleeps are scheduled delays. Cancelling the returned future makes
     * no further attempt; to cancel the attempt in flight too, poll inside
     * {@link CallScope#compositeCallAsync(String, java.util.function.Function)}, making each attempt's calls through
     * the scope it gives (cancelling the future derived from a call leaves the call running).
     *
     * @param what   what is waited for
     * @param policy attempts and delays
     * @param check  one attempt
     * @param <R>    the result type
     * @return the future first value; fails with {@link WaitTimeoutException} or the check's failure
     */
    public static <R> CompletableFuture<R> pollAsync(
            String what, WaitPolicy policy, Supplier<CompletableFuture<Optional<R>>> check) {
        Objects.requireNonNull(policy, "policy");
        CompletableFuture<R> result = new CompletableFuture<>();
        attempt(what, policy, check, 0, Duration.ZERO, result);
        return result;
    }

    private static <R> void attempt(
            String what,
            WaitPolicy policy,
            Supplier<CompletableFuture<Optional<R>>> check,
            int attempt,
            Duration waited,
            CompletableFuture<R> result) {
        if (result.isDone()) {
            return;
        }
        CompletableFuture<Optional<R>> future;
        try {
            future = check.get();
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        future.whenComplete((value, error) -> {
            if (error != null) {
                result.completeExceptionally(unwrap(error));
            } else if (value.isPresent()) {
                result.complete(value.get());
            } else if (attempt + 1 >= policy.maxAttempts()) {
                result.completeExceptionally(new WaitTimeoutException(what, waited));
            } else {
                Duration delay = policy.delayAfter(attempt);
                CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS)
                        .execute(() -> attempt(what, policy, check, attempt + 1, waited.plus(delay), result));
            }
        });
    }

    /**
     * The cause of a {@link CompletionException}, or the error itself.
     *
     * @param error the error
     * @return the underlying error
     */
    public static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private static void sleep(Duration delay, String what) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted");
            interrupted.initCause(e);
            throw TransportException.failure("interrupted while waiting for " + what, interrupted);
        }
    }
}
