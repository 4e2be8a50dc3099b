package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * One hit as a copy of its bytes, for a record type that reads the engine's {@code _} members itself (an any-setter,
 * or one of them declared): the record type's deserializer reads the hit like any object, and what else the hit
 * holds is found here, only when asked: its {@code objectID} and its generated members.
 */
final class HitBytes {

    private final byte[] hit;
    /** Read on first use; both the generated members and the free-form view need it. */
    private volatile FreeFormRecord generated;

    /**
     * @param hit the hit's JSON, from its opening brace to its closing one
     */
    HitBytes(byte[] hit) {
        this.hit = hit;
    }

    /**
     * The hit's top-level {@code objectID}, read by scanning the hit up to it.
     *
     * @return the ID, null when absent or not a string
     */
    String objectID() {
        try (JsonParser p = Json.parser(hit, 0, hit.length)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals(FreeFormRecord.OBJECT_ID)) {
                    return value == JsonToken.VALUE_STRING ? p.getString() : null;
                }
                p.skipChildren();
            }
            return null;
        } catch (JacksonException e) {
            // the hit was read once already: it cannot be malformed
            throw new IllegalStateException("hit bytes no longer parse", e);
        }
    }

    /**
     * The hit's generated members ({@link EnrichedRecord#isGeneratedMember}), in order.
     *
     * @return them as a free-form record
     */
    FreeFormRecord generatedMembers() {
        FreeFormRecord members = generated;
        if (members == null) {
            // a race reads the bytes twice to equal values, which is harmless
            members = EnrichedRecord.generatedMembersOf(Json.read(hit, 0, hit.length, FreeFormRecord.class));
            generated = members;
        }
        return members;
    }
}
