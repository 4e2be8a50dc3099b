package io.quarry.search.internal;

import io.quarry.search.model.BatchOperation;
import java.util.List;

/**
 * Makes the batch operations of one chunk of a chunked write, just before the chunk is sent. A record the service
 * would refuse, or one that cannot be serialised, is refused here, naming its position in the input: the chunk is
 * then never sent, and the write reports exactly what was (the chunks before it).
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
