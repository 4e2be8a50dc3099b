package io.quarry.core.spi;

import io.quarry.core.FreeFormRecord;
import java.util.Map;
import java.util.Objects;

/**
 * A record written with an {@code objectID} of the client's choosing when it has none of its own. A record that
 * writes an {@code objectID} member (whatever its value) keeps it: the service judges it, the client does not
 * replace it. For a typed record the check happens while the record is serialised (the member is added before
 * its closing brace if none was written), so the record is never converted to a map first.
 */
public final class DefaultObjectID {

    private final Object record;
    private final String objectID;

    private DefaultObjectID(Object record, String objectID) {
        this.record = record;
        this.objectID = objectID;
    }

    /**
     * The record to send, carrying {@code objectID} unless it has one.
     *
     * @param record   the record (a typed object, a {@link FreeFormRecord} or a map)
     * @param objectID the ID to use when the record has none
     * @return the record itself when it already has an {@code objectID} member, else a value that serialises as
     *     the record plus that member
     */
    public static Object of(Object record, String objectID) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(objectID, "objectID");
        if (record instanceof FreeFormRecord free) {
            return free.has(FreeFormRecord.OBJECT_ID)
                    ? free
                    : free.toBuilder().objectID(objectID).build();
        }
        if (record instanceof Map<?, ?> map && map.get(FreeFormRecord.OBJECT_ID) != null) {
            return record;
        }
        return new DefaultObjectID(record, objectID);
    }

    /** @return the record as given */
    public Object record() {
        return record;
    }

    /** @return the ID written when the record has none */
    public String objectID() {
        return objectID;
    }
}
