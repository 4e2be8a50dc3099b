package io.quarry.mockserver.engine.internal.index;

import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * Told of every write group an {@link io.quarry.mockserver.engine.IndexData} keeps, so that a figure kept about some
 * of its records (who wrote them, and their sizes) stays up to date without reading the records when it is asked
 * for. Installed through {@link StoreHolds#watch}; a group undone is not told of.
 */
public interface RecordWatch {

    /**
     * A write group was kept. Called under the records' write lock, just before it is let go: it must not wait for
     * anything that waits for the records.
     *
     * @param cleared whether the group removed every record (the records it wrote after that are in {@code written})
     * @param written the objectIDs the group wrote or removed, after its last clear
     * @param jsonSizes the approximate JSON size of a record as it is now, -1 when it is not stored
     */
    void kept(boolean cleared, Set<String> written, ToLongFunction<String> jsonSizes);
}
