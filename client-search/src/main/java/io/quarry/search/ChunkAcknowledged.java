package io.quarry.search;

import io.quarry.search.model.BatchResponse;
import java.util.Objects;

/**
 * A chunk the service acknowledged (see {@link ChunkListener#acknowledged(ChunkAcknowledged)}).
 *
 * @param index       the chunk's position, from 0 in the order chunks are sent (see {@link ChunkSent#index()})
 * @param firstRecord the position of its first record (see {@link ChunkSent#firstRecord()})
 * @param response    the service's answer: the task applying the chunk and the objectIDs written, in order
 * @param rounds      how many rounds of tries its batch call took: 1 when a host answered at once, more when every
 *                    host failed and the call waited and tried them again ({@link io.quarry.core.RetryRounds})
 * @param progress    the progress of the write, this chunk included
 */
public record ChunkAcknowledged(
        long index, long firstRecord, BatchResponse response, int rounds, WriteProgress progress) {

    /**
     * Checks the components.
     *
     * @param index       the chunk's position, from 0 in the order chunks are sent
     * @param firstRecord the position of its first record
     * @param response    the service's answer
     * @param rounds      how many rounds of tries its batch call took, at least 1
     * @param progress    the progress of the write, this chunk included
     */
    public ChunkAcknowledged {
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(progress, "progress");
        if (rounds < 1) {
            throw new IllegalArgumentException("a call takes at least 1 round, not " + rounds);
        }
    }
}
