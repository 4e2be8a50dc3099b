package io.quarry.core.spi;

import io.quarry.core.ApiClient;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.Json;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.ser.BeanPropertyWriter;

/**
 * What a client's JSON mapping writes at the top level of a typed record's class, found once per class from the
 * serializer it uses, without serialising a record: whether the record's top-level {@code objectID} member can be
 * read from the record itself, and which member names its members' values can hold. A module that would otherwise
 * watch every token of a record's serialisation for these (a chunked write's checks) watches only the classes this
 * cannot tell.
 *
 * <p>Only what is sure is told. A class is described when the SDK's mapping writes it with one of Jackson's plain
 * bean serializers (a bean or a Java record) whose members are exactly its properties: no serializer of the class's
 * own, {@code @JsonValue}, type information, object identities, filters, any-getter, {@code @JsonUnwrapped} or
 * appended property. Any other class, a map, a {@link FreeFormRecord}, and every class of a client given a record
 * mapper are described as unknown: {@link #knowsObjectID()} false, {@link #mayHoldMember(String)} true. Each
 * answer is found once per class and kept with it.
 */
public final class RecordLayout {

    private static final RecordLayout UNKNOWN = new RecordLayout(false, null, null);

    private static final ClassValue<RecordLayout> SDK_LAYOUTS = new ClassValue<>() {
        @Override
        protected RecordLayout computeValue(Class<?> type) {
            return RecordLayoutFinder.find(Json.serializationContext(), type, UNKNOWN);
        }
    };

    private final boolean knowsObjectID;
    /** The property written as the top-level objectID; null when the class writes none. */
    private final BeanPropertyWriter objectID;
    /** The member names a top-level member's value may hold when it is an object; null when any. */
    private final Set<String> nestedNames;

    RecordLayout(boolean knowsObjectID, BeanPropertyWriter objectID, Set<String> nestedNames) {
        this.knowsObjectID = knowsObjectID;
        this.objectID = objectID;
        this.nestedNames = nestedNames;
    }

    /**
     * The layout of a class as a client writes it in a request body.
     *
     * @param client the client that writes the records
     * @param type   the record's class
     * @return its layout; unknown when it cannot be told without serialising a record
     */
    public static RecordLayout of(ApiClient client, Class<?> type) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(type, "type");
        // the record mapper's serializers are the caller's business: its classes are watched as they are written
        return client.config().recordMapper().isPresent() ? UNKNOWN : SDK_LAYOUTS.get(type);
    }

    /**
     * Whether {@link #objectID(Object)} tells how a record of this class writes its top-level {@code objectID}: the
     * class writes none, or writes it only as the text of one {@code String} property, whenever it is not null.
     *
     * @return true when it can be read from the record
     */
    public boolean knowsObjectID() {
        return knowsObjectID;
    }

    /**
     * The text a record of this class writes as its top-level {@code objectID}, read from its property.
     *
     * @param record a record of this class
     * @return the objectID, or null when the record is written without one
     * @throws IllegalStateException when the layout does not know the objectID ({@link #knowsObjectID()}), or when
     *     the record's accessor failed (the cause; the record's serialisation would fail the same way)
     */
    public String objectID(Object record) {
        Objects.requireNonNull(record, "record");
        if (!knowsObjectID) {
            throw new IllegalStateException(
                    "the objectID of a " + record.getClass().getName() + " is known only as it is written");
        }
        if (objectID == null) {
            return null;
        }
        try {
            return (String) objectID.get(record);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "reading the objectID of a " + record.getClass().getName() + " failed", e);
        }
    }

    /**
     * Whether a member of a record of this class may be written as a JSON object holding a member of this name (one
     * level below the record's top level). False only when every member's value is surely a scalar, an array, or
     * an object of one of Jackson's plain bean serializers without such a property.
     *
     * @param name the member name looked for
     * @return true when a record may write it
     */
    public boolean mayHoldMember(String name) {
        Objects.requireNonNull(name, "name");
        return nestedNames == null || nestedNames.contains(name);
    }

    @Override
    public String toString() {
        return "RecordLayout[knowsObjectID=" + knowsObjectID + ", objectID="
                + (objectID == null ? "none" : objectID.getName()) + ", nested="
                + (nestedNames == null ? "any" : nestedNames) + "]";
    }
}
