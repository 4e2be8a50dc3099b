package io.quarry.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The checks of one health request, run at once. Spring Boot's health endpoint asks a composite contributor's
 * indicators one after another, on one thread (a servlet application's), and neither Boot line offers a timeout or
 * a concurrent evaluation for them; so the first indicator asked starts every check of the round, each on its
 * client's asynchronous call, and each indicator then waits for its own, all within one deadline: the round takes
 * at most {@code quarry.health.timeout}, however many checks are enabled. Nothing is called until an indicator is
 * asked. Thread-safe: a reactive application's endpoint asks the indicators from several threads.
 */
final class HealthRound {

    private final List<HealthProbe> probes;
    private final Duration timeout;

    /** The calls under way by the probe's name, from the first indicator asked; guarded by this. */
    private Map<String, CompletableFuture<?>> calls;

    /** When the round ends, in {@link System#nanoTime()}'s terms; guarded by this. */
    private long deadline;

    HealthRound(List<HealthProbe> probes, Duration timeout) {
        this.probes = List.copyOf(probes);
        this.timeout = timeout;
    }

    /**
     * {@return what the probe's check finds, waiting at most until the round's deadline} A check not ended by then
     * is cancelled and down.
     *
     * @param probe one of the round's probes
     */
    HealthVerdict verdict(HealthProbe probe) {
        CompletableFuture<?> call = started().get(probe.name());
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

    private synchronized Map<String, CompletableFuture<?>> started() {
        if (calls == null) {
            deadline = System.nanoTime() + timeout.toNanos();
            Map<String, CompletableFuture<?>> started = new LinkedHashMap<>();
            probes.forEach(probe -> started.put(probe.name(), probe.start()));
            calls = started;
        }
        return calls;
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
