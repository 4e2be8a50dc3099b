package io.quarry.spring;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The checks of one health request, all within one deadline. Spring Boot's health endpoint asks a composite
 * contributor's indicators one after another, on one thread (a servlet application's), and neither Boot line offers
 * a timeout or a concurrent evaluation for them. It also asks only the indicators of the health group it serves,
 * without telling the contributor which group that is. So the first indicator asked sets the round's deadline,
 * {@code quarry.health.timeout} away, and starts its own check with every check sure to be asked after it in the same
 * walk: every check of the group being walked, which the endpoint's walk names ({@link HealthGroupWalk}), or where it
 * does not, those that every health group that could be walking includes ({@link HealthWalks}). Each check runs on its
 * client's asynchronous call, and each indicator waits for its own until the deadline. A check asked later that has
 * not started yet joins the round then, with the time left: the round never takes longer than the timeout, however
 * many checks are asked, and calls no check the health group being walked does not include. Thread-safe: a reactive
 * application's endpoint asks the indicators from several threads, at once.
 */
final class HealthRound {

    private final List<HealthProbe> probes;
    private final Duration timeout;
    private final HealthWalks walks;

    /** The endpoint's walk that asks these checks, which may name its health group, or null for a check alone. */
    private final HealthGroupWalk walk;

    /** The checks asked so far, by name; guarded by this. */
    private final Set<String> asked = new HashSet<>();

    /** The calls under way, by the probe's name; guarded by this. */
    private final Map<String, CompletableFuture<?>> calls = new LinkedHashMap<>();

    /** When the round ends, in {@link System#nanoTime()}'s terms, set by the first indicator asked; guarded by this. */
    private long deadline;

    /**
     * @param probes  the checks the walk may ask, in the order it asks them
     * @param timeout the limit on the round
     * @param walks   which checks each health group asks
     * @param walk    the endpoint's walk that asks them, or null
     */
    HealthRound(List<HealthProbe> probes, Duration timeout, HealthWalks walks, HealthGroupWalk walk) {
        this.probes = List.copyOf(probes);
        this.timeout = timeout;
        this.walks = walks;
        this.walk = walk;
    }

    /**
     * {@return what the probe's check finds, waiting at most until the round's deadline} A check not ended by then
     * is cancelled and down; a check asked once the deadline has passed is down without a call.
     *
     * @param probe one of the round's probes
     */
    HealthVerdict verdict(HealthProbe probe) {
        CompletableFuture<?> call = join(probe);
        if (call == null) {
            return probe.verdict(new TimeoutException("No answer within quarry.health.timeout (" + shown(timeout)
                    + "): the checks asked before this one in the same health request used it up, so it was not"
                    + " called"));
        }
        try {
            call.get(Math.max(0, remaining()), TimeUnit.NANOSECONDS);
            return probe.verdict(null);
        } catch (ExecutionException | CompletionException e) {
            return probe.verdict(e.getCause() == null ? e : e.getCause());
        } catch (TimeoutException e) {
            call.cancel(true); // stops the call and its retries
            return probe.verdict(
                    new TimeoutException("No answer within quarry.health.timeout (" + shown(timeout) + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.cancel(true);
            return probe.verdict(e);
        } catch (CancellationException e) {
            return probe.verdict(e);
        }
    }

    /**
     * {@return the probe's call, started now with the checks sure to be asked after it when it has not started yet,
     * or null when it has not and the deadline has passed}
     */
    private synchronized CompletableFuture<?> join(HealthProbe probe) {
        if (asked.isEmpty()) {
            deadline = System.nanoTime() + timeout.toNanos();
        }
        asked.add(probe.name());
        CompletableFuture<?> call = calls.get(probe.name());
        if (call != null || remaining() <= 0) {
            return call;
        }
        Predicate<String> sure = sureToBeAsked();
        for (HealthProbe other : probes) {
            if (!calls.containsKey(other.name()) && (other == probe || sure.test(other.name()))) {
                calls.put(other.name(), other.start());
            }
        }
        return calls.get(probe.name());
    }

    /**
     * {@return whether a check is sure to be asked in this round} When the walk has named its health group, every
     * check that group includes; otherwise those that every group that could be walking includes.
     */
    private Predicate<String> sureToBeAsked() {
        Predicate<String> group = walk == null ? null : walk.includes();
        return group != null ? group : walks.sureToBeAsked(asked)::contains;
    }

    /** {@return the duration as a property would give it: {@code 500ms}, {@code 2s}} */
    private static String shown(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    private synchronized long remaining() {
        return deadline - System.nanoTime();
    }
}
