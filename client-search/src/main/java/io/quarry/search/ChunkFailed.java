package io.quarry.search;

import io.quarry.search.model.BatchOperation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A chunk that failed after the client's retries (see {@link ChunkListener#failed(ChunkFailed)}): whether its
 * records were applied is not known unless the error says so (a 4xx answer means they were not). Nothing is
 * dropped silently: the operations can be sent again as they are with {@link SearchIndex#batch(List)} (a record
 * given a client-side objectID keeps it, so sending it again replaces rather than duplicates), or their
 * objectIDs logged.
 *
 * @param index       the chunk's position, from 0 in the order chunks are sent (see {@link ChunkSent#index()})
 * @param firstRecord the position of its first record (see {@link ChunkSent#firstRecord()})
 * @param operations  the chunk's operations, as sent
 * @param objectIDs   the objectID of each operation, in order; null for a record written without one (the
 *                    service picks it), or whose objectID cannot be read because the SDK's mapping cannot write it
 * @param error       the failure
 * @param rounds      how many rounds of tries its batch call took before it failed: 1 unless every host failed and
 *                    the call waited and tried them again ({@link io.quarry.core.RetryRounds}), more when an outage
 *                    outlasted the rounds or another failure ended a later round
 * @param progress    the progress of the write, this chunk included
 */
public record ChunkFailed(
        long index,
        long firstRecord,
        List<BatchOperation> operations,
        List<String> objectIDs,
        Throwable error,
        int rounds,
        WriteProgress progress) {

    /**
     * Checks the components and keeps unmodifiable lists.
     *
     * @param index       the chunk's position, from 0 in the order chunks are sent
     * @param firstRecord the position of its first record
     * @param operations  the chunk's operations, as sent
     * @param objectIDs   the objectID of each operation, in order; null where the service picks it
     * @param error       the failure
     * @param rounds      how many rounds of tries its batch call took, at least 1
     * @param progress    the progress of the write, this chunk included
     * @throws NullPointerException naming the component, if one is null (an objectID in the list may be)
     */
    public ChunkFailed {
        operations = List.copyOf(Objects.requireNonNull(operations, "operations"));
        // an objectID may be null, so a copy that keeps nulls
        objectIDs = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(objectIDs, "objectIDs")));
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(progress, "progress");
        if (rounds < 1) {
            throw new IllegalArgumentException("a call takes at least 1 round, not " + rounds);
        }
    }
}
