package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
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
 * {@link Json#read(byte[], java.lang.reflect.Type)}), a skipped member is only remembered as a byte range of the body: skipping costs the parser less than reading,
 * and nothing is copied. Parsed from anything else (a conversion, a buffered token stream), the members are
 * decoded at once instead.
 *
 * <p>Every way a deserializer can step to the next member ({@code nextToken}, {@code nextValue},
 * {@code nextName}, {@code nextNameMatch}, and {@code skipChildren} of the whole hit) goes through
 * {@link #nextToken()}; the value-reading shortcuts of {@link JsonParser} are built on it.
 */
final class GeneratedMemberDiverter extends JsonParserDelegate {

    private static final FreeFormRecord NONE = FreeFormRecord.builder().build();

    private final DeserializationContext ctxt;
    private final TokenStreamContext hit;
    /** The body the parser reads, when its byte offsets can be trusted; else null. */
    private final byte[] body;
    private GeneratedMembers.Collector ranges;
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
        this.body = bodyUnder(parser, ctxt);
    }

    /** The response body when the parser reads it directly: its offset of the hit must be the hit's brace. */
    private static byte[] bodyUnder(JsonParser parser, DeserializationContext ctxt) {
        if (!(ctxt.getAttribute(Json.BODY_ATTRIBUTE) instanceof byte[] bytes)) {
            return null;
        }
        long offset = parser.currentTokenLocation().getByteOffset();
        return offset >= 0 && offset < bytes.length && bytes[(int) offset] == '{' ? bytes : null;
    }

    /**
     * The generated members; call once the record is read.
     *
     * @return builds them on demand, empty when the hit had none
     */
    Supplier<FreeFormRecord> generatedMembers() {
        if (ranges != null) {
            GeneratedMembers members = ranges.build();
            return members::decode;
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
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            divert(name);
            token = delegate.nextToken();
        }
        return token;
    }

    /** Takes the member whose name the parser is on, leaving the parser on its value's last token. */
    private void divert(String name) {
        long start = body == null ? -1 : delegate.currentTokenLocation().getByteOffset();
        delegate.nextToken();
        if (start >= 0 && body[(int) start] == '"') {
            delegate.skipChildren();
            // a skipped string is not read yet: finish it so the location is past its closing quote
            delegate.finishToken();
            long end = delegate.currentLocation().getByteOffset();
            if (ranges == null) {
                ranges = new GeneratedMembers.Collector(body);
            }
            ranges.add((int) start, (int) end);
        } else {
            if (decoded == null) {
                decoded = FreeFormRecord.builder();
            }
            decoded.put(name, FreeFormRecordJson.Reader.readValue(delegate, ctxt));
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
        // the parser's own matching works on the raw bytes, without building the name: keep it on the hot path
        int match = delegate.nextNameMatch(matcher);
        while (delegate.currentToken() == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            divert(name);
            match = delegate.nextNameMatch(matcher);
        }
        return match;
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
