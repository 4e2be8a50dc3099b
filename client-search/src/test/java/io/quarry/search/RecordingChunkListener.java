package io.quarry.search;

import io.quarry.mockserver.Fault;
import io.quarry.mockserver.Faults;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A chunk listener for the chunked-write tests: keeps the objectIDs of every acknowledged chunk and every failed
 * chunk, from any thread, and can act once a chunk is acknowledged (to script a fault for the next one).
 */
final class RecordingChunkListener implements ChunkListener {

    private final Consumer<ChunkAcknowledged> afterAcknowledged;
    private final Set<String> acknowledgedIDs = Collections.synchronizedSet(new HashSet<>());
    private final List<ChunkFailed> failed = Collections.synchronizedList(new ArrayList<>());

    /** A listener that only records. */
    RecordingChunkListener() {
        this(chunk -> {});
    }

    /** @param afterAcknowledged run after each acknowledged chunk is recorded */
    RecordingChunkListener(Consumer<ChunkAcknowledged> afterAcknowledged) {
        this.afterAcknowledged = afterAcknowledged;
    }

    /**
     * {@return a listener that, once chunk N is acknowledged, faults the next request on the path as scripted for N}
     *
     * @param faults the mock server's faults
     * @param pathPattern the path pattern the fault matches
     * @param faultAfterChunk the fault to script after each chunk number
     */
    static RecordingChunkListener scriptingFaults(Faults faults, String pathPattern, Map<Long, Fault> faultAfterChunk) {
        return new RecordingChunkListener(chunk -> {
            Fault fault = faultAfterChunk.get(chunk.index());
            if (fault != null) {
                faults.next(1, "POST", pathPattern, fault);
            }
        });
    }

    /** {@return the objectIDs of the chunks acknowledged so far (a live, synchronized view)} */
    Set<String> acknowledgedIDs() {
        return acknowledgedIDs;
    }

    /** {@return the chunks that failed so far (a live, synchronized view)} */
    List<ChunkFailed> failed() {
        return failed;
    }

    @Override
    public void acknowledged(ChunkAcknowledged chunk) {
        acknowledgedIDs.addAll(chunk.response().objectIDs());
        afterAcknowledged.accept(chunk);
    }

    @Override
    public void failed(ChunkFailed chunk) {
        failed.add(chunk);
    }
}
