package io.quarry.testcontainers.internal;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.output.OutputFrame.OutputType;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until the mock server prints its {@code listening on} line, once every host listens. A server that stops
 * before (a setting it refuses, a seed it cannot read) fails the start at once with its exit code and the
 * {@code error:} line it printed, where a wait for a log line would wait out its timeout without saying why: the
 * container's output reaches a test only through a logger, which many test runs have none of.
 */
public final class ListeningWait extends AbstractWaitStrategy {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @Override
    protected void waitUntilReady() {
        long giveUpAt = System.nanoTime() + startupTimeout.toNanos();
        while (!listening()) {
            if (!waitStrategyTarget.isRunning()) {
                // the output once more: the line may have come just before the server stopped
                if (listening()) {
                    return;
                }
                throw new ContainerLaunchException(stopped());
            }
            if (System.nanoTime() - giveUpAt > 0) {
                throw new ContainerLaunchException(
                        "the mock server printed no 'listening on' line within " + seconds(startupTimeout) + " s");
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** {@return the timeout in seconds as withStartupTimeout gave it: 60, or 1.5 rather than a rounded 1} */
    private static String seconds(Duration timeout) {
        return BigDecimal.valueOf(timeout.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private boolean listening() {
        String out = waitStrategyTarget.getLogs(OutputType.STDOUT);
        return out.startsWith("listening on ") || out.contains("\nlistening on ");
    }

    /** What the server said as it stopped: its {@code error:} line, which never holds a key. */
    private String stopped() {
        Long exitCode = waitStrategyTarget.getCurrentContainerInfo().getState().getExitCodeLong();
        String errors = waitStrategyTarget.getLogs(OutputType.STDERR);
        String reason = errors.lines()
                .filter(line -> line.startsWith("error: ") || line.startsWith("Error: "))
                .findFirst()
                .orElse("it printed no error line");
        return "the mock server stopped before it listened (exit code " + exitCode + "): " + reason;
    }
}
