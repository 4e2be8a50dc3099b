package io.quarry.core.spi;

import io.quarry.core.ApiClient;
import io.quarry.core.FreeFormRecord;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A record written with an {@code objectID} of the client's choosing when it has none of its own. A record that
 * writes an {@code objectID} member (whatever its value) keeps it: the service judges it, the client does not
 * replace it. For a typed record the check happens while the record is serialised (the member is added before
 * its closing brace if none was written), so the record is never converted to a map first.
 */
@JsonSerialize(using = DefaultObjectIDJson.class)
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

    /**
     * The record to send, carrying {@code objectID} unless it has one, as {@link #of(Object, String)} but for the
     * client that writes it: a typed record that client surely writes with an objectID of its own (see
     * {@link ApiClient#writesOwnObjectID(Object)}) is sent as it is, without being watched while it is serialised,
     * and the ID is asked for only when the record gets it. The ID is asked for once: the value returned writes the
     * same ID however often the request is sent.
     *
     * @param client   the client that writes the record
     * @param record   the record (a typed object, a {@link FreeFormRecord} or a map)
     * @param objectID gives the ID to use when the record has none
     * @return the record itself when it has an {@code objectID} member, else a value that serialises as the record
     *     plus that member
     */
    public static Object of(ApiClient client, Object record, Supplier<String> objectID) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(objectID, "objectID");
        if (record instanceof FreeFormRecord free) {
            return free.has(FreeFormRecord.OBJECT_ID) ? free : of(free, objectID.get());
        }
        if (record instanceof Map<?, ?> map && map.get(FreeFormRecord.OBJECT_ID) != null) {
            return record;
        }
        // present(...) too, so that the write's repeat-safety check, which reads the record with the SDK's
        // mapping, agrees that the record has an ID (it does whenever the client uses the SDK's mapping)
        if (client.writesOwnObjectID(record) && ObjectIDs.present(record)) {
            return record;
        }
        return of(record, objectID.get());
    }

    /** {@return the record as given} */
    public Object record() {
        return record;
    }

    /** {@return the ID written when the record has none} */
    public String objectID() {
        return objectID;
    }
}
