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
 * the hit's top level it steps over the generated members ({@link EnrichedRecord#isGeneratedMember}), so the record
 * never sees them (it would skip them as unknown properties anyway): those the call keeps, it sets their bytes
 * aside as the parser passes them, copied out once the hit is read ({@link #takeMembers}); the others it skips,
 * keeping nothing of them. It takes the hit's {@code objectID} as it goes by: the string the record type reads too
 * when it sees it (the parser decodes it once for both), else stepped over like the generated members. A record type
 * that reads generated members itself, read for a call that does not keep them, sees every member: only its
 * {@code objectID} is taken as it goes by.
 *
 * <p>Names the record type knows go through the parser's own matching ({@code nextNameMatch}): only a name it does
 * not know is looked at. One per body read, reused hit after hit.
 */
final class HitMemberNotes extends HitMemberFilter {

    private final BodyInput body;
    /** The members set aside from the current hit, one after the other; null when the call keeps none. */
    private final ScratchBytes bytes;

    /** Whether the generated members are stepped over (else the record type reads them). */
    private boolean stepsOver;
    /** The members this hit keeps, null for every one; any other is skipped. */
    private KeptMembers.Kept kept;
    /** Whether the record type sees the objectID's member (else it is stepped over). */
    private boolean recordSeesObjectID;
    /** The record type's deserializer has the objectID's name and steps to its value next. */
    private boolean atObjectID;

    private String objectID;
    private int count;
    /** Each noted member's name as JSON text, and its value's length; made on the first member noted. */
    private byte[][] names;

    private int[] lengths;

    /**
     * @param parser the parser of the body
     * @param body   the body it reads
     * @param bytes  where the members are set aside, or null when the call keeps none
     */
    HitMemberNotes(JsonParser parser, BodyInput body, ScratchBytes bytes) {
        super(parser);
        this.body = body;
        this.bytes = bytes;
    }

    /**
     * Starts a hit: the parser is on its {@code START_OBJECT}.
     *
     * @param members how the record type reads a hit's members
     * @param kept    the generated members the hit keeps, null for every one
     */
    void startHit(RecordMembers members, KeptMembers.Kept kept) {
        hit = delegate.streamReadContext();
        this.kept = kept;
        stepsOver = members.steppedOver();
        recordSeesObjectID = members.declaresObjectID() || !stepsOver;
        atObjectID = false;
        objectID = null;
        count = 0;
        if (bytes != null) {
            bytes.clear();
        }
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
        while (token == JsonToken.PROPERTY_NAME
                && delegate.streamReadContext() == hit
                && steppedOver(delegate.currentName())) {
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
                && recordSeesObjectID
                && delegate.streamReadContext() == hit
                && delegate.currentName().equals(FreeFormRecord.OBJECT_ID)) {
            atObjectID = true;
        }
        return match;
    }

    /**
     * On a member's name at the hit's top level, one the record type does not read: steps over it when it is a
     * generated member (noted when kept) or the objectID the record does not see (taken); notes that the objectID's
     * value comes next when the record sees it.
     *
     * @return whether it was stepped over
     */
    private boolean steppedOver(String name) {
        if (name.equals(FreeFormRecord.OBJECT_ID)) {
            if (recordSeesObjectID) {
                atObjectID = true;
                return false;
            }
            if (delegate.nextToken() == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            } else {
                delegate.skipChildren();
            }
            return true;
        }
        if (!stepsOver || !EnrichedRecord.isGeneratedMember(name)) {
            return false;
        }
        JsonToken value = delegate.nextToken();
        if (bytes == null || (kept != null && !kept.keeps(name))) {
            delegate.skipChildren(); // not kept: nothing of it is read
            return true;
        }
        int before = bytes.size();
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

    private void note(String name, int length) {
        if (names == null) {
            names = new byte[2][];
            lengths = new int[2];
        } else if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        names[count] = MemberNames.quoted(name);
        lengths[count] = length;
        count++;
    }
}
