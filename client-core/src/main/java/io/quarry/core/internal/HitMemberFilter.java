package io.quarry.core.internal;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * A view of the parser through which a record type's deserializer reads one hit while some of the hit's top-level
 * members are taken out before the record sees them ({@link GeneratedMemberDiverter}, {@link HitMemberNotes}). Every
 * way a deserializer can step to the next member goes through {@link #nextToken()} or {@code nextNameMatch}, which
 * the subclass filters: {@code nextValue}, {@code nextName} and {@code skipChildren} of the whole hit are built on
 * {@link #nextToken()} here, and the value-reading shortcuts of {@link JsonParser} already are.
 */
abstract class HitMemberFilter extends JsonParserDelegate {

    /** The context of the hit being read: its top level is where members are taken out. */
    protected TokenStreamContext hit;

    /**
     * @param parser the parser
     */
    HitMemberFilter(JsonParser parser) {
        super(parser);
    }

    @Override
    public final JsonToken nextValue() {
        JsonToken token = nextToken();
        return token == JsonToken.PROPERTY_NAME ? nextToken() : token;
    }

    @Override
    public final String nextName() {
        return nextToken() == JsonToken.PROPERTY_NAME ? delegate.currentName() : null;
    }

    @Override
    public final boolean nextName(SerializableString expected) {
        return nextToken() == JsonToken.PROPERTY_NAME && expected.getValue().equals(delegate.currentName());
    }

    @Override
    public final JsonParser skipChildren() {
        if (delegate.currentToken() != JsonToken.START_OBJECT || delegate.streamReadContext() != hit) {
            delegate.skipChildren(); // nothing is taken out below the hit's top level
            return this;
        }
        // the whole hit skipped: its members are still taken out
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
