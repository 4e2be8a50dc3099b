package io.quarry.search;

import java.time.Duration;
import java.util.Objects;

/**
 * How far a chunked write or an {@link Ingester} has come, as of one chunk's end: enough for a log line or a
 * progress bar ({@code "%,d records, %,.0f/s".formatted(p.recordsAcknowledged(), p.recordsPerSecond())}).
 *
 * @param recordsAcknowledged records in the chunks the service acknowledged so far
 * @param recordsFailed       records in the chunks that failed so far
 * @param chunksAcknowledged  chunks the service acknowledged so far
 * @param chunksFailed        chunks that failed so far
 * @param roundsWaited        rounds of tries past each chunk's first, summed over the chunks that ended so far: how
 *                            often a chunk's call found every host failing and waited to try them again
 *                            ({@link io.quarry.core.RetryRounds}); 0 while no outage was met
 * @param elapsed             time since the write (or the ingester) started
 */
public record WriteProgress(
        long recordsAcknowledged,
        long recordsFailed,
        long chunksAcknowledged,
        long chunksFailed,
        long roundsWaited,
        Duration elapsed) {

    /**
     * Checks the components.
     *
     * @param recordsAcknowledged records in the chunks the service acknowledged so far
     * @param recordsFailed       records in the chunks that failed so far
     * @param chunksAcknowledged  chunks the service acknowledged so far
     * @param chunksFailed        chunks that failed so far
     * @param roundsWaited        rounds of tries past each chunk's first, summed over the chunks that ended so far
     * @param elapsed             time since the write (or the ingester) started
     */
    public WriteProgress {
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /**
     * Records acknowledged per second of {@link #elapsed()}.
     *
     * @return the rate, 0 before any time has passed
     */
    public double recordsPerSecond() {
        long nanos = elapsed.toNanos();
        return nanos <= 0 ? 0 : recordsAcknowledged * 1e9 / nanos;
    }
}
