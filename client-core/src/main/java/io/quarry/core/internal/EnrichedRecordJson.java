package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Reads an {@link EnrichedRecord}: one pass over the member splits it into the stored attributes, bound into the
 * record type, and the generated members (names starting with {@code _}), kept as tokens until asked for.
 * Types that take any attribute ({@link FreeFormRecord}, maps, {@code Object}) get every member.
 */
final class EnrichedRecordJson extends ValueDeserializer<EnrichedRecord<?>> {

    private final JavaType recordType;
    private final ValueDeserializer<Object> recordReader;

    /** The uncontextualised instance registered with the mapper. */
    EnrichedRecordJson() {
        this(null, null);
    }

    private EnrichedRecordJson(JavaType recordType, ValueDeserializer<Object> recordReader) {
        this.recordType = recordType;
        this.recordReader = recordReader;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        JavaType type = ctxt.getContextualType();
        if (type == null && property != null) {
            type = property.getType();
        }
        JavaType content = type == null ? null : type.containedType(0);
        if (content == null) {
            content = ctxt.constructType(FreeFormRecord.class);
        }
        return new EnrichedRecordJson(content, ctxt.findRootValueDeserializer(content));
    }

    @Override
    public EnrichedRecord<?> deserialize(JsonParser p, DeserializationContext ctxt) {
        if (recordReader == null) {
            return ctxt.reportBadDefinition(EnrichedRecord.class, "EnrichedRecord needs its record type");
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return ctxt.reportInputMismatch(EnrichedRecord.class,
                    "expected a JSON object for a record, got " + p.currentToken());
        }
        Class<?> raw = recordType.getRawClass();
        if (raw == FreeFormRecord.class) {
            FreeFormRecord record = (FreeFormRecord) recordReader.deserialize(p, ctxt);
            return new EnrichedRecord<>(record, record.objectID().orElse(null),
                    () -> EnrichedRecord.generatedMembersOf(record), () -> record);
        }
        boolean keepAll = raw == Object.class || Map.class.isAssignableFrom(raw);
        TokenBuffer stored = ctxt.bufferForInputBuffering(p);
        TokenBuffer generated = null;
        String objectID = null;
        stored.writeStartObject();
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            JsonToken value = p.nextToken();
            if (!keepAll && name.startsWith("_")) {
                if (generated == null) {
                    generated = ctxt.bufferForInputBuffering(p);
                    generated.writeStartObject();
                }
                generated.writeName(name);
                generated.copyCurrentStructure(p);
            } else if (value == JsonToken.VALUE_STRING && name.equals(FreeFormRecord.OBJECT_ID)) {
                objectID = p.getString();
                stored.writeName(name);
                stored.writeString(objectID);
            } else {
                stored.writeName(name);
                stored.copyCurrentStructure(p);
            }
        }
        stored.writeEndObject();
        if (generated != null) {
            generated.writeEndObject();
        }
        Object record;
        try (JsonParser storedParser = stored.asParserOnFirstToken(ctxt, p)) {
            record = recordReader.deserialize(storedParser, ctxt);
        }
        TokenBuffer generatedTokens = generated;
        if (keepAll) {
            return new EnrichedRecord<>(record, objectID, () -> EnrichedRecord.generatedMembersOf(read(stored)),
                    () -> read(stored));
        }
        return new EnrichedRecord<>(record, objectID,
                () -> generatedTokens == null ? FreeFormRecord.builder().build() : read(generatedTokens),
                () -> merge(read(stored), generatedTokens));
    }

    private static FreeFormRecord read(TokenBuffer tokens) {
        return Json.read(tokens, FreeFormRecord.class);
    }

    private static FreeFormRecord merge(FreeFormRecord stored, TokenBuffer generated) {
        if (generated == null) {
            return stored;
        }
        FreeFormRecord.Builder all = stored.toBuilder();
        read(generated).attributes().forEach(all::put);
        return all.build();
    }
}
