package io.quarry.core.internal;

import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.FiniteNumbers;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.PropertyNamingStrategy;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON of a client given a record mapper: the caller's classes (records written, hits and objects read into
 * the caller's type, values of the caller's inside events or rules) are written and read by that mapper; Quarry's
 * own types, the JDK's and Jackson's keep the SDK's fixed mapping (see {@link RecordTypes}). Two mappers hand values
 * to each other through the same generator or parser ({@link MapperHandOver}), so a body is still written in one
 * pass and a response read in one.
 *
 * <p>The record mapper is used as given except for what sending a record needs: a property called
 * {@code objectID} keeps that name whatever the naming strategy ({@link ObjectIDNaming}), root wrapping is off
 * (a record is a value inside a request, not a document of its own), and a NaN or an infinity is refused as the
 * SDK's mapper refuses it ({@link FiniteNumbers}). When it fails on unknown properties, the
 * members the engine adds to a hit ({@code _highlightResult}, ...) are taken out before it reads the hit.
 *
 * <p>Built once per client. A client without a record mapper never uses this class: it calls {@link Json} as
 * always.
 */
public final class RecordMapperJson {

    private final ObjectMapper sdk;
    private final ObjectMapper records;
    private final boolean strictRecords;
    /** Which of the caller's classes the record mapper, and which other classes the SDK's, write with an objectID. */
    private final OwnObjectID callersObjectIDs;

    private final OwnObjectID othersObjectIDs;

    // maps rather than ClassValues: a ClassValue's values, which reach this client's mappers, would stay attached to
    // the caller's classes after the client is gone
    private final Map<Type, ObjectReader> readers = new ConcurrentHashMap<>();
    private final Map<KeptMembers, Map<Type, ObjectReader>> keepingReaders = new ConcurrentHashMap<>();
    private final Map<Class<?>, ObjectWriter> writers = new ConcurrentHashMap<>();
    /** Which answer types this client reads from a copy without generated members (see {@link Json#readKeeping}). */
    private final HitCensus.Verdicts cutVerdicts = new HitCensus.Verdicts();

    /**
     * @param recordMapper the caller's mapper
     */
    public RecordMapperJson(JsonMapper recordMapper) {
        this.sdk = Json.sdkMapper(new EnrichedRecordJson(this))
                .addModule(MapperHandOver.module("quarry-caller-types", RecordTypes::isCallers, this::recordsMapper))
                .build();
        JsonMapper.Builder adjusted = recordMapper
                .rebuild()
                .disable(SerializationFeature.WRAP_ROOT_VALUE)
                .disable(DeserializationFeature.UNWRAP_ROOT_VALUE)
                .addModule(MapperHandOver.module("quarry-own-types", RecordTypes::isQuarrys, this::sdkMapper))
                // the service stores no NaN or infinity, whichever mapper writes the record
                .addModule(FiniteNumbers.module())
                // the JSON form FreeFormRecord declares would come before the hand-over: the values inside it
                // (dates, ...) would be written by the record mapper's settings
                .addMixIn(FreeFormRecord.class, HandedOver.class);
        PropertyNamingStrategy naming = recordMapper.serializationConfig().getPropertyNamingStrategy();
        if (naming != null) {
            adjusted.propertyNamingStrategy(new ObjectIDNaming(naming));
        }
        this.records = adjusted.build();
        this.strictRecords =
                records.deserializationConfig().isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        this.callersObjectIDs = OwnObjectID.keptByClient(records);
        this.othersObjectIDs = OwnObjectID.keptByClient(sdk);
    }

    /**
     * Writes a request body, as {@link Json#write} does.
     *
     * @param value the body
     * @param out   the target; not closed
     * @throws JacksonException if the value cannot be serialised or the stream fails
     */
    public void write(Object value, OutputStream out) {
        // a @JsonValue class of the caller's is the record mapper's to write, not the SDK's shortcut's
        Object json = value == null || RecordTypes.isCallers(value.getClass()) ? value : Json.jsonForm(value);
        if (json == null) {
            sdk.writeValue(out, null);
        } else {
            ObjectWriter writer = writers.get(json.getClass());
            if (writer == null) {
                writer = sdk.writerFor(json.getClass());
                if (writers.size() < Json.MAX_CACHED_READERS) {
                    writers.putIfAbsent(json.getClass(), writer);
                }
            }
            writer.writeValue(out, json);
        }
    }

    /**
     * Whether this client surely writes a non-null top-level {@code objectID} of a typed record's own, as
     * {@link Json#writesOwnObjectID} tells for the SDK's mapper: the caller's classes as the record mapper writes
     * them.
     *
     * @param record the record
     * @return true if it surely does
     */
    boolean writesOwnObjectID(Object record) {
        if (record == null) {
            return false;
        }
        return RecordTypes.isCallers(record.getClass())
                ? callersObjectIDs.surelyWritten(record)
                : othersObjectIDs.surelyWritten(record);
    }

    /**
     * Decodes a response body, as {@link Json#read(byte[], Type)} does.
     *
     * @param json the JSON, UTF-8
     * @param type the target type
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    public <T> T read(byte[] json, Type type) {
        return Json.read(readerFor(type), BodyInput.of(json, json.length), type);
    }

    /**
     * Decodes a response body at the start of an array, as {@link Json#read(byte[], int, Type)} does.
     *
     * @param json   the array
     * @param length the body's length
     * @param type   the target type
     * @param <T>    the target type
     * @return the value, null for a JSON null
     */
    <T> T read(byte[] json, int length, Type type) {
        return Json.read(readerFor(type), BodyInput.of(json, length), type);
    }

    /**
     * Decodes a response body as it arrives, as {@link Json#read(BodyInput, Type)} does.
     *
     * @param json the body
     * @param type the target type
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    <T> T read(BodyInput json, Type type) {
        return Json.read(readerFor(type), json, type);
    }

    /**
     * The record mapper's own deserializer for one of the caller's types, to learn how it reads a hit.
     *
     * @param type the type
     * @return its deserializer
     */
    ValueDeserializer<Object> recordDeserializer(JavaType type) {
        return records._deserializationContext().findRootValueDeserializer(type);
    }

    /**
     * Decodes a response body, records keeping only some of their generated members, as
     * {@link Json#readKeeping(BodyInput, Type, KeptMembers)} does.
     *
     * @param body the body
     * @param type the target type
     * @param kept the members kept
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    <T> T readKeeping(BodyInput body, Type type, KeptMembers kept) {
        return Json.readKeeping(
                Json.keeping(keepingReaders, this::readerFor, type, kept), body, type, kept, cutVerdicts);
    }

    /**
     * Decodes a response body at the start of an array, records without their generated members, as
     * {@link Json#readDroppingGeneratedMembers(byte[], int, Type)} does.
     *
     * @param json   the array
     * @param length the body's length
     * @param type   the target type
     * @param <T>    the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    public <T> T readDroppingGeneratedMembers(byte[] json, int length, Type type) {
        return readDroppingGeneratedMembers(BodyInput.of(json, length), type);
    }

    /**
     * Decodes a response body whose records keep none of their generated members: each hit keeps its record and
     * its objectID, nothing of the body.
     *
     * @param body the body
     * @param type the target type
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type, or the body cannot be
     *     read (its cause then says why)
     */
    <T> T readDroppingGeneratedMembers(BodyInput body, Type type) {
        return readKeeping(body, type, KeptMembers.NONE);
    }

    /**
     * A value as a JSON string, for the request log.
     *
     * @param value the value
     * @return the JSON text
     * @throws InvalidRequestException if the value cannot be serialised
     */
    public String toJsonString(Object value) {
        try {
            return sdk.writeValueAsString(value);
        } catch (JacksonException e) {
            throw JsonFailures.writing(e);
        }
    }

    /**
     * A record of the caller's as its record mapper writes it, for a hit's free-form view.
     *
     * @param record the record, possibly null
     * @return its attributes, empty for null
     */
    FreeFormRecord freeForm(Object record) {
        if (record == null) {
            return FreeFormRecord.builder().build();
        }
        try {
            return sdk.convertValue(record, FreeFormRecord.class);
        } catch (JacksonException e) {
            throw JsonFailures.reading(FreeFormRecord.class, e);
        }
    }

    /** {@return whether the record mapper fails on properties a class does not declare} */
    boolean strictRecords() {
        return strictRecords;
    }

    // the two mappers refer to each other: each finds the other when it first hands a value over
    private ObjectMapper recordsMapper() {
        return records;
    }

    private ObjectMapper sdkMapper() {
        return sdk;
    }

    private ObjectReader readerFor(Type type) {
        ObjectReader reader = readers.get(type);
        if (reader == null) {
            reader = sdk.readerFor(sdk.getTypeFactory().constructType(type));
            cache(readers, type, reader);
        }
        return reader;
    }

    /** Takes away a class's declared JSON form, so that the module handing it over decides. */
    @JsonSerialize(using = ValueSerializer.None.class)
    @JsonDeserialize(using = ValueDeserializer.None.class)
    private abstract static class HandedOver {}

    private static void cache(Map<Type, ObjectReader> cache, Type type, ObjectReader reader) {
        if (cache.size() < Json.MAX_CACHED_READERS) {
            cache.putIfAbsent(type, reader);
        }
    }
}
