package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.io.OutputStream;
import java.util.Arrays;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * For a response decoded as it arrives ({@link Json#readKeepingGeneratedMembers}): a view of its parser through which
 * the record type's deserializer reads each hit, while the hit's top-level generated members
 * ({@link EnrichedRecord#isGeneratedMember}) are copied, token by token as they go by, into a small JSON object of
 * their own. A hit then keeps those bytes and nothing else of the response: a hit without generated members keeps
 * nothing. The record still sees every member (a declared {@code _rankingInfo} field or a {@code @JsonAnySetter}
 * receives them as before) unless the members are hidden from it, for a record mapper that fails on unknown
 * properties.
 *
 * <p>One recorder serves every hit of a response, one hit at a time ({@link #startHit}, then {@link #finishHit}).
 * Every way a deserializer can step to the next member ({@code nextToken}, {@code nextValue}, {@code nextName},
 * {@code nextNameMatch}, {@code skipChildren}) goes through {@link #nextToken()}; the value-reading shortcuts of
 * {@link JsonParser} are built on it.
 */
final class GeneratedMemberRecorder extends JsonParserDelegate {

    /** Writes the members' objects one after another, with nothing in between. */
    private static final JsonFactory MEMBER_JSON =
            JsonFactory.builder().rootValueSeparator((String) null).build();

    private final JsonParser parser;
    /** Made on the first generated member of the response. */
    private MemberBytes bytes;

    private JsonGenerator members;
    // the hit being read
    private TokenStreamContext hit;
    private boolean hideFromRecord;
    private boolean noteObjectID;
    private boolean atObjectIDValue;
    private String objectID;
    private boolean anyMember;
    /** Depth of the member value being copied as the record reads it; -1 when none is. */
    private int copyDepth = -1;

    /**
     * @param parser the response's parser
     */
    GeneratedMemberRecorder(JsonParser parser) {
        super(parser);
        this.parser = parser;
    }

    /** {@return whether this recorder reads that parser} */
    boolean reads(JsonParser candidate) {
        return candidate == parser;
    }

    /**
     * Starts a hit; the parser is on its {@code START_OBJECT}.
     *
     * @param hide   whether the record must not see the generated members
     * @param noteID whether to note the hit's objectID (a record type without a string {@code objectID} of its own)
     */
    void startHit(boolean hide, boolean noteID) {
        hit = delegate.streamReadContext();
        hideFromRecord = hide;
        noteObjectID = noteID;
        atObjectIDValue = false;
        objectID = null;
        anyMember = false;
        copyDepth = -1;
    }

    /**
     * Ends the hit the record was read from.
     *
     * @return its generated members as one JSON object, null when it had none
     */
    byte[] finishHit() {
        hit = null;
        if (!anyMember) {
            return null;
        }
        members.writeEndObject();
        members.flush();
        return bytes.take();
    }

    /** {@return the hit's objectID when noted and a string, else null} */
    String objectID() {
        return objectID;
    }

    /** Releases the generator's buffers; called once the response is decoded. */
    void releaseMembers() {
        if (members != null) {
            members.close();
        }
    }

    @Override
    public JsonToken nextToken() {
        JsonToken token = delegate.nextToken();
        if (hit == null) {
            return token;
        }
        if (copyDepth >= 0) {
            copyValueToken(token);
            return token;
        }
        if (atObjectIDValue) {
            atObjectIDValue = false;
            if (token == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            }
        }
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = noteObjectID && name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            startMember(name);
            if (!hideFromRecord) {
                // the record reads the value next; each of its tokens is copied as it passes
                copyDepth = 0;
                break;
            }
            delegate.nextToken();
            members.copyCurrentStructureExact(delegate);
            token = delegate.nextToken();
        }
        return token;
    }

    private void startMember(String name) {
        if (members == null) {
            bytes = new MemberBytes();
            members = MEMBER_JSON.createGenerator(ObjectWriteContext.empty(), bytes);
        }
        if (!anyMember) {
            anyMember = true;
            members.writeStartObject();
        }
        members.writeName(name);
    }

    private void copyValueToken(JsonToken token) {
        members.copyCurrentEventExact(delegate);
        if (token.isStructStart()) {
            copyDepth++;
        } else if (token.isStructEnd()) {
            copyDepth--;
        }
        if (copyDepth == 0) {
            copyDepth = -1;
        }
    }

    /**
     * Receives what the generator flushes: normally a hit's members in one write, taken as an array of exactly
     * their size, with no growing buffer in between.
     */
    private static final class MemberBytes extends OutputStream {
        private byte[] taken;

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (taken == null) {
                taken = Arrays.copyOfRange(b, off, off + len);
            } else {
                // members larger than the generator's buffer come in several writes
                byte[] joined = Arrays.copyOf(taken, taken.length + len);
                System.arraycopy(b, off, joined, taken.length, len);
                taken = joined;
            }
        }

        /** {@return what was written since the last call} */
        byte[] take() {
            byte[] json = taken;
            taken = null;
            return json;
        }
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
    public int nextNameMatch(PropertyNameMatcher matcher) {
        JsonToken token = nextToken();
        if (token == JsonToken.PROPERTY_NAME) {
            return matcher.matchName(delegate.currentName());
        }
        return token == JsonToken.END_OBJECT
                ? PropertyNameMatcher.MATCH_END_OBJECT
                : PropertyNameMatcher.MATCH_ODD_TOKEN;
    }

    @Override
    public JsonParser skipChildren() {
        JsonToken current = delegate.currentToken();
        boolean wholeHit = hit != null && delegate.streamReadContext() == hit;
        if (current == null || !current.isStructStart() || !(copyDepth > 0 || wholeHit)) {
            // a value with no generated member to copy: skipped by the parser itself
            delegate.skipChildren();
            return this;
        }
        // through nextToken, so that a skipped generated member is still copied
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
}
