package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads an {@link EnrichedRecord} in one pass. Parsing a response body
 * ({@link Json#read(byte[], java.lang.reflect.Type)}), the record type's deserializer reads the hit straight from
 * the parser, skipping the generated members (names starting with {@code _}) as unknown properties, and the hit's
 * bytes are noted ({@link HitBytes}) to find its objectID and generated members when asked. Parsing anything else
 * (a conversion, buffered tokens), the hit goes through a {@link GeneratedMemberDiverter}, which takes the
 * generated members out as they go by. Types that take any attribute ({@link FreeFormRecord}, maps,
 * {@code Object}) get every member.
 */
final class EnrichedRecordJson extends ValueDeserializer<EnrichedRecord<?>> {

    /**
     * What a record decoded without its generated members answers when asked for them; shared, so decoding such a
     * hit allocates nothing for it.
     */
    private static final Supplier<FreeFormRecord> DROPPED = () -> {
        throw new IllegalStateException("this record was decoded without its generated members"
                + " (RequestOptions.withoutGeneratedMembers()); search without that option to read them");
    };

    private final JavaType recordType;
    private final ValueDeserializer<Object> recordReader;
    /** The client's record mapper, when the record type is the caller's and one is set; else null. */
    private final RecordMapperJson recordMapper;

    /** The uncontextualised instance registered with the SDK's own mapper. */
    EnrichedRecordJson() {
        this(null, null, null);
    }

    /**
     * The uncontextualised instance registered with the mapper of a client given a record mapper.
     *
     * @param recordMapper that client's JSON
     */
    EnrichedRecordJson(RecordMapperJson recordMapper) {
        this(null, null, recordMapper);
    }

    private EnrichedRecordJson(
            JavaType recordType, ValueDeserializer<Object> recordReader, RecordMapperJson recordMapper) {
        this.recordType = recordType;
        this.recordReader = recordReader;
        this.recordMapper = recordMapper;
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
        return new EnrichedRecordJson(
                content,
                ctxt.findRootValueDeserializer(content),
                recordMapper != null && RecordTypes.isCallers(content.getRawClass()) ? recordMapper : null);
    }

    @Override
    public EnrichedRecord<?> deserialize(JsonParser p, DeserializationContext ctxt) {
        if (recordReader == null) {
            return ctxt.reportBadDefinition(EnrichedRecord.class, "EnrichedRecord needs its record type");
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return ctxt.reportInputMismatch(
                    EnrichedRecord.class, "expected a JSON object for a record, got " + p.currentToken());
        }
        Class<?> raw = recordType.getRawClass();
        if (raw == FreeFormRecord.class) {
            FreeFormRecord record = (FreeFormRecord) recordReader.deserialize(p, ctxt);
            return new EnrichedRecord<>(
                    record,
                    record.objectID().orElse(null),
                    () -> EnrichedRecord.generatedMembersOf(record),
                    () -> record);
        }
        if (raw == Object.class || Map.class.isAssignableFrom(raw)) {
            // types that take any attribute get every member, generated ones included
            Object record = recordReader.deserialize(p, ctxt);
            String objectID = record instanceof Map<?, ?> map && map.get(FreeFormRecord.OBJECT_ID) instanceof String id
                    ? id
                    : null;
            Supplier<FreeFormRecord> free = () -> FreeFormRecord.from(record);
            return new EnrichedRecord<>(record, objectID, () -> EnrichedRecord.generatedMembersOf(free.get()), free);
        }
        if (recordMapper != null) {
            return readWithRecordMapper(p, ctxt, recordMapper);
        }
        if (Json.dropsGeneratedMembers(ctxt)) {
            // nothing of the body is kept: the record alone, its objectID from its own property, its free-form view
            // its JSON form (null: built by the hit when asked, no lambda per hit)
            Object record = recordReader.deserialize(p, ctxt);
            return new EnrichedRecord<>(record, Json.objectIDPropertyOf(record), DROPPED, null);
        }
        byte[] body = Json.bodyReadBy(p);
        long start = body == null ? -1 : p.currentTokenLocation().getByteOffset();
        if (start >= 0 && start < body.length && body[(int) start] == '{') {
            // the parser reads the body: the record is bound from it directly, the rest found later in the bytes
            Object record = recordReader.deserialize(p, ctxt);
            HitBytes hit =
                    new HitBytes(body, (int) start, (int) p.currentLocation().getByteOffset());
            return new EnrichedRecord<>(
                    record,
                    hit::objectID,
                    hit::generatedMembers,
                    () -> merge(
                            record == null ? FreeFormRecord.builder().build() : FreeFormRecord.from(record),
                            hit.generatedMembers()));
        }
        GeneratedMemberDiverter hit = new GeneratedMemberDiverter(p, ctxt);
        Object record = recordReader.deserialize(hit, ctxt);
        FreeFormRecord generated = hit.generatedMembers();
        return new EnrichedRecord<>(
                record,
                hit.objectID(),
                () -> generated,
                () -> merge(
                        record == null ? FreeFormRecord.builder().build() : FreeFormRecord.from(record), generated));
    }

    /**
     * A hit whose record the client's record mapper reads (its {@link #recordReader} hands the record over). As
     * above, except that the free-form views are the record as that mapper writes it, and that a mapper failing on
     * unknown properties reads the hit without the generated members, which are not the record's.
     */
    private EnrichedRecord<?> readWithRecordMapper(JsonParser p, DeserializationContext ctxt, RecordMapperJson json) {
        boolean drop = Json.dropsGeneratedMembers(ctxt);
        if (drop && !json.strictRecords()) {
            Object record = recordReader.deserialize(p, ctxt);
            return new EnrichedRecord<>(record, Json.objectIDPropertyOf(record), DROPPED, () -> json.freeForm(record));
        }
        byte[] body = drop || json.strictRecords() ? null : Json.bodyReadBy(p);
        long start = body == null ? -1 : p.currentTokenLocation().getByteOffset();
        if (start >= 0 && start < body.length && body[(int) start] == '{') {
            Object record = recordReader.deserialize(p, ctxt);
            HitBytes hit =
                    new HitBytes(body, (int) start, (int) p.currentLocation().getByteOffset());
            return new EnrichedRecord<>(
                    record,
                    hit::objectID,
                    hit::generatedMembers,
                    () -> merge(json.freeForm(record), hit.generatedMembers()));
        }
        GeneratedMemberDiverter hit = new GeneratedMemberDiverter(p, ctxt);
        Object record = recordReader.deserialize(hit, ctxt);
        if (drop) {
            return new EnrichedRecord<>(record, hit.objectID(), DROPPED, () -> json.freeForm(record));
        }
        FreeFormRecord generated = hit.generatedMembers();
        return new EnrichedRecord<>(
                record, hit.objectID(), () -> generated, () -> merge(json.freeForm(record), generated));
    }

    private static FreeFormRecord merge(FreeFormRecord stored, FreeFormRecord generated) {
        if (generated.attributes().isEmpty()) {
            return stored;
        }
        FreeFormRecord.Builder all = stored.toBuilder();
        generated.attributes().forEach(all::put);
        return all.build();
    }
}
