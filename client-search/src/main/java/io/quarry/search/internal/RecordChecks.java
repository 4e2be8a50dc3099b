package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PreparedJson;
import java.util.Collection;
import java.util.Map;

/**
 * Finds a record, update or objectID to delete the service would refuse, as an ingester is handed it or as a chunked
 * write makes its chunk. The service answers such an operation by refusing its whole batch, so sent in a chunk it
 * would fail every other record of the chunk with it, far from the call that handed it in. Each check looks at the
 * object handed in, or at its JSON already serialised; none serialises or converts it again.
 */
final class RecordChecks {

    private static final String STRING = "a string";

    private static final String REFUSED = ", which the service refuses, and with it every record of the same batch";

    private RecordChecks() {}

    /**
     * What makes a record or update something else than a JSON object: text (a line of JSON handed in as it was
     * read), a number, a boolean, a collection or an array.
     *
     * @param value the record or update, not null
     * @return why the service refuses it, or null when it is written as an object
     */
    static String notAnObject(Object value) {
        String kind = kind(value);
        if (kind == null) {
            return null;
        }
        return "a record is a JSON object of attributes, and this one is written as " + kind
                + (value instanceof CharSequence ? " (JSON text is parsed into a record or a map first)" : "");
    }

    /**
     * What is wrong with the objectID of a record or update: one that is present but not a non-empty string with a
     * UTF-8 form. A map's
     * or free-form record's is read as it is; a typed record's from its JSON, where a number cannot be told from text.
     *
     * @param value the record or update as handed in, not null
     * @param json  its JSON as it is sent
     * @return why the service refuses it, or null when its objectID is fine or absent
     */
    static String badObjectID(Object value, PreparedJson json) {
        Object id = objectID(value, json);
        String kind = id == null ? null : kind(id);
        boolean text = STRING.equals(kind);
        if (id == null) {
            return null;
        }
        if (text) {
            return badText(id.toString());
        }
        return "its objectID is " + (kind == null ? "an object" : kind) + ", not a string" + REFUSED;
    }

    /**
     * What is wrong with an objectID written as text: empty, or holding half of a UTF-16 surrogate pair alone, which
     * has no UTF-8 form (no URL could name the record).
     */
    private static String badText(String id) {
        if (id.isEmpty()) {
            return "its objectID is empty" + REFUSED;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < id.length() && Character.isLowSurrogate(id.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return "its objectID holds half of a UTF-16 surrogate pair alone (at index " + i
                        + "), which has no UTF-8 form" + REFUSED;
            }
        }
        return null;
    }

    /**
     * What is wrong with a partial update that names no record: one without an objectID (or with a null one).
     *
     * @param value the update as handed in, not null
     * @param json  its JSON as it is sent
     * @return why the service refuses it, or null when it has an objectID
     */
    static String missingObjectID(Object value, PreparedJson json) {
        return objectID(value, json) != null
                ? null
                : "a partial update names its record by objectID, and this one has none" + REFUSED;
    }

    /** {@return the objectID of a record or update: a map's or free-form record's as it is, else from its JSON} */
    private static Object objectID(Object value, PreparedJson json) {
        if (value instanceof Map<?, ?> map) {
            return map.get(FreeFormRecord.OBJECT_ID);
        }
        if (value instanceof FreeFormRecord free) {
            return free.get(FreeFormRecord.OBJECT_ID);
        }
        return json.objectID();
    }

    /**
     * What is wrong with an objectID to delete.
     *
     * @param objectID the objectID, not null
     * @return why the service refuses it, or null
     */
    static String badObjectIDToDelete(Object objectID) {
        String kind = kind(objectID);
        if (!STRING.equals(kind)) {
            // only through an unchecked conversion of the caller's collection
            return "its objectID is " + (kind == null ? "an object" : kind) + ", not a string" + REFUSED;
        }
        return badText(objectID.toString());
    }

    /** {@return how a value that is not a JSON object is written, or null for an object} */
    private static String kind(Object value) {
        if (value instanceof CharSequence || value instanceof Character || value instanceof Enum<?>) {
            return STRING;
        }
        if (value instanceof Number) {
            return "a number";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Collection<?> || value.getClass().isArray()) {
            return "an array";
        }
        return null;
    }
}
