package io.quarry.core;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Reads an {@link EnrichedRecord} in a conversion ({@link FreeFormRecord#as(Class)} of a page of hits, say), as
 * {@link EnrichedRecord#of(FreeFormRecord, Class)} builds one: the member as received is its free-form view, the
 * record is read from it into the record type (which skips the generated members as unknown attributes). Responses
 * are read by the transport's own reader, which binds the record from the body in one pass.
 */
final class EnrichedRecordConversion extends ValueDeserializer<EnrichedRecord<?>> {

    private final JavaType recordType;

    EnrichedRecordConversion() {
        this(null);
    }

    private EnrichedRecordConversion(JavaType recordType) {
        this.recordType = recordType;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        JavaType type = ctxt.getContextualType();
        if (type == null && property != null) {
            type = property.getType();
        }
        JavaType content = type == null ? null : type.containedType(0);
        return new EnrichedRecordConversion(content == null ? ctxt.constructType(FreeFormRecord.class) : content);
    }

    @Override
    public EnrichedRecord<?> deserialize(JsonParser p, DeserializationContext ctxt) {
        if (recordType == null) {
            return ctxt.reportBadDefinition(EnrichedRecord.class, "EnrichedRecord needs its record type");
        }
        // read twice: as the free-form view, and as the record
        TokenBuffer member = ctxt.bufferAsCopyOfValue(p);
        FreeFormRecord raw;
        try (JsonParser free = member.asParserOnFirstToken(ctxt)) {
            raw = ctxt.readValue(free, FreeFormRecord.class);
        }
        Object record = raw;
        if (recordType.getRawClass() != FreeFormRecord.class) {
            try (JsonParser typed = member.asParserOnFirstToken(ctxt)) {
                record = ctxt.readValue(typed, recordType);
            }
        }
        return new EnrichedRecord<>(
                record, raw.objectID().orElse(null), () -> EnrichedRecord.generatedMembersOf(raw), () -> raw);
    }
}
