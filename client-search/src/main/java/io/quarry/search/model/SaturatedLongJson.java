package io.quarry.search.model;

import java.math.BigInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a JSON integer the service may keep past a {@code long}'s range into a {@code long}, held at the range's
 * nearest end instead of failing the whole answer: the ends of a rule's validity (the service keeps any integer
 * exactly), so one such rule does not make a rule page unreadable. Beside the models naming it in their
 * annotations, and not public: it is no part of the model users build and read.
 */
final class SaturatedLongJson extends ValueDeserializer<Long> {

    /** Made by Jackson, from the annotation of the member it reads. */
    SaturatedLongJson() {}

    @Override
    public Long deserialize(JsonParser parser, DeserializationContext context) {
        return read(this, parser, context);
    }

    /**
     * Reads the JSON integer the parser is at, held within a {@code long}'s range.
     *
     * @param reader  the deserializer reading it, named in a mismatch
     * @param parser  the parser, at the value
     * @param context the context, which reports anything but an integer as a mismatch
     * @return the value
     */
    static Long read(ValueDeserializer<?> reader, JsonParser parser, DeserializationContext context) {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            // a fraction or a string of digits is no whole number, as for every other member of the SDK's models
            return context.reportInputMismatch(
                    reader,
                    "expected a JSON integer, got %s",
                    parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT ? "a fraction" : "another JSON type");
        }
        BigInteger value = parser.getBigIntegerValue();
        if (value.bitLength() < Long.SIZE) {
            return value.longValue();
        }
        return value.signum() > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
}
