package io.quarry.core.internal.base;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;

/**
 * Reads one JSON value as the plain Java values a free-form record keeps: {@code String}, {@code Boolean},
 * {@code Integer}/{@code Long}/{@code BigInteger} for integers, {@code BigDecimal} for other numbers (so their
 * decimal form survives), {@code null}, unmodifiable lists for arrays. Objects are read by the caller's reader, so
 * this class knows none of Quarry's types and the record's own JSON form can use it.
 */
public final class PlainJsonValues {

    private PlainJsonValues() {}

    /**
     * Reads the value the parser is at, leaving the parser on its last token.
     *
     * @param p       the parser, at the value's first token
     * @param ctxt    the context
     * @param objects reads an object from its {@code START_OBJECT} token to its {@code END_OBJECT}
     * @return the value
     */
    public static Object read(
            JsonParser p, DeserializationContext ctxt, BiFunction<JsonParser, DeserializationContext, ?> objects) {
        JsonToken token = p.currentToken();
        switch (token) {
            case START_OBJECT:
                return objects.apply(p, ctxt);
            case START_ARRAY:
                List<Object> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(p, ctxt, objects));
                }
                return Collections.unmodifiableList(items);
            case VALUE_STRING:
                return p.getString();
            case VALUE_NUMBER_INT:
                return p.getNumberValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDecimalValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                return ctxt.reportInputMismatch(Object.class, "unexpected token " + token);
        }
    }
}
