package io.quarry.search.model;

import java.math.BigInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a key's {@code validity} (the seconds it has left) into an {@code Integer}: a remainder past
 * {@link Integer#MAX_VALUE} (about 68 years, which the service allows) reads as {@link Integer#MAX_VALUE} instead
 * of failing the whole answer, so one such key does not make a key list unreadable. Beside {@link ApiKeyInfo}, which
 * names it in its annotation, and not public: it is no part of the model users build and read.
 */
final class SecondsLeftJson extends ValueDeserializer<Integer> {

    /** Made by Jackson, from the annotation of the member it reads. */
    SecondsLeftJson() {}

    @Override
    public Integer deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            // a fraction or a string of digits is no count of seconds, as for every other member of the SDK's models
            return context.reportInputMismatch(
                    this,
                    "expected a JSON integer of seconds, got %s",
                    parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT ? "a fraction" : "another JSON type");
        }
        BigInteger seconds = parser.getBigIntegerValue();
        if (seconds.bitLength() < Integer.SIZE) {
            return seconds.intValue();
        }
        return seconds.signum() > 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
    }
}
