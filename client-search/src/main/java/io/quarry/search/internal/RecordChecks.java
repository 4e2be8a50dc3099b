package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PreparedJson;
import io.quarry.core.spi.ObjectIDs;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Finds a record, update or objectID to delete the service would refuse, as an ingester is handed it or as a chunked
 * write makes its chunk. The service answers such an operation by refusing its whole batch, so sent in a chunk it
 * would fail every other record of the chunk with it, far from the call that handed it in. Each check looks at the
 * object handed in, or at its JSON already serialised; none serialises or converts it again. A chunked write judges a
 * typed record's objectID as its request writes it ({@link ObjectIDWatch}).
 */
final class RecordChecks {

    private static final String STRING = "a string";

    /** Reads a typed record's JSON again, only when its objectID's text could be a number or a boolean. */
    private static final JsonFactory FACTORY = new JsonFactory();

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
     * UTF-8 form. A map's or free-form record's is read as it is; a typed record's from its JSON, as text, and when that
     * text reads as a number or a boolean, the JSON is read again to tell which it was written as.
     *
     * @param value the record or update as handed in, not null
     * @param json  its JSON as it is sent
     * @return why the service refuses it, or null when its objectID is fine or absent
     */
    static String badObjectID(Object value, PreparedJson json) {
        Object id = objectID(value, json);
        if (id == null) {
            return null;
        }
        String kind = value instanceof Map<?, ?> || value instanceof FreeFormRecord
                ? kind(id)
                : writtenAs(json, id.toString());
        if (STRING.equals(kind)) {
            return badText(id.toString());
        }
        return notAString(kind == null ? "an object" : kind);
    }

    /**
     * Whether {@link #badObjectIDOnObject} judges a record or update without its JSON: a map, a free-form record, or
     * JSON written ahead. Only other (typed) records need their serialisation watched.
     *
     * @param value the record, update or objectID map as handed in, not null
     * @return true when it was judged on the object
     */
    static boolean checkedOnObject(Object value) {
        return value instanceof Map<?, ?> || value instanceof FreeFormRecord || value instanceof PreparedJson;
    }

    /**
     * What is wrong with the objectID of a record or update that can be told without serialising it: a map's, a
     * free-form record's, or JSON written ahead ({@link PreparedJson}). A typed record's objectID is judged as the
     * request writes it ({@link ObjectIDWatch}): serialising it here too would double the cost of every write.
     *
     * @param value the record or update as handed in, not null
     * @return why the service refuses it, or null when its objectID is fine, absent, or a typed record's
     */
    static String badObjectIDOnObject(Object value) {
        if (value instanceof PreparedJson json) {
            return badObjectID(value, json);
        }
        return checkedOnObject(value) ? badObjectID(value, null) : null;
    }

    /**
     * Why an objectID written as something else than a string is refused.
     *
     * @param kind how it is written: {@code a number}, {@code a boolean}, {@code an object}, {@code an array}
     * @return the problem
     */
    static String notAString(String kind) {
        return "its objectID is " + kind + ", not a string" + REFUSED;
    }

    /**
     * How a typed record's top-level objectID, read from its JSON as text, is written there. Only text that could be a
     * number or a boolean is looked at again (most objectIDs are not), by reading the JSON's top level to the member.
     */
    private static String writtenAs(PreparedJson json, String text) {
        boolean couldBeOther = text.equals("true")
                || text.equals("false")
                || !text.isEmpty() && (text.charAt(0) == '-' || Character.isDigit(text.charAt(0)));
        if (!couldBeOther) {
            return STRING;
        }
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), json.json())) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    boolean wanted = FreeFormRecord.OBJECT_ID.equals(parser.currentName());
                    JsonToken token = parser.nextToken();
                    if (wanted) {
                        return token.isNumeric() ? "a number" : token.isBoolean() ? "a boolean" : STRING;
                    }
                    parser.skipChildren();
                }
            }
        } catch (JacksonException e) {
            // the client wrote this JSON itself: it reads back; if not, the service is left to judge it
        }
        return STRING;
    }

    /**
     * What is wrong with an objectID written as text: empty, or holding half of a UTF-16 surrogate pair alone, which
     * has no UTF-8 form (no URL could name the record).
     *
     * @param id the objectID's text
     * @return why the service refuses it, or null
     */
    static String badText(String id) {
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
     * What is wrong with a partial update that names no record: one without an objectID (or with a null one). A
     * typed update's objectID property is read directly, not serialised ({@link ObjectIDs#present}).
     *
     * @param value the update as handed in, not null
     * @return why the service refuses it, or null when it has an objectID
     */
    static String missingObjectID(Object value) {
        return ObjectIDs.present(value)
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
        return json.objectID().orElse(null);
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
            return notAString(kind == null ? "an object" : kind);
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
