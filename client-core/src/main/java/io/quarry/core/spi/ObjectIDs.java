package io.quarry.core.spi;

import io.quarry.core.internal.Json;

/** Questions about a record's {@code objectID} that modules ask before sending a write. */
public final class ObjectIDs {

    private ObjectIDs() {}

    /**
     * Whether a record writes a non-null top-level {@code objectID}. A typed record is not converted to a map to
     * find out: its class's {@code objectID} property (if any) is found once and read directly.
     *
     * @param record the record (typed, a {@link io.quarry.core.FreeFormRecord}, a map, or null)
     * @return true if it has one
     */
    public static boolean present(Object record) {
        return record instanceof DefaultObjectID || Json.hasObjectID(record);
    }
}
