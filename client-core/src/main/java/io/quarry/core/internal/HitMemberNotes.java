package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.sym.PropertyNameMatcher;

/**
 * The parser through which a record type's deserializer reads each hit of a response body ({@link BodyInput}). At
 * the hit's top level it steps over the generated members ({@link EnrichedRecord#isGeneratedMember}), setting their
 * bytes aside as the parser passes them, so the record never sees them (it would skip them as unknown properties
 * anyway) and only their bytes are kept, copied out once the hit is read ({@link #takeMembers}). It takes the hit's
 * {@code objectID} as it goes by: the string the record type reads too when it declares one (the parser decodes it
 * once for both), else stepped over like the generated members.
 *
 * <p>Names the record type knows go through the parser's own matching ({@code nextNameMatch}): only a name it does
 * not know is looked at. One per body read, reused hit after hit.
 */
final class HitMemberNotes extends HitMemberFilter {

    private final BodyInput body;
    /** The members set aside from the current hit, one after the other. */
    private final ScratchBytes bytes;

    private boolean recordReadsObjectID;
    /** The record type's deserializer has the objectID's name and steps to its value next. */
    private boolean atObjectID;

    private String objectID;
    private int count;
    /** Each noted member's name as JSON text, and where its value lies in the body. */
    private byte[][] names = new byte[2][];

    private long[] starts = new long[2];
    private int[] lengths = new int[2];

    /**
     * @param parser the parser of the body
     * @param body   the body it reads
     * @param bytes  where the members are set aside
     */
    HitMemberNotes(JsonParser parser, BodyInput body, ScratchBytes bytes) {
        super(parser);
        this.body = body;
        this.bytes = bytes;
    }

    /**
     * Starts a hit: the parser is on its {@code START_OBJECT}.
     *
     * @param recordReadsObjectID whether the record type declares an objectID
     */
    void startHit(boolean recordReadsObjectID) {
        hit = delegate.streamReadContext();
        this.recordReadsObjectID = recordReadsObjectID;
        atObjectID = false;
        objectID = null;
        count = 0;
        bytes.clear();
    }

    /** {@return the hit's objectID when it is a string, else null} */
    String objectID() {
        return objectID;
    }

    /**
     * The generated members stepped over in this hit, as one JSON object.
     *
     * @return their bytes, or null when the hit had none
     */
    byte[] takeMembers() {
        if (count == 0) {
            return null;
        }
        int size = 1 + count; // the braces and the commas between members
        for (int i = 0; i < count; i++) {
            size += names[i].length + 1 + lengths[i];
        }
        byte[] json = new byte[size];
        int at = 0;
        json[at++] = '{';
        int from = 0;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                json[at++] = ',';
            }
            System.arraycopy(names[i], 0, json, at, names[i].length);
            at += names[i].length;
            json[at++] = ':';
            bytes.copy(from, json, at, lengths[i]);
            from += lengths[i];
            at += lengths[i];
            names[i] = null;
        }
        json[at] = '}';
        count = 0;
        return json;
    }

    @Override
    public JsonToken nextToken() {
        JsonToken token = delegate.nextToken();
        if (atObjectID) {
            atObjectID = false;
            if (token == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            }
        }
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (recordReadsObjectID && name.equals(FreeFormRecord.OBJECT_ID)) {
                atObjectID = true;
                break;
            }
            if (!steppedOver(name)) {
                break;
            }
            token = delegate.nextToken();
        }
        return token;
    }

    @Override
    public int nextNameMatch(PropertyNameMatcher matcher) {
        int match = delegate.nextNameMatch(matcher);
        while (match == PropertyNameMatcher.MATCH_UNKNOWN_NAME
                && delegate.streamReadContext() == hit
                && steppedOver(delegate.currentName())) {
            match = delegate.nextNameMatch(matcher);
        }
        if (match >= 0
                && recordReadsObjectID
                && delegate.streamReadContext() == hit
                && delegate.currentName().equals(FreeFormRecord.OBJECT_ID)) {
            atObjectID = true;
        }
        return match;
    }

    /**
     * On a member's name at the hit's top level, one the record type does not read: steps over it when it is a
     * generated member (noted) or the objectID (taken).
     *
     * @return whether it was stepped over
     */
    private boolean steppedOver(String name) {
        if (EnrichedRecord.isGeneratedMember(name)) {
            int before = bytes.size();
            JsonToken value = delegate.nextToken();
            if (value.isStructStart() || value == JsonToken.VALUE_STRING) {
                body.partStarts(delegate.currentTokenLocation().getByteOffset(), bytes);
                if (value == JsonToken.VALUE_STRING) {
                    delegate.finishToken(); // read lazily: its end is known once it is read
                } else {
                    delegate.skipChildren();
                }
                body.partEnds(delegate.currentLocation().getByteOffset());
            } else {
                // a number or a literal, whose first bytes the parser may have let go of to read the rest: its text
                byte[] text = delegate.getString().getBytes(StandardCharsets.UTF_8);
                bytes.write(text, 0, text.length);
            }
            note(name, bytes.size() - before);
            return true;
        }
        if (name.equals(FreeFormRecord.OBJECT_ID)) {
            if (delegate.nextToken() == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            } else {
                delegate.skipChildren();
            }
            return true;
        }
        return false;
    }

    private void note(String name, int length) {
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        names[count] = MemberNames.quoted(name);
        lengths[count] = length;
        count++;
    }
}
