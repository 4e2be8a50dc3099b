package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Dns;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The connect timeout bounds how long the resolver takes once asked, not how long the lookup's thread takes to run: a
 * lookup held before it starts (a loaded machine not scheduling its thread) still answers, while a resolver that does
 * not answer once asked, the try's limit and a cancel still end the wait. Before, a name the resolver answered at
 * once failed as unresolved when the thread ran later than the connect timeout.
 */
@Timeout(60)
class BoundedDnsTest {

    /** Short: the silent resolver's tests wait it out, and no answer the resolver has waits on it. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(100);

    /** The lookups handed to the pool, held there until the test runs them. */
    private final BlockingQueue<Runnable> held = new LinkedBlockingQueue<>();

    private final Executor holding = held::add;

    /** Released when the test ends: until then, the silent resolver does not answer. */
    private final CountDownLatch resolverAnswers = new CountDownLatch(1);

    private final AtomicInteger asked = new AtomicInteger();

    private final Dns answersAtOnce = name -> {
        asked.incrementAndGet();
        return List.of(InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1}));
    };

    private final Dns silent = name -> {
        asked.incrementAndGet();
        try {
            resolverAnswers.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new UnknownHostException("released at the end of the test");
    };

    @AfterEach
    void release() {
        resolverAnswers.countDown();
    }

    @Test
    void aLookupHeldFromStartingLongerThanTheConnectTimeoutAnswersOnceItRuns() throws Exception {
        BoundedDns dns = new BoundedDns(answersAtOnce, CONNECT_TIMEOUT, holding);
        Caller first = Caller.lookUp(dns, "held.test", tryLimited(Duration.ofSeconds(30)));
        Caller second = Caller.lookUp(dns, "held.test", tryLimited(Duration.ofSeconds(30)));
        Runnable lookup = held.poll(10, TimeUnit.SECONDS);
        first.awaitWaiting();
        second.awaitWaiting();

        holdForThreeConnectTimeouts();
        assertThat(first.result)
                .as("the first call, still waiting for the lookup to start")
                .isNotDone();
        assertThat(second.result)
                .as("the second call, still waiting for the lookup to start")
                .isNotDone();
        assertThat(held).as("one lookup for both calls").isEmpty();

        lookup.run();
        assertThat(first.result.get(10, TimeUnit.SECONDS)).hasSize(1);
        assertThat(second.result.get(10, TimeUnit.SECONDS)).hasSize(1);
        assertThat(asked).hasValue(1);
    }

    @Test
    void aResolverThatDoesNotAnswerOnceAskedFailsAConnectTimeoutAfterItWasAsked() throws Exception {
        BoundedDns dns = new BoundedDns(silent, CONNECT_TIMEOUT, holding);
        Caller caller = Caller.lookUp(dns, "silent.test", tryLimited(Duration.ofSeconds(30)));
        Runnable lookup = held.poll(10, TimeUnit.SECONDS);
        caller.awaitWaiting();
        holdForThreeConnectTimeouts();
        assertThat(caller.result)
                .as("the call, still waiting for the lookup to start")
                .isNotDone();

        long released = System.nanoTime();
        Thread thread = new Thread(lookup, "held lookup");
        thread.setDaemon(true);
        thread.start();
        Throwable failure = caller.failure();
        Duration afterRelease = Duration.ofNanos(System.nanoTime() - released);

        assertThat(failure)
                .isInstanceOf(UnknownHostException.class)
                .hasMessage("no address for silent.test within " + CONNECT_TIMEOUT.toMillis()
                        + " ms (the connect timeout)");
        assertThat(asked).hasValue(1);
        assertThat(afterRelease)
                .as("the connect timeout ran from the resolver being asked, and not to the try's 30 s limit")
                .isGreaterThanOrEqualTo(CONNECT_TIMEOUT)
                .isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aResolverThatDoesNotAnswerFailsWithinTheConnectTimeoutOnTheSharedPool() throws Exception {
        BoundedDns dns = new BoundedDns(silent, CONNECT_TIMEOUT);
        long start = System.nanoTime();
        Throwable failure = Caller.lookUp(dns, "silent.test", tryLimited(Duration.ofSeconds(30)))
                .failure();
        assertThat(failure)
                .isInstanceOf(UnknownHostException.class)
                .hasMessage("no address for silent.test within " + CONNECT_TIMEOUT.toMillis()
                        + " ms (the connect timeout)");
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("the connect timeout, not the try's 30 s limit")
                .isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void theTrysLimitEndsTheWaitForALookupThatNeverStarts() throws Exception {
        BoundedDns dns = new BoundedDns(answersAtOnce, Duration.ofMinutes(10), holding);
        long start = System.nanoTime();
        Throwable failure = Caller.lookUp(dns, "never.test", tryLimited(Duration.ofMillis(100)))
                .failure();
        assertThat(failure)
                .isInstanceOf(UnknownHostException.class)
                .hasMessageStartingWith("no address for never.test within ")
                .hasMessageEndingWith(" ms (the time the try had left; the lookup had not started)");
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("the try's 100 ms limit, not the 10 min connect timeout")
                .isLessThan(Duration.ofSeconds(20));
        assertThat(asked).hasValue(0);
    }

    @Test
    void aCancelledTryStopsWaitingForALookupThatNeverStarts() throws Exception {
        BoundedDns dns = new BoundedDns(answersAtOnce, Duration.ofMinutes(10), holding);
        AttemptTag tag = new AttemptTag(Duration.ofMinutes(10), Duration.ofMinutes(10));
        Caller caller = Caller.lookUp(dns, "never.test", tag);
        caller.awaitWaiting();

        tag.cancelled();
        assertThat(caller.failure())
                .isInstanceOf(UnknownHostException.class)
                .hasMessage("the call was cancelled while looking up never.test");
        assertThat(asked).hasValue(0);
    }

    private static AttemptTag tryLimited(Duration limit) {
        AttemptTag tag = new AttemptTag(CONNECT_TIMEOUT, Duration.ofSeconds(1));
        tag.limit(limit.toNanos());
        tag.startLimit();
        return tag;
    }

    /** Lets three connect timeouts pass, the time the test holds a lookup from starting. */
    private static void holdForThreeConnectTimeouts() throws InterruptedException {
        long from = System.nanoTime();
        Eventually.waitUntil(
                "three connect timeouts to pass",
                () -> System.nanoTime() - from >= 3 * CONNECT_TIMEOUT.toNanos(),
                Duration.ofSeconds(30));
    }

    /** A try looking a name up on a thread of its own, as OkHttp does on the thread running the try. */
    private static final class Caller {
        final CompletableFuture<List<InetAddress>> result = new CompletableFuture<>();
        final Thread thread;

        private Caller(BoundedDns dns, String name, AttemptTag tag) {
            thread = new Thread(
                    () -> {
                        BoundedDns.lookingUpFor(tag);
                        try {
                            result.complete(dns.lookup(name));
                        } catch (Throwable e) {
                            result.completeExceptionally(e);
                        }
                    },
                    "caller of " + name);
            thread.setDaemon(true);
        }

        static Caller lookUp(BoundedDns dns, String name, AttemptTag tag) {
            Caller caller = new Caller(dns, name, tag);
            caller.thread.start();
            return caller;
        }

        /** Waits until the caller waits for the lookup (the only place it waits). */
        void awaitWaiting() throws InterruptedException {
            Eventually.waitUntil("the caller to wait for the lookup", () -> {
                Thread.State state = thread.getState();
                return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
            });
        }

        Throwable failure() throws InterruptedException, TimeoutException {
            try {
                List<InetAddress> addresses = result.get(20, TimeUnit.SECONDS);
                throw new AssertionError("expected the lookup to fail, got " + addresses);
            } catch (ExecutionException e) {
                return e.getCause();
            }
        }
    }
}
