package io.quarry.core;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A value serialised once, ahead of the request that sends it: its JSON bytes, exactly as its client writes the
 * value in a request body (through the record mapper, if the client has one). A request body holding it writes
 * those bytes as they are. A long-lived writer takes records this way as they arrive: it knows each one's size
 * (so it can cut batches by bytes), keeps bytes rather than the caller's object (which the caller may change or
 * reuse afterwards), and spreads the serialising over the threads that hand records in. Made by
 * {@link ApiClient#prepare(Object)}; immutable and thread-safe.
 *
 * <p>Compared by identity: its bytes are what one client's mapper wrote. A test compares {@link #json()}.
 */
@JsonSerialize(using = PreparedJsonJson.Writer.class)
public final class PreparedJson {

    private final byte[] json;

    PreparedJson(byte[] json) {
        this.json = Objects.requireNonNull(json, "json");
    }

    /**
     * The size of the JSON, in bytes.
     *
     * @return the byte count of the UTF-8 text
     */
    public int size() {
        return json.length;
    }

    /**
     * The value's top-level {@code objectID} member, as text, when the value is a JSON object with one. Each call
     * reads the JSON's top level again, up to the member.
     *
     * @return the objectID; empty when the value is not an object or has no (or a null) {@code objectID}
     */
    public Optional<String> objectID() {
        return Optional.ofNullable(PreparedJsonJson.topLevelString(json, FreeFormRecord.OBJECT_ID));
    }

    /** The bytes themselves, for the serializer: never changed. */
    byte[] bytes() {
        return json;
    }

    /**
     * The JSON text.
     *
     * @return the text, as it is sent
     */
    public String json() {
        return new String(json, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "PreparedJson[" + json.length + " bytes]";
    }
}
