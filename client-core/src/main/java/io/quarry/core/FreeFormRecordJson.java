package io.quarry.core;

import io.quarry.core.internal.base.FiniteNumbers;
import io.quarry.core.internal.base.PlainJsonValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;

/**
 * The JSON form of a {@link FreeFormRecord}, declared on the class so that every mapper (the SDK's, the core's
 * conversions, a record mapper's) reads and writes it token by token: every attribute, explicit nulls and the
 * exact decimal form of numbers survive a round trip.
 */
final class FreeFormRecordJson {

    private FreeFormRecordJson() {}

    /** Writes every attribute, nulls included. */
    static final class Writer extends ValueSerializer<FreeFormRecord> {
        @Override
        public void serialize(FreeFormRecord record, JsonGenerator gen, SerializationContext ctxt) {
            writeObject(record.attributes(), gen, ctxt);
        }

        private static void writeObject(Map<String, Object> attributes, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeStartObject();
            for (Map.Entry<String, Object> e : attributes.entrySet()) {
                gen.writeName(e.getKey());
                try {
                    writeValue(e.getValue(), gen, ctxt);
                } catch (JacksonException failure) {
                    failure.prependPath(attributes, e.getKey()); // the path names where a refused number was
                    throw failure;
                }
            }
            gen.writeEndObject();
        }

        private static void writeValue(Object value, JsonGenerator gen, SerializationContext ctxt) {
            if (value == null) {
                gen.writeNull();
            } else if (value instanceof FreeFormRecord nested) {
                writeObject(nested.attributes(), gen, ctxt);
            } else if (value instanceof List<?> list) {
                gen.writeStartArray();
                int index = 0;
                for (Object item : list) {
                    try {
                        writeValue(item, gen, ctxt);
                    } catch (JacksonException failure) {
                        failure.prependPath(list, index);
                        throw failure;
                    }
                    index++;
                }
                gen.writeEndArray();
            } else if (value instanceof String s) {
                gen.writeString(s);
            } else if (value instanceof Boolean b) {
                gen.writeBoolean(b);
            } else if (value instanceof BigDecimal d) {
                gen.writeNumber(d);
            } else if (value instanceof BigInteger i) {
                gen.writeNumber(i);
            } else if (value instanceof Long l) {
                gen.writeNumber(l);
            } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
                // as an int, so that tokens read back (a conversion) give the Integer a parser gives for it
                gen.writeNumber(((Number) value).intValue());
            } else if (value instanceof Double d) {
                FiniteNumbers.requireFinite(gen, d);
                gen.writeNumber(d);
            } else if (value instanceof Float f) {
                FiniteNumbers.requireFinite(gen, f);
                gen.writeNumber(f);
            } else {
                ctxt.writeValue(gen, value);
            }
        }
    }

    /** Reads an object, its values as {@link PlainJsonValues} (integers as they are, other numbers as BigDecimal). */
    static final class Reader extends ValueDeserializer<FreeFormRecord> {
        @Override
        public FreeFormRecord deserialize(JsonParser p, DeserializationContext ctxt) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return ctxt.reportInputMismatch(
                        FreeFormRecord.class, "expected a JSON object for a record, got " + p.currentToken());
            }
            return readObject(p, ctxt);
        }

        private static FreeFormRecord readObject(JsonParser p, DeserializationContext ctxt) {
            FreeFormRecord.Builder builder = FreeFormRecord.builder();
            JsonToken token = p.nextToken();
            while (token == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                builder.put(name, PlainJsonValues.read(p, ctxt, Reader::readObject));
                token = p.nextToken();
            }
            return builder.build();
        }
    }
}
