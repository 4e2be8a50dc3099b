package io.quarry.search.internal;

import io.quarry.search.model.BatchOperation;
import java.util.List;

/**
 * Makes the batch operations of one chunk of a chunked write, just before the chunk is sent. A record the service
 * would refuse is refused here, naming its position in the input, when that can be told without serialising it: the
 * chunk is then never sent, and the write reports exactly what was (the chunks before it). A typed record is judged
 * as its chunk's request writes it ({@link ChunkBody}).
 */
@FunctionalInterface
public interface ChunkOperations {

    /**
     * {@return the operations of the chunk's records, in order}
     *
     * @param records     the chunk's records
     * @param firstRecord the position of its first record in the input, from 0
     * @throws io.quarry.core.InvalidRequestException when a record is refused, naming its position
     */
    List<BatchOperation> of(List<?> records, long firstRecord);
}
