package io.quarry.mockserver.engine;

import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/**
 * The records of one index and the structures that search them.
 *
 * <p>Thread-safe. A group of writes passed to {@link #write} is atomic for readers: no search sees part of it.
 * Records handed in are owned by the index afterwards; records handed out are copies.
 */
public final class IndexData {

    /** Creates an empty index. */
    public IndexData() {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /**
     * Applies a group of writes atomically.
     *
     * @param writes the writes; what it returns is returned
     * @param <T> the result type
     * @return what {@code writes} returned
     */
    public <T> T write(Function<RecordWriter, T> writes) {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /**
     * Returns a copy of one record.
     *
     * @param objectID the record's ID
     * @return a copy of the record, or {@code null} when absent
     */
    public ObjectNode get(String objectID) {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /** @return the number of records */
    public int size() {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /** @return the approximate size of the records in bytes, as JSON */
    public long dataSize() {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /** @return copies of every record, in objectID order (for state export) */
    public List<ObjectNode> records() {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }
}
