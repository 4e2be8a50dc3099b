package io.quarry.core.spi;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PreparedJson;
import io.quarry.core.internal.Json;
import java.util.Map;

/** Questions about a record's {@code objectID} that modules ask before sending a write, or after one failed. */
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
        if (record instanceof PreparedJson prepared) {
            return prepared.objectID().isPresent();
        }
        return record instanceof DefaultObjectID || Json.hasObjectID(record);
    }

    /**
     * The {@code objectID} a record is written with, as text: its own, or for a {@link DefaultObjectID} the one it
     * was given when it has none. For reports of writes that failed: a typed record without a plain
     * {@code objectID} property is converted to find it, as the SDK's mapping writes it.
     *
     * @param record the record (typed, a {@link FreeFormRecord}, a map, a {@link DefaultObjectID}, a
     *               {@link PreparedJson}, or null)
     * @return the objectID, or null when the record is written without one (the service would pick it)
     */
    public static String of(Object record) {
        if (record == null) {
            return null;
        }
        if (record instanceof PreparedJson prepared) {
            return prepared.objectID().orElse(null);
        }
        if (record instanceof DefaultObjectID withDefault) {
            String own = of(withDefault.record());
            return own != null ? own : withDefault.objectID();
        }
        Object id;
        if (record instanceof FreeFormRecord free) {
            id = free.attributes().get(FreeFormRecord.OBJECT_ID);
        } else if (record instanceof Map<?, ?> map) {
            id = map.get(FreeFormRecord.OBJECT_ID);
        } else if (!Json.hasObjectID(record)) {
            return null;
        } else {
            id = FreeFormRecord.from(record).attributes().get(FreeFormRecord.OBJECT_ID);
        }
        return id == null ? null : id.toString();
    }
}
