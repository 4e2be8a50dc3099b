package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Arrays;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * The parser through which a record type's deserializer reads each hit of a response body held whole
 * ({@link HeldBody}). At the hit's top level it steps over the generated members
 * ({@link EnrichedRecord#isGeneratedMember}), noting where each one's value lies in the body, so the record never
 * sees them (it would skip them as unknown properties anyway) and only their bytes are copied out afterwards
 * ({@link #takeMembers}). It takes the hit's {@code objectID} as it goes by: the string the record type reads too
 * when it declares one (the parser decodes it once for both), else stepped over like the generated members.
 *
 * <p>Names the record type knows go through the parser's own matching ({@code nextNameMatch}): only a name it does
 * not know is looked at. Every way a deserializer can step to the next member ({@code nextToken}, {@code nextValue},
 * {@code nextName}, {@code nextNameMatch}, and {@code skipChildren} of the whole hit) is covered here; the
 * value-reading shortcuts of {@link JsonParser} are built on {@link #nextToken()}. One per body read, reused hit
 * after hit.
 */
final class HitMemberNotes extends JsonParserDelegate {

    private final HeldBody body;
    private TokenStreamContext hit;
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
     */
    HitMemberNotes(JsonParser parser, HeldBody body) {
        super(parser);
        this.body = body;
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
    }

    /** {@return the hit's objectID when it is a string, else null} */
    String objectID() {
        return objectID;
    }

    /**
     * The generated members stepped over in this hit, copied out of the body as one JSON object.
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
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                json[at++] = ',';
            }
            System.arraycopy(names[i], 0, json, at, names[i].length);
            at += names[i].length;
            json[at++] = ':';
            body.copy(starts[i], json, at, lengths[i]);
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

    @Override
    public JsonToken nextValue() {
        JsonToken token = nextToken();
        return token == JsonToken.PROPERTY_NAME ? nextToken() : token;
    }

    @Override
    public String nextName() {
        return nextToken() == JsonToken.PROPERTY_NAME ? delegate.currentName() : null;
    }

    @Override
    public boolean nextName(SerializableString expected) {
        return nextToken() == JsonToken.PROPERTY_NAME && expected.getValue().equals(delegate.currentName());
    }

    @Override
    public JsonParser skipChildren() {
        if (delegate.currentToken() != JsonToken.START_OBJECT || delegate.streamReadContext() != hit) {
            delegate.skipChildren(); // nothing to note below the hit's top level
            return this;
        }
        // the whole hit skipped: its members are still noted
        int open = 1;
        while (open > 0) {
            JsonToken token = nextToken();
            if (token == null) {
                break;
            }
            if (token.isStructStart()) {
                open++;
            } else if (token.isStructEnd()) {
                open--;
            }
        }
        return this;
    }

    /**
     * On a member's name at the hit's top level, one the record type does not read: steps over it when it is a
     * generated member (noted) or the objectID (taken).
     *
     * @return whether it was stepped over
     */
    private boolean steppedOver(String name) {
        if (EnrichedRecord.isGeneratedMember(name)) {
            delegate.nextToken();
            long start = delegate.currentTokenLocation().getByteOffset();
            if (delegate.currentToken().isStructStart()) {
                delegate.skipChildren();
            } else {
                delegate.finishToken(); // a string is read lazily: its end is known once it is read
            }
            note(name, start, delegate.currentLocation().getByteOffset());
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

    private void note(String name, long start, long end) {
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            starts = Arrays.copyOf(starts, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        names[count] = MemberNames.quoted(name);
        starts[count] = start;
        lengths[count] = Math.toIntExact(end - start);
        count++;
    }
}
