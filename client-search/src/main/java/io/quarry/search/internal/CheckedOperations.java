package io.quarry.search.internal;

import io.quarry.search.model.BatchOperation;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.RandomAccess;

/**
 * A chunk's operations as {@link ChunkedWriter} made them, each noted with whether its record still needs watching
 * as the chunk's request writes it ({@link ObjectIDWatch}): a typed record whose class's layout told its objectID,
 * and for an update that it can carry no cumulative operation, was checked as the chunk was made and is written
 * straight through.
 */
final class CheckedOperations extends AbstractList<BatchOperation> implements RandomAccess {

    private final List<BatchOperation> operations;
    private final BitSet watched;

    CheckedOperations(int size) {
        this.operations = new ArrayList<>(size);
        this.watched = new BitSet(size);
    }

    /**
     * Adds an operation.
     *
     * @param operation the operation
     * @param watch     whether its record is watched as it is written
     */
    void add(BatchOperation operation, boolean watch) {
        if (watch) {
            watched.set(operations.size());
        }
        operations.add(operation);
    }

    /** {@return whether the operation at this index is watched as it is written} */
    boolean watched(int index) {
        return watched.get(index);
    }

    @Override
    public BatchOperation get(int index) {
        return operations.get(index);
    }

    @Override
    public int size() {
        return operations.size();
    }
}
