package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.base.PlainJsonValues;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.databind.DeserializationContext;

/**
 * For hits not parsed from a response body (a conversion, buffered tokens), where no byte offsets exist: a view of
 * the parser, positioned on a hit's opening brace, through which the record type's own deserializer reads the
 * hit, while the hit's top-level generated members ({@link EnrichedRecord#isGeneratedMember}) are decoded aside
 * as they go by and never reach the record (skipped, for a call that keeps none). It also notes the hit's
 * {@code objectID}, whether or not the record type has one.
 */
final class GeneratedMemberDiverter extends HitMemberFilter {

    private final DeserializationContext ctxt;
    /** The members kept so far, or null for a call that keeps none. */
    private final FreeFormRecord.Builder generated;

    private boolean atObjectIDValue;
    private String objectID;

    /**
     * @param parser the parser, on the hit's {@code START_OBJECT}
     * @param ctxt   the current deserialization
     * @param keep   whether the generated members are kept
     */
    GeneratedMemberDiverter(JsonParser parser, DeserializationContext ctxt, boolean keep) {
        super(parser);
        this.ctxt = ctxt;
        this.generated = keep ? FreeFormRecord.builder() : null;
        this.hit = parser.streamReadContext();
    }

    /** {@return the generated members met so far, in order} */
    FreeFormRecord generatedMembers() {
        return generated.build();
    }

    /** {@return the hit's objectID when it is a string, else null} */
    String objectID() {
        return objectID;
    }

    @Override
    public JsonToken nextToken() {
        JsonToken token = delegate.nextToken();
        if (atObjectIDValue) {
            atObjectIDValue = false;
            if (token == JsonToken.VALUE_STRING) {
                objectID = delegate.getString();
            }
        }
        while (token == JsonToken.PROPERTY_NAME && delegate.streamReadContext() == hit) {
            String name = delegate.currentName();
            if (!EnrichedRecord.isGeneratedMember(name)) {
                atObjectIDValue = name.equals(FreeFormRecord.OBJECT_ID);
                break;
            }
            delegate.nextToken();
            if (generated == null) {
                delegate.skipChildren();
            } else {
                generated.put(name, PlainJsonValues.read(delegate, ctxt, GeneratedMemberDiverter::readRecord));
            }
            token = delegate.nextToken();
        }
        return token;
    }

    /** A generated member's object, as a free-form record reads it. */
    private static FreeFormRecord readRecord(JsonParser p, DeserializationContext ctxt) {
        return ctxt.readValue(p, FreeFormRecord.class);
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
}
