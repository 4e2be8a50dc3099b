package io.quarry.search.model;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a search answer's {@code automaticRadius}, which the service sends as a string of digits ({@code "1500"}),
 * into an {@code Integer} of meters; a JSON integer reads alike. Anything else (a sign, a fraction, other text, more
 * meters than an {@code int} holds) fails the answer as every other member of the wrong type does. Beside
 * {@link SearchResponseJson}, which names it in its annotation, and not public.
 */
final class AutomaticRadiusJson extends ValueDeserializer<Integer> {

    /** The digits of {@link Integer#MAX_VALUE}: a longer string cannot be a radius this reads. */
    private static final int MOST_DIGITS = 10;

    /** Made by Jackson, from the annotation of the member it reads. */
    AutomaticRadiusJson() {}

    @Override
    public Integer deserialize(JsonParser parser, DeserializationContext context) {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NUMBER_INT) {
            Integer meters = meters(parser.getString());
            if (meters != null) {
                return meters;
            }
        }
        return context.reportInputMismatch(
                this, "expected a radius in meters, a string of digits such as \"1500\", got %s", token);
    }

    /**
     * {@return the meters written as 1 to 10 ASCII digits, or null for any other text or more than an int holds}
     * Package-private, on a character sequence, so that a test can count the characters read.
     */
    static Integer meters(CharSequence text) {
        if (text.length() == 0 || text.length() > MOST_DIGITS) {
            return null;
        }
        long meters = 0;
        for (int i = 0; i < text.length(); i++) {
            char digit = text.charAt(i);
            if (digit < '0' || digit > '9') {
                return null;
            }
            meters = meters * 10 + (digit - '0');
        }
        return meters <= Integer.MAX_VALUE ? (int) meters : null;
    }
}
