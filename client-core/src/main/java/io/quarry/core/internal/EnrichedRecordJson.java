package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.base.HitAccess;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.bean.BeanDeserializerBase;
import tools.jackson.databind.ser.BeanPropertyWriter;

/**
 * Reads an {@link EnrichedRecord} in one pass. Parsing a response body ({@link Json#read(BodyInput,
 * java.lang.reflect.Type)}), the record type's deserializer reads the hit straight from the parser, through a
 * {@link HitMemberNotes} that steps over the generated members (names starting with {@code _}) and sets their bytes
 * aside as the parser passes them; only those are kept, to be decoded when asked for ({@link HitMembers}). A record
 * type that reads such members itself (an any-setter, or one of them declared) sees them all, and its hit keeps a
 * copy of its bytes ({@link HitBytes}). Parsing anything else (a conversion, buffered tokens), the hit goes through a
 * {@link GeneratedMemberDiverter}, which takes the generated members out as they go by. Types that take any attribute
 * ({@link FreeFormRecord}, maps, {@code Object}) get every member.
 *
 * <p>For a call that keeps only some generated members ({@link Json#readKeeping}, {@link KeptMembers}), the same
 * parsers skip the others: a hit keeps the bytes of those kept, and asking it for another one throws. A hit that
 * keeps none keeps nothing of the body: its record, the objectID taken from the answer as it went by.
 */
final class EnrichedRecordJson extends ValueDeserializer<EnrichedRecord<?>> {

    private final JavaType recordType;
    private final ValueDeserializer<Object> recordReader;
    /** The client's record mapper, when the record type is the caller's and one is set; else null. */
    private final RecordMapperJson recordMapper;
    /** How the record type reads a hit's members, found once per type. */
    private final RecordMembers members;
    /**
     * For a record type whose hits, when a call keeps no generated members, its own deserializer reads straight from
     * the parser: the property its objectID is read back from (see {@link #readsBackObjectID}); else null.
     */
    private final BeanPropertyWriter objectIDProperty;

    /** The uncontextualised instance registered with the SDK's own mapper. */
    EnrichedRecordJson() {
        this(null, null, null, null, null);
    }

    /**
     * The uncontextualised instance registered with the mapper of a client given a record mapper.
     *
     * @param recordMapper that client's JSON
     */
    EnrichedRecordJson(RecordMapperJson recordMapper) {
        this(null, null, recordMapper, null, null);
    }

    /** Builds the hits of a call that kept only some members (see {@link HitAccess}). */
    private static final HitAccess.Maker<EnrichedRecord<?>, FreeFormRecord> HITS =
            HitAccess.maker(EnrichedRecord.class);

    private EnrichedRecordJson(
            JavaType recordType,
            ValueDeserializer<Object> recordReader,
            RecordMapperJson recordMapper,
            RecordMembers members,
            BeanPropertyWriter objectIDProperty) {
        this.recordType = recordType;
        this.recordReader = recordReader;
        this.recordMapper = recordMapper;
        this.members = members;
        this.objectIDProperty = objectIDProperty;
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
        ValueDeserializer<Object> reader = ctxt.findRootValueDeserializer(content);
        RecordMapperJson mapper =
                recordMapper != null && RecordTypes.isCallers(content.getRawClass()) ? recordMapper : null;
        RecordMembers members = RecordMembers.of(mapper == null ? reader : mapper.recordDeserializer(content));
        return new EnrichedRecordJson(
                content,
                reader,
                mapper,
                members,
                mapper == null ? readsBackObjectID(reader, content.getRawClass(), members) : null);
    }

    /**
     * The property a record's objectID can be read back from after its deserializer read the hit straight from the
     * parser, skipping the generated members as unknown properties, as a hand-written client reads it: a plain bean
     * (or Java record) that builds exactly the record type, reads a {@code String objectID} and writes it back from a
     * {@code String} property. A call that keeps no generated members then reads such hits with no parser of ours
     * between the record and the body (1.08x the calling thread's CPU per search through one, benchmarks/README.md).
     * Null for any other type, whose objectID is taken from the answer as it goes by.
     */
    private static BeanPropertyWriter readsBackObjectID(
            ValueDeserializer<Object> reader, Class<?> type, RecordMembers members) {
        if (!(reader instanceof BeanDeserializerBase bean)
                || bean.handledType() != type
                || !members.steppedOver()
                || !members.declaresObjectID()) {
            return null;
        }
        SettableBeanProperty read = bean.findProperty(PropertyName.construct(FreeFormRecord.OBJECT_ID));
        return read != null && read.getType().getRawClass() == String.class ? ObjectIDProbe.textProperty(type) : null;
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
        Json.BodyRead body = Json.bodyReadBy(p);
        if (body != null && body.census() != null) {
            body.census().saw(p, raw, members.steppedOver());
        }
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
        boolean strict = recordMapper != null && recordMapper.strictRecords();
        KeptMembers call = Json.keptMembers(ctxt); // once per hit: an attribute lookup; null when the call keeps all
        KeptMembers.Kept kept = call == null ? null : call.forHit(p);
        boolean none = kept != null && kept.none();
        if (none && objectIDProperty != null) {
            Object record = recordReader.deserialize(p, ctxt);
            return hit(record, objectIDOf(record), kept.nothingSent(), null, kept);
        }
        if (body != null && (members.steppedOver() || none)) {
            return readNoting(body.hitNotes(call), ctxt, kept);
        }
        if (body != null && !strict) {
            // the record type reads generated members itself: it sees them all, the hit keeps a copy of its bytes
            body.hitStarts(p.currentTokenLocation().getByteOffset());
            Object record = recordReader.deserialize(p, ctxt);
            HitBytes hit = new HitBytes(body.hitEnds(p.currentLocation().getByteOffset()));
            Supplier<FreeFormRecord> generated =
                    kept == null ? hit::generatedMembers : HitMembers.only(hit::generatedMembers, kept.names());
            Supplier<String> objectID = hit::objectID;
            return hit(record, objectID, generated, () -> merge(view(record), generated.get()), kept);
        }
        GeneratedMemberDiverter hit = new GeneratedMemberDiverter(p, ctxt, !none);
        Object record = recordReader.deserialize(hit, ctxt);
        if (none) {
            return hit(record, hit.objectID(), kept.nothingSent(), freeFormView(record), kept);
        }
        FreeFormRecord all = hit.generatedMembers();
        Supplier<FreeFormRecord> generated = kept == null ? () -> all : HitMembers.only(() -> all, kept.names());
        return hit(record, hit.objectID(), generated, () -> merge(view(record), generated.get()), kept);
    }

    /** The objectID a record read straight from the parser was read with (see {@link #readsBackObjectID}). */
    private String objectIDOf(Object record) {
        try {
            return (String) objectIDProperty.get(record);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "reading back the objectID of a " + record.getClass().getName() + " failed", e);
        }
    }

    /**
     * A hit of a response body, read through the body's {@link HitMemberNotes}: the record sees no generated member
     * (unless it reads them itself and the hit keeps none), and the hit keeps only the bytes of those its call kept,
     * or nothing.
     *
     * @param kept the members the hit keeps, null for every one
     */
    private EnrichedRecord<?> readNoting(HitMemberNotes notes, DeserializationContext ctxt, KeptMembers.Kept kept) {
        notes.startHit(members, kept);
        Object record = recordReader.deserialize(notes, ctxt);
        String objectID = notes.objectID();
        if (kept != null && kept.none()) {
            return hit(record, objectID, kept.nothingSent(), freeFormView(record), kept);
        }
        byte[] generated = notes.takeMembers();
        if (generated == null) {
            return hit(
                    record, objectID, kept == null ? HitMembers.NONE : kept.nothingSent(), freeFormView(record), kept);
        }
        HitMembers hitMembers = new HitMembers(generated);
        return hit(record, objectID, hitMembers, () -> merge(view(record), hitMembers.get()), kept);
    }

    /**
     * A hit: through the public constructors when its call kept every member, else through {@link HitAccess}, which
     * tells it which members it kept.
     *
     * @param objectID a {@code String}, a {@code Supplier<String>} finding it, or null
     * @param kept     the members the hit kept, null for every one
     */
    @SuppressWarnings("unchecked")
    private static EnrichedRecord<?> hit(
            Object record,
            Object objectID,
            Supplier<FreeFormRecord> generated,
            Supplier<FreeFormRecord> raw,
            KeptMembers.Kept kept) {
        if (kept != null) {
            return HITS.hit(record, objectID, generated, raw, kept);
        }
        return objectID instanceof Supplier<?> finds
                ? new EnrichedRecord<>(record, (Supplier<String>) finds, generated, raw)
                : new EnrichedRecord<>(record, (String) objectID, generated, raw);
    }

    /**
     * What builds a record's free-form view without its generated members: null (the record's JSON form, built by
     * the hit when asked, with no lambda per hit), or the record as the client's record mapper writes it.
     */
    private Supplier<FreeFormRecord> freeFormView(Object record) {
        return recordMapper == null ? null : () -> recordMapper.freeForm(record);
    }

    /** The record's own attributes as a free-form record. */
    private FreeFormRecord view(Object record) {
        if (recordMapper != null) {
            return recordMapper.freeForm(record);
        }
        return record == null ? FreeFormRecord.builder().build() : FreeFormRecord.from(record);
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
