package io.quarry.search.model;

import java.math.BigInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a JSON integer the service may keep past an {@code int}'s range into an {@code int}, held at the range's
 * nearest end instead of failing the whole answer: a key's {@code validity} (the seconds it has left; more than
 * about 68 years is allowed) and a rule promotion's {@code position} (any position past the hits means after
 * them). So one such key or rule does not make a key list or a rule page unreadable. Beside the models naming it in
 * their annotations, and not public: it is no part of the model users build and read.
 */
final class SaturatedIntJson extends ValueDeserializer<Integer> {

    private static final BigInteger MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Integer.MAX_VALUE);

    /** Made by Jackson, from the annotation of the member it reads. */
    SaturatedIntJson() {}

    @Override
    public Integer deserialize(JsonParser parser, DeserializationContext context) {
        return integer(this, parser, context).max(MIN).min(MAX).intValue();
    }

    /**
     * Reads the JSON integer the parser is at, whatever its size.
     *
     * @param reader  the deserializer reading it, named in a mismatch
     * @param parser  the parser, at the value
     * @param context the context, which reports anything but an integer as a mismatch
     * @return the value
     */
    static BigInteger integer(ValueDeserializer<?> reader, JsonParser parser, DeserializationContext context) {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            // a fraction or a string of digits is no whole number, as for every other member of the SDK's models
            return context.reportInputMismatch(
                    reader,
                    "expected a JSON integer, got %s",
                    parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT ? "a fraction" : "another JSON type");
        }
        return parser.getBigIntegerValue();
    }
}
