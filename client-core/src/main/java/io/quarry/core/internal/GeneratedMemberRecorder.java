package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * For a response decoded as it arrives ({@link Json#readKeepingGeneratedMembers}): a view of its parser through which
 * the record type's deserializer reads each hit, noting where the hit's top-level generated members
 * ({@link EnrichedRecord#isGeneratedMember}) begin and end in the body. The body's bytes pass through
 * {@link #input}, which keeps them in pooled arrays while the response is decoded; at the end of each hit its
 * members' bytes are copied out, exactly as received, into a small JSON object of their own. A hit keeps that and
 * nothing else of the body: a hit without generated members keeps nothing. The record still sees every member (a
 * declared {@code _rankingInfo} field or a {@code @JsonAnySetter} receives them as before) unless they are hidden
 * from it, for a record mapper that fails on unknown properties.
 *
 * <p>One recorder serves every hit of a response, one at a time ({@link #startHit}, then {@link #finishHit}). Every
 * way a deserializer can step to the next member ({@code nextToken}, {@code nextValue}, {@code nextName},
 * {@code nextNameMatch}, and {@code skipChildren} of the whole hit) is seen here; the value-reading shortcuts of
 * {@link JsonParser} are built on them.
 */
final class GeneratedMemberRecorder extends JsonParserDelegate {

    private final PooledBytes body;
    // the hit being read: its context, and the byte ranges of its members
    private TokenStreamContext hit;
    private boolean hideFromRecord;
    private boolean noteObjectID;
    private boolean atObjectIDValue;
    private String objectID;
    /** Start and end offsets of the hit's members, in pairs. */
    private long[] ranges = new long[8];

    private int rangeCount;
    /** Where the member being read began, or -1. */
    private long memberStart = -1;

    private GeneratedMemberRecorder(JsonParser parser, PooledBytes body) {
        super(parser);
        this.body = body;
    }

    /**
     * A response body, its bytes kept as the parser reads them.
     *
     * @param in   the body
     * @param kept where its bytes go
     * @return the stream to parse
     */
    static InputStream input(InputStream in, PooledBytes kept) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    kept.write(b);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    kept.write(b, off, n);
                }
                return n;
            }
        };
    }

    /**
     * @param parser the parser of a stream made by {@link #input}
     * @param body   the bytes that stream keeps
     * @return the recorder
     */
    static GeneratedMemberRecorder of(JsonParser parser, PooledBytes body) {
        return new GeneratedMemberRecorder(parser, body);
    }

    /** {@return whether this recorder reads that parser} */
    boolean reads(JsonParser candidate) {
        return candidate == delegate;
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
        rangeCount = 0;
        memberStart = -1;
    }

    /**
     * Ends the hit the record was read from; the parser is on its {@code END_OBJECT}.
     *
     * @return its generated members as one JSON object, null when it had none
     */
    byte[] finishHit() {
        endMember();
        hit = null;
        if (rangeCount == 0) {
            return null;
        }
        // {"_a":...,"_b":...}: the members as received, a comma between them
        int length = 1 + rangeCount / 2;
        for (int i = 0; i < rangeCount; i += 2) {
            length += (int) (ranges[i + 1] - ranges[i]);
        }
        byte[] json = new byte[length];
        json[0] = '{';
        int at = 1;
        for (int i = 0; i < rangeCount; i += 2) {
            if (i > 0) {
                json[at++] = ',';
            }
            body.copyRange(ranges[i], ranges[i + 1], json, at);
            at += (int) (ranges[i + 1] - ranges[i]);
        }
        json[at] = '}';
        return json;
    }

    /** {@return the hit's objectID when noted and a string, else null} */
    String objectID() {
        return objectID;
    }

    @Override
    public JsonToken nextToken() {
        return seen(delegate.nextToken());
    }

    /** Notes what a token the record is given says about the hit; in hiding mode, steps over generated members. */
    private JsonToken seen(JsonToken token) {
        if (hit == null) {
            return token;
        }
        if (atObjectIDValue) {
            atObjectIDValue = false;
            if (token == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            }
        }
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            endMember();
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = noteObjectID && name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            memberStart = delegate.currentTokenLocation().getByteOffset();
            if (!hideFromRecord) {
                // the record reads or skips the value; the member ends where the hit's next token starts
                break;
            }
            delegate.nextToken();
            delegate.skipChildren();
            token = delegate.nextToken();
        }
        return token;
    }

    /** Closes the member being read, if any, where the current token starts: what lies between is a separator. */
    private void endMember() {
        if (memberStart < 0) {
            return;
        }
        long end = delegate.currentTokenLocation().getByteOffset();
        while (end > memberStart && isSeparator(body.byteAt(end - 1))) {
            end--;
        }
        if (rangeCount == ranges.length) {
            ranges = Arrays.copyOf(ranges, rangeCount * 2);
        }
        ranges[rangeCount++] = memberStart;
        ranges[rangeCount++] = end;
        memberStart = -1;
    }

    private static boolean isSeparator(byte b) {
        return b == ',' || b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    @Override
    public JsonToken nextValue() {
        JsonToken token = nextToken();
        return token == JsonToken.PROPERTY_NAME ? nextToken() : token;
    }

    @Override
    public String nextName() {
        if (hideFromRecord) {
            return nextToken() == JsonToken.PROPERTY_NAME ? delegate.currentName() : null;
        }
        String name = delegate.nextName();
        seen(delegate.currentToken());
        return name;
    }

    @Override
    public boolean nextName(SerializableString expected) {
        return nextToken() == JsonToken.PROPERTY_NAME && expected.getValue().equals(delegate.currentName());
    }

    @Override
    public int nextNameMatch(PropertyNameMatcher matcher) {
        if (!hideFromRecord) {
            // the parser's own matching; what the token says is noted after
            int match = delegate.nextNameMatch(matcher);
            seen(delegate.currentToken());
            return match;
        }
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
        if (hit == null || delegate.currentToken() != JsonToken.START_OBJECT || delegate.streamReadContext() != hit) {
            // a member's value: skipped by the parser itself, its bytes found by offset
            delegate.skipChildren();
            return this;
        }
        // the whole hit: through nextToken, so that its generated members are still found
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
