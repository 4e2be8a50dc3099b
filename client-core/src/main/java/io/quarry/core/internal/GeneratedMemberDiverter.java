package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Arrays;
import java.util.function.Supplier;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;
import tools.jackson.databind.DeserializationContext;

/**
 * A view of the parser, positioned on a hit's opening brace, through which the record type's own deserializer
 * reads the hit: the hit's top-level generated members ({@link EnrichedRecord#isGeneratedMember}) are skipped as
 * they go by and never reach the record's deserializer, so the record is bound straight from the stream in one
 * pass. It also notes the hit's {@code objectID}, whether or not the record type has one.
 *
 * <p>When the response is parsed from its body bytes (the normal case, see
 * {@link Json#read(byte[], java.lang.reflect.Type)}), skipped members are only remembered as byte ranges of the
 * body, one per run of adjacent members: skipping costs the parser less than reading, and nothing is copied. Parsed from anything else (a conversion, a buffered token stream), the members are
 * decoded at once instead.
 *
 * <p>Every way a deserializer can step to the next member ({@code nextToken}, {@code nextValue},
 * {@code nextName}, {@code nextNameMatch}, and {@code skipChildren} of the whole hit) goes through
 * {@link #nextToken()}; the value-reading shortcuts of {@link JsonParser} are built on it.
 */
final class GeneratedMemberDiverter extends JsonParserDelegate {

    private static final FreeFormRecord NONE = FreeFormRecord.builder().build();
    private static final int[] NO_RANGES = new int[0];

    private final DeserializationContext ctxt;
    private final TokenStreamContext hit;
    /** The body the parser reads, while its byte offsets can be trusted; else null. */
    private byte[] body;
    /** Ranges of the body holding generated members, start and end in pairs. */
    private int[] ranges = NO_RANGES;
    private int rangeEnds;
    /** The start of the run of generated members being skipped, or -1 between runs. */
    private int runStart = -1;
    private FreeFormRecord.Builder decoded;
    private boolean atObjectIDValue;
    private String objectID;

    /**
     * @param parser the parser, on the hit's {@code START_OBJECT}
     * @param ctxt   the current deserialization
     */
    GeneratedMemberDiverter(JsonParser parser, DeserializationContext ctxt) {
        super(parser);
        this.ctxt = ctxt;
        this.hit = parser.streamReadContext();
        this.body = Json.bodyBeingRead();
    }

    /**
     * The generated members; call once the record is read.
     *
     * @return builds them on demand, empty when the hit had none
     */
    Supplier<FreeFormRecord> generatedMembers() {
        if (decoded == null && rangeEnds > 0) {
            return new GeneratedMembers(body, Arrays.copyOf(ranges, rangeEnds * 2));
        }
        FreeFormRecord members = decoded == null ? NONE : decoded.build();
        return () -> members;
    }

    /** @return the hit's objectID when it is a string, else null */
    String objectID() {
        return objectID;
    }

    @Override
    public JsonToken nextToken() {
        JsonToken token = delegate.nextToken();
        if (atObjectIDValue) {
            atObjectIDValue = false;
            if (token == JsonToken.VALUE_STRING) {
                // the parser keeps the string it built, so the record's own read of it allocates nothing more
                objectID = delegate.getString();
            }
        }
        return divertFrom(token);
    }

    @Override
    public int nextNameMatch(PropertyNameMatcher matcher) {
        // the parser's own matching works on the raw bytes, without building the name: keep it on the hot path
        int match = delegate.nextNameMatch(matcher);
        JsonToken token = delegate.currentToken();
        if (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit
                && EnrichedRecord.isGeneratedMember(delegate.currentName())) {
            token = divertFrom(token);
            if (token == JsonToken.PROPERTY_NAME) {
                return matcher.matchName(delegate.currentName());
            }
            return token == JsonToken.END_OBJECT ? PropertyNameMatcher.MATCH_END_OBJECT
                    : PropertyNameMatcher.MATCH_ODD_TOKEN;
        }
        if (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            atObjectIDValue = delegate.currentName().equals(FreeFormRecord.OBJECT_ID);
        }
        return match;
    }

    /** Skips the generated members from the token on, if it names one; returns the first token after them. */
    private JsonToken divertFrom(JsonToken token) {
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            divert(name);
            token = delegate.nextToken();
        }
        if (runStart >= 0) {
            // the loop stops on the hit's next stored member or its end: the run is over
            endRun();
        }
        return token;
    }

    /** Takes the member whose name the parser is on, leaving the parser on its value's last token. */
    private void divert(String name) {
        if (body != null && runStart < 0) {
            long start = delegate.currentTokenLocation().getByteOffset();
            if (start >= 0 && start < body.length && body[(int) start] == '"') {
                runStart = (int) start;
            } else {
                // not parsing the body (a conversion, a buffered stream): decode instead
                body = null;
            }
        }
        delegate.nextToken();
        if (runStart >= 0) {
            delegate.skipChildren();
        } else {
            if (decoded == null) {
                decoded = FreeFormRecord.builder();
            }
            decoded.put(name, FreeFormRecordJson.Reader.readValue(delegate, ctxt));
        }
    }

    /**
     * Closes the run of generated members just skipped. The parser is on the token after it (a name or the
     * hit's end), so the run ends before the comma and white space that precede that token.
     */
    private void endRun() {
        int end = (int) delegate.currentTokenLocation().getByteOffset();
        do {
            end--;
        } while (end > runStart && isBlankOrComma(body[end]));
        if (rangeEnds * 2 == ranges.length) {
            ranges = Arrays.copyOf(ranges, Math.max(2, ranges.length * 2));
        }
        ranges[rangeEnds * 2] = runStart;
        ranges[rangeEnds * 2 + 1] = end + 1;
        rangeEnds++;
        runStart = -1;
    }

    private static boolean isBlankOrComma(byte b) {
        return b == ',' || b == ' ' || b == '\n' || b == '\r' || b == '\t';
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
            // nested values hold nothing to divert
            delegate.skipChildren();
            return this;
        }
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
