package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * One hit as the bytes it occupies in the response body. While the response is decoded, the record type's
 * deserializer reads the hit like any object (the engine's {@code _} members are unknown properties to it and
 * skipped by the parser, as a hand-written client would); what else the hit holds is found here, only when
 * asked: its {@code objectID} and its generated members. The body is kept whole by the hits that point into it.
 */
final class HitBytes {

    private final byte[] body;
    private final int start;
    private final int end;
    /** Read on first use; both the generated members and the free-form view need it. */
    private volatile FreeFormRecord generated;

    /**
     * @param body  the response body
     * @param start offset of the hit's opening brace
     * @param end   offset just past its closing brace
     */
    HitBytes(byte[] body, int start, int end) {
        this.body = body;
        this.start = start;
        this.end = end;
    }

    /**
     * The hit's top-level {@code objectID}, read by scanning the hit up to it.
     *
     * @return the ID, null when absent or not a string
     */
    String objectID() {
        try (JsonParser p = Json.parser(body, start, end - start)) {
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
            members = EnrichedRecord.generatedMembersOf(Json.read(body, start, end - start, FreeFormRecord.class));
            generated = members;
        }
        return members;
    }
}
