package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.ApiException;
import io.quarry.core.Endpoint;
import io.quarry.core.Host;
import io.quarry.core.QuarryException;
import io.quarry.core.RateLimitException;
import io.quarry.core.ServerErrorException;
import io.quarry.core.TransportException;
import io.quarry.core.UnreachableHostsException;
import io.quarry.core.WaitPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A wait whose check fails because every host failed its call rides the moment out as an attempt that found the
 * operation not done yet, within the policy's attempts and the time its delays add up to; any other failure (a rate
 * limit too, whose wait may be hours) and an interrupt still end the wait at once.
 */
@Timeout(30)
class PollingOutageTest {

    private static final Endpoint TASK = Endpoint.read("getTask", "GET", "/1/indexes/{indexName}/task/{taskID}");
    /** Short delays that add up to seconds: far more than the few attempts a test makes take, however loaded. */
    private static final WaitPolicy QUICK = new WaitPolicy(1_000, Duration.ofMillis(1), Duration.ofMillis(5), 2);

    private static UnreachableHostsException everyHostFailed() {
        ApiException unavailable =
                ApiException.of(TASK, "/1/indexes/books/task/7", 503, "unavailable", "{}", Map.of(), List.of(), null);
        return new UnreachableHostsException(
                TASK,
                List.of(new UnreachableHostsException.Attempt(
                        Host.https("h1.example.com"), unavailable, Duration.ofMillis(3))));
    }

    private static RateLimitException rateLimited() {
        return (RateLimitException)
                ApiException.of(TASK, "/1/indexes/books/task/7", 429, "slow down", "{}", Map.of(), List.of(), null);
    }

    /** A check that fails with the given errors, one per attempt, then answers the task done. */
    private static Supplier<Optional<String>> failingFirst(AtomicInteger calls, QuarryException... failures) {
        return () -> {
            int call = calls.getAndIncrement();
            if (call < failures.length) {
                throw failures[call];
            }
            return Optional.of("published");
        };
    }

    @Test
    void aBlockingWaitRidesOutAttemptsOnWhichEveryHostFailed() {
        AtomicInteger calls = new AtomicInteger();

        String status = Polling.poll(
                "task 7", QUICK, failingFirst(calls, everyHostFailed(), everyHostFailed(), everyHostFailed()));

        assertThat(status).isEqualTo("published");
        assertThat(calls).hasValue(4);
    }

    @Test
    void anAsyncWaitRidesOutAttemptsOnWhichEveryHostFailed() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Supplier<Optional<String>> check = failingFirst(calls, everyHostFailed(), everyHostFailed());

        String status = Polling.pollAsync("task 7", QUICK, () -> {
                    try {
                        return CompletableFuture.completedFuture(check.get());
                    } catch (QuarryException e) {
                        return CompletableFuture.failedFuture(e);
                    }
                })
                .get(20, TimeUnit.SECONDS);

        assertThat(status).isEqualTo("published");
        assertThat(calls).hasValue(3);
    }

    @Test
    void aFailedLastAttemptEndsTheWaitWithItsFailure() {
        AtomicInteger calls = new AtomicInteger();
        UnreachableHostsException last = everyHostFailed();

        // two attempts a second apart: the first, ridden out, has the whole second its delays add up to, to fail
        WaitPolicy twoAttempts = new WaitPolicy(2, Duration.ofSeconds(1), Duration.ofSeconds(1), 1);

        Throwable error =
                catchThrowable(() -> Polling.poll("task 7", twoAttempts, failingFirst(calls, everyHostFailed(), last)));

        assertThat(error).as("the outage, not a WaitTimeoutException").isSameAs(last);
        assertThat(calls).hasValue(2);
    }

    @Test
    void aWaitWhoseDelaysAddUpToNothingRidesOutNoFailure() {
        AtomicInteger calls = new AtomicInteger();
        WaitPolicy noDelay = new WaitPolicy(1_000, Duration.ZERO, Duration.ZERO, 1);
        UnreachableHostsException first = everyHostFailed();

        Throwable error = catchThrowable(() -> Polling.poll("task 7", noDelay, failingFirst(calls, first)));

        assertThat(error).as("the wait's time is up at once").isSameAs(first);
        assertThat(calls).hasValue(1);
    }

    @Test
    void otherFailuresStillEndTheWaitAtOnce() {
        AtomicInteger calls = new AtomicInteger();
        ServerErrorException notAnOutage = (ServerErrorException)
                ApiException.of(TASK, "/1/indexes/books/task/7", 500, "bug", "{}", Map.of(), List.of(), null);
        TransportException interrupted = TransportException.failure("interrupted", new IOException("interrupted"));
        RateLimitException limited = rateLimited();

        assertThat(catchThrowable(() -> Polling.poll("task 7", QUICK, failingFirst(calls, notAnOutage))))
                .isSameAs(notAnOutage);
        calls.set(0);
        assertThat(catchThrowable(() -> Polling.poll("task 7", QUICK, failingFirst(calls, limited))))
                .isSameAs(limited);
        calls.set(0);
        assertThat(catchThrowable(() -> Polling.poll("task 7", QUICK, failingFirst(calls, interrupted))))
                .isSameAs(interrupted);
        assertThat(calls).hasValue(1);
    }

    @Test
    void anInterruptedThreadDoesNotRideOutAnOutage() {
        AtomicInteger calls = new AtomicInteger();
        UnreachableHostsException failure = everyHostFailed();
        Thread.currentThread().interrupt(); // as the transport leaves it when interrupted between two rounds

        Throwable error = catchThrowable(() -> Polling.poll("task 7", QUICK, failingFirst(calls, failure)));

        assertThat(Thread.interrupted()).as("the flag is kept").isTrue();
        assertThat(error).isSameAs(failure);
        assertThat(calls).hasValue(1);
    }
}
