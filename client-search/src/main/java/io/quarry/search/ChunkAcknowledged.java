package io.quarry.search;

import io.quarry.search.model.BatchResponse;
import java.util.Objects;

/**
 * A chunk the service acknowledged (see {@link ChunkListener#acknowledged(ChunkAcknowledged)}).
 *
 * @param chunk       the chunk's number, from 0 in the order chunks are sent
 * @param firstRecord the position of its first record (see {@link ChunkSent#firstRecord()})
 * @param response    the service's answer: the task applying the chunk and the objectIDs written, in order
 * @param progress    the progress of the write, this chunk included
 */
public record ChunkAcknowledged(long chunk, long firstRecord, BatchResponse response, WriteProgress progress) {

    /**
     * Checks the components.
     *
     * @param chunk       the chunk's number, from 0 in the order chunks are sent
     * @param firstRecord the position of its first record
     * @param response    the service's answer
     * @param progress    the progress of the write, this chunk included
     */
    public ChunkAcknowledged {
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(progress, "progress");
    }
}
