package io.quarry.core.spi;

import io.quarry.core.ClientClosedException;
import io.quarry.core.TransportException;
import io.quarry.core.UnreachableHostsException;
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
 * {@code waitFor...} helper. A check answers a value (done), empty (not yet) or fails. A failure surfaces at once
 * (the transport has already retried what it could), except one in which every host failed the check's call
 * ({@link UnreachableHostsException}): a moment when the service cannot be reached says nothing of the operation
 * waited for, so the wait takes it as an attempt that found the operation not yet done, while attempts are left and
 * until the wait has lasted as long as the policy's delays add up to (an outage makes a wait no longer than its
 * policy, give or take one call). The wait then ends with that failure rather than a {@link WaitTimeoutException}.
 * An interrupt, a rate limit (whose wait may be hours) and any other failure still end the wait at once.
 *
 * <p>A wait made inside a composite call ({@link CallScope#compositeCall(String, java.util.function.Function)} or
 * {@link CallScope#compositeCallAsync(String, java.util.function.Function)}, the poll started while its steps run, or
 * by a continuation of a call they made through the scope they are given) ends as soon as that scope's client closes,
 * with a {@link ClientClosedException}, between attempts and during one: the calls an attempt starts while it runs
 * (for an asynchronous check, those it starts before returning its future) are cancelled. A wait made inside a
 * composite call nested in another one made before {@code close()} began (a helper's step, such as the task wait a
 * replacement of every record makes through {@code waitForTask}) is part of that outer call: it goes on while close()
 * lets the calls in flight end, and ends as above only when close() stops waiting for them. A wait made elsewhere
 * finds the client closed at its next attempt.
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
     * @throws UnreachableHostsException when every host failed the last attempt, or an attempt made once the wait had
     *     lasted as long as the policy's delays add up to
     * @throws TransportException when the thread is interrupted while it waits between attempts, as a call
     *     interrupted on the network is (the thread's interrupt flag is set again)
     * @throws ClientClosedException when the client closes while the wait made inside its composite call lasts
     */
    public static <R> R poll(String what, WaitPolicy policy, Supplier<Optional<R>> check) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(check, "check");
        WaitWake wake = WaitWake.ofCurrentClient();
        try {
            return poll(what, policy, check, wake);
        } finally {
            if (wake != null) {
                wake.end();
            }
        }
    }

    private static <R> R poll(String what, WaitPolicy policy, Supplier<Optional<R>> check, WaitWake wake) {
        Duration waited = Duration.ZERO;
        long start = System.nanoTime();
        for (int attempt = 0; attempt < policy.maxAttempts(); attempt++) {
            if (wake != null && wake.isClosed()) {
                // closed before this attempt (a wait started while close() is under way): no call for nothing
                throw WaitWake.closedWhileWaitingFor(what);
            }
            Optional<R> result;
            try {
                result = wake == null ? check.get() : wake.check(check);
            } catch (ClientClosedException e) {
                // the check's call was cancelled as the client closed: the wait ends as between two checks
                throw wake != null && wake.isClosed() ? WaitWake.closedWhileWaitingFor(what) : e;
            } catch (UnreachableHostsException e) {
                if (!ridesOut(policy, attempt, start) || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                result = Optional.empty();
            }
            if (result.isPresent()) {
                return result.get();
            }
            if (attempt + 1 < policy.maxAttempts()) {
                Duration delay = policy.delayAfter(attempt);
                sleep(delay, what, wake);
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
     * @return the future first value; fails with {@link WaitTimeoutException}, the check's failure, or a
     *     {@link ClientClosedException} when the client closes while the wait made inside its composite call lasts
     */
    public static <R> CompletableFuture<R> pollAsync(
            String what, WaitPolicy policy, Supplier<CompletableFuture<Optional<R>>> check) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(check, "check");
        CompletableFuture<R> result = new CompletableFuture<>();
        WaitWake wake = WaitWake.ofCurrentClient();
        if (wake != null) {
            result.whenComplete((value, error) -> wake.end());
            wake.failsWith(() -> result.completeExceptionally(WaitWake.closedWhileWaitingFor(what)));
        }
        attempt(what, policy, check, 0, Duration.ZERO, System.nanoTime(), result, wake);
        return result;
    }

    /**
     * Whether a check that failed as every host did is taken as "not yet": another attempt is left, and the wait has
     * not yet lasted as long as the policy's delays add up to.
     */
    private static boolean ridesOut(WaitPolicy policy, int attempt, long startNanos) {
        return attempt + 1 < policy.maxAttempts() && System.nanoTime() - startNanos < spanNanos(policy);
    }

    /** The policy's delays added up, in nanoseconds, at most {@code Long.MAX_VALUE}. */
    private static long spanNanos(WaitPolicy policy) {
        long delays = policy.maxAttempts() - 1L;
        long span = 0;
        // past 64 attempts every delay is the same (delayAfter stops growing there): no loop over a huge count
        int grown = (int) Math.min(delays, 65);
        for (int i = 0; i < grown; i++) {
            span = saturatedAdd(span, nanos(policy.delayAfter(i)));
        }
        long rest = delays - grown;
        long last = nanos(policy.delayAfter(64));
        return rest > 0 && last > 0 && rest > (Long.MAX_VALUE - span) / last ? Long.MAX_VALUE : span + rest * last;
    }

    private static long nanos(Duration d) {
        return d.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE : d.toNanos();
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static <R> void attempt(
            String what,
            WaitPolicy policy,
            Supplier<CompletableFuture<Optional<R>>> check,
            int attempt,
            Duration waited,
            long startNanos,
            CompletableFuture<R> result,
            WaitWake wake) {
        if (result.isDone()) {
            return;
        }
        if (wake != null && wake.isClosed()) {
            result.completeExceptionally(WaitWake.closedWhileWaitingFor(what));
            return;
        }
        CompletableFuture<Optional<R>> future;
        try {
            future = wake == null ? check.get() : wake.check(check);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        future.whenComplete((value, error) -> {
            Throwable failure = error == null ? null : unwrap(error);
            if (failure instanceof ClientClosedException && wake != null && wake.isClosed()) {
                // the check's call was cancelled as the client closed: the wait ends as between two checks
                failure = WaitWake.closedWhileWaitingFor(what);
            }
            boolean outage = failure instanceof UnreachableHostsException && ridesOut(policy, attempt, startNanos);
            if (failure != null && !outage) {
                result.completeExceptionally(failure);
            } else if (failure == null && value.isPresent()) {
                result.complete(value.get());
            } else if (attempt + 1 >= policy.maxAttempts()) {
                result.completeExceptionally(new WaitTimeoutException(what, waited));
            } else {
                Duration delay = policy.delayAfter(attempt);
                Runnable next =
                        () -> attempt(what, policy, check, attempt + 1, waited.plus(delay), startNanos, result, wake);
                if (wake == null) {
                    TimedSteps.after(delay.toMillis(), TimeUnit.MILLISECONDS).execute(next);
                } else {
                    wake.schedule(delay, next);
                }
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
        Objects.requireNonNull(error, "error");
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    /** Sleeps between attempts; a wait of a client ends as soon as the client closes. */
    private static void sleep(Duration delay, String what, WaitWake wake) {
        try {
            if (wake == null) {
                Thread.sleep(delay.toMillis());
            } else if (wake.sleep(delay)) {
                throw WaitWake.closedWhileWaitingFor(what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted");
            interrupted.initCause(e);
            throw TransportException.failure("interrupted while waiting for " + what, interrupted);
        }
    }
}
