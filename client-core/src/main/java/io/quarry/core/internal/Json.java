package io.quarry.core.internal;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.DeserializationException;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.CreatorHandles;
import io.quarry.core.internal.base.FiniteNumbers;
import io.quarry.core.internal.base.RecordSettings;
import io.quarry.core.spi.MapValue;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.UTF8StreamJsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.jackson.JsonValueSerializer;

/**
 * The SDK's JSON mapper, configured once: unknown properties ignored, unknown enum values read as the constant
 * marked {@code @JsonEnumDefaultValue} or else null (never an exception), null members omitted, {@code java.time}
 * values as ISO-8601 strings, {@code FreeFormRecord} kept exactly, the scalar members of the SDK's own types read
 * only from their own JSON type (the caller's records keep Jackson's default coercions). Every client uses it, except one given a record
 * mapper, which uses a {@link RecordMapperJson} built on the same settings.
 */
public final class Json {

    private static final ObjectMapper MAPPER =
            sdkMapper(new EnrichedRecordJson()).build();
    /** Which classes the mapper surely writes with their own objectID. */
    private static final OwnObjectID OWN_OBJECT_IDS = OwnObjectID.keptWithClasses(MAPPER);

    /** Readers per target type, built once: the type resolution and deserializer lookup leave the hot path. */
    private static final Map<Type, ObjectReader> READERS = new ConcurrentHashMap<>();
    // the same readers marked to keep only some of records' generated members (readKeeping), per kind kept
    private static final Map<KeptMembers, Map<Type, ObjectReader>> KEEPING_READERS = new ConcurrentHashMap<>();
    /** Which answer types the SDK's mapper reads from a copy without generated members ({@link #readKeeping}). */
    static final HitCensus.Verdicts CUT_VERDICTS = new HitCensus.Verdicts();

    private static final Object KEPT_MEMBERS = new Object();
    /** Bounds the kinds of kept members with cached readers: one set for every hit is a few names at most. */
    static final int MAX_CACHED_KINDS = 64;
    /** Writers per value class, built once, their serializer looked up once. */
    private static final ClassValue<ObjectWriter> WRITERS = new ClassValue<>() {
        @Override
        protected ObjectWriter computeValue(Class<?> type) {
            return MAPPER.writerFor(type);
        }
    };
    /**
     * The method that gives a class's JSON form ({@code @JsonValue}), found once per class; null when it has none.
     * Written through Jackson, such a value costs a fresh lookup of its JSON form's serializer on every write
     * (about 0.9 KB for a query's parameter map), so {@link #write} calls the method and writes its result instead.
     */
    private static final ClassValue<MethodHandle> JSON_VALUE = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            return jsonValueMethod(type);
        }
    };
    /**
     * The body being decoded on this thread. Decoding runs on the calling thread from start to end, so a thread
     * local reaches the deserializers without a per-call reader ({@code withAttribute} would copy the reader's
     * whole configuration on every response).
     */
    private static final ThreadLocal<BodyRead> BODY_BEING_READ = new ThreadLocal<>();
    /** Bounds the reader cache should a caller decode into ever new generic types. */
    static final int MAX_CACHED_READERS = 1024;

    private Json() {}

    /**
     * The SDK's own mapper, before it is built: the record settings, the stream settings of a request body, the
     * reader of hits, creators called through prepared handles ({@link CreatorHandles}), the SDK's own types'
     * scalar members read without coercion ({@link StrictSdkMembers}) and no NaN or infinity written
     * ({@link FiniteNumbers}). The core's value
     * types ({@code FreeFormRecord}, {@code DefaultObjectID}) declare their JSON form themselves.
     *
     * <p>Its parsers leave member names uninterned, Jackson 3's default. Interning them (Jackson 2's default) saved
     * 4-5% of the CPU to decode the benchmarks' 20-hit answer, whose names repeat, but facet values are member names
     * too: with 100 to 1,000 values that change from answer to answer, a decode took 1.8x to 5x the CPU
     * ({@code benchmarks.client.NameCardinalityCpuPerCall}; benchmarks/README.md, [d3]).
     *
     * @param hits the reader of {@link EnrichedRecord}s to register
     * @return the builder
     */
    static JsonMapper.Builder sdkMapper(EnrichedRecordJson hits) {
        return RecordSettings.applyTo(JsonMapper.builder())
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                // the HTTP client flushes a request once it is complete: a flush per body would send the body's
                // last chunk and the chunked terminator as separate packets
                .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .addModule(CreatorHandles.module())
                .addModule(StrictSdkMembers.module())
                .addModule(FiniteNumbers.module())
                .addModule(new SimpleModule("quarry-hits").addDeserializer(EnrichedRecord.class, hits));
    }

    /**
     * Writes a value as JSON to a stream, without closing it.
     *
     * @param value the value
     * @param out   the target
     * @throws JacksonException if the value cannot be serialised or the stream fails
     */
    public static void write(Object value, OutputStream out) {
        Object json = jsonForm(value);
        if (json == null) {
            MAPPER.writeValue(out, null);
        } else {
            WRITERS.get(json.getClass()).writeValue(out, json);
        }
    }

    /** The value itself, or what its {@code @JsonValue} method returns (repeatedly, as Jackson would). */
    static Object jsonForm(Object value) {
        Object json = value;
        for (int depth = 0; json != null && depth < 8; depth++) {
            MethodHandle method = JSON_VALUE.get(json.getClass());
            if (method == null) {
                return json;
            }
            try {
                json = (Object) method.invokeExact(json);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(
                        "the JSON form of a " + value.getClass().getName() + " failed", e);
            }
        }
        return json;
    }

    private static MethodHandle jsonValueMethod(Class<?> type) {
        if (MapValue.class.isAssignableFrom(type)) {
            // its JSON form is MapValue's own final @JsonValue method, which the SDK's mapper always uses: asking
            // Jackson would make it introspect the subtype's many methods, the largest cost of a first request
            return handleOf(mapValueJsonMethod());
        }
        if (!(serializerFor(type) instanceof JsonValueSerializer)) {
            return null; // Jackson would not use a @JsonValue method for it (none, or a serializer of its own)
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                JsonValue annotation = method.getAnnotation(JsonValue.class);
                if (annotation != null
                        && annotation.value()
                        && method.getParameterCount() == 0
                        && !Modifier.isStatic(method.getModifiers())) {
                    return handleOf(method);
                }
            }
        }
        return null;
    }

    /** {@return {@code MapValue}'s {@code @JsonValue} method} */
    static Method mapValueJsonMethod() {
        try {
            return MapValue.class.getDeclaredMethod("json");
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("MapValue has no json() method", e);
        }
    }

    /** {@return the method as a handle taking and returning objects, or null if it cannot be made accessible} */
    private static MethodHandle handleOf(Method method) {
        try {
            method.setAccessible(true);
            return MethodHandles.lookup().unreflect(method).asType(MethodType.methodType(Object.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // Jackson then writes it as it always does
        }
    }

    /**
     * The serializer the mapper uses for values of a class.
     *
     * @param type the class
     * @return its serializer
     */
    static ValueSerializer<Object> serializerFor(Class<?> type) {
        return MAPPER._serializationContext().findRootValueSerializer(type);
    }

    /**
     * A context of the SDK's mapper, for looking at the serializers it writes classes with (never for writing).
     *
     * @return a new context
     */
    public static SerializationContext serializationContext() {
        return MAPPER._serializationContext();
    }

    /**
     * {@return whether the class declares an any-getter (members added beyond its properties)}
     *
     * @param type a class
     */
    static boolean hasAnyGetter(Class<?> type) {
        return MAPPER._serializationContext()
                        .introspectBeanDescription(MAPPER.constructType(type))
                        .findAnyGetter()
                != null;
    }

    /**
     * Whether a record writes a non-null top-level {@code objectID}, found without converting a typed record to a
     * map.
     *
     * @param record the record (not a {@code DefaultObjectID}, which the spi answers for itself)
     * @return true if it has one
     */
    public static boolean hasObjectID(Object record) {
        return ObjectIDProbe.hasObjectID(record);
    }

    /**
     * Whether the SDK's mapper surely writes a non-null top-level {@code objectID} of a typed record's own (see
     * {@link OwnObjectID}).
     *
     * @param record the record
     * @return true if it surely does; false for maps and {@code FreeFormRecord}s
     */
    static boolean writesOwnObjectID(Object record) {
        return OWN_OBJECT_IDS.surelyWritten(record);
    }

    /**
     * A value as a JSON string (for logs and {@code toString}).
     *
     * @param value the value
     * @return the JSON text
     * @throws InvalidRequestException if the value cannot be serialised
     */
    public static String toJsonString(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            throw JsonFailures.writing(e);
        }
    }

    /**
     * Decodes a response body into a type. Hits keep only the bytes of their generated members
     * ({@link HitMemberNotes}), nothing of the array.
     *
     * @param json the JSON, UTF-8
     * @param type the target type
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    public static <T> T read(byte[] json, Type type) {
        return read(readerFor(type), BodyInput.of(json, json.length), type);
    }

    /**
     * Decodes a response body at the start of an array, as {@link #read(byte[], Type)} does.
     *
     * @param json   the array
     * @param length the body's length
     * @param type   the target type
     * @param <T>    the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    static <T> T read(byte[] json, int length, Type type) {
        return read(readerFor(type), BodyInput.of(json, length), type);
    }

    /**
     * Decodes a response body as it arrives, as {@link #read(byte[], Type)} does.
     *
     * @param json the body
     * @param type the target type
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type, or the body cannot be
     *     read (its cause then says why)
     */
    static <T> T read(BodyInput json, Type type) {
        return read(readerFor(type), json, type);
    }

    /**
     * Decodes a response body with a given reader, as {@link #read(byte[], Type)} does with the SDK's own.
     *
     * @param reader the reader for the type
     * @param body   the body
     * @param type   the target type
     * @param <T>    the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    static <T> T read(ObjectReader reader, BodyInput body, Type type) {
        return read(reader, body, type, null);
    }

    private static <T> T read(ObjectReader reader, BodyInput body, Type type, HitCensus census) {
        BodyRead outer = BODY_BEING_READ.get();
        BodyRead read = null;
        try (JsonParser parser = body.parser(reader)) {
            // byte offsets are the body's only in a parser of UTF-8 bytes; any other reads hits as a conversion does
            read = parser instanceof UTF8StreamJsonParser ? new BodyRead(body, parser, census) : null;
            BODY_BEING_READ.set(read);
            return reader.readValue(parser);
        } catch (JacksonException e) {
            throw JsonFailures.reading(type, e);
        } finally {
            BODY_BEING_READ.set(outer);
            if (read != null) {
                read.done();
            }
        }
    }

    /**
     * Decodes a response body whose records keep only some of their generated members (see
     * {@code ApiRequest.generatedMembersKept}): each hit keeps its record, its objectID and the bytes of the members
     * kept, nothing else of the body.
     *
     * @param body the body
     * @param type the target type
     * @param kept the members kept
     * @param <T>  the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type, or the body cannot be
     *     read (its cause then says why)
     */
    static <T> T readKeeping(BodyInput body, Type type, KeptMembers kept) {
        return readKeeping(keeping(KEEPING_READERS, READERS_BY_TYPE, type, kept), body, type, kept, CUT_VERDICTS);
    }

    /**
     * Decodes a response body whose records keep only some of their generated members with a given reader, as
     * {@link #readKeeping(BodyInput, Type, KeptMembers)} does with the SDK's own.
     *
     * @param reader   the reader, marked with the members kept
     * @param body     the body
     * @param type     the target type
     * @param kept     the members kept
     * @param verdicts which answer types the reader's mapper reads from a copy without generated members
     * @param <T>      the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type, or the body cannot be
     *     read (its cause then says why)
     */
    static <T> T readKeeping(
            ObjectReader reader, BodyInput body, Type type, KeptMembers kept, HitCensus.Verdicts verdicts) {
        if (kept.keepsNone()
                && body instanceof BodyInput.Held held
                && held.length() <= PooledBytes.CHUNK_SIZE
                && verdicts.of(type) != Boolean.FALSE) {
            return readCut(reader, held, type, verdicts);
        }
        return read(reader, body, type);
    }

    /**
     * Decodes an answer whose hits keep no generated member from a copy without them ({@link GeneratedMembersCut}),
     * once the answer's type is known to read its hits so ({@link HitCensus}); until then, from the answer itself,
     * learning. Any failure is the answer's own, said at its own offsets: the answer itself is read again.
     */
    private static <T> T readCut(ObjectReader reader, BodyInput.Held body, Type type, HitCensus.Verdicts verdicts) {
        if (verdicts.of(type) == null) {
            HitCensus census = new HitCensus();
            T value = read(reader, body, type, census);
            if (census.sawHits()) { // an answer without hits teaches nothing, and is not scanned
                byte[] scratch = PooledBytes.lendChunk();
                try {
                    census.learn(
                            verdicts, type, GeneratedMembersCut.cutCounting(body.bytes(), body.length(), scratch)[1]);
                } finally {
                    PooledBytes.takeBackChunk(scratch, body.length());
                }
            }
            return value;
        }
        byte[] copy = PooledBytes.lendChunk();
        int written = body.length(); // at most: a cut abandoned midway wrote part of the copy
        try {
            int length = GeneratedMembersCut.cut(body.bytes(), body.length(), copy);
            if (length == GeneratedMembersCut.NOTHING_CUT) {
                return read(reader, body, type);
            }
            written = length;
            try {
                return read(reader, BodyInput.of(copy, length), type);
            } catch (RuntimeException e) {
                return read(reader, body, type);
            }
        } finally {
            PooledBytes.takeBackChunk(copy, written);
        }
    }

    /**
     * Decodes a response body at the start of an array, records without their generated members (see
     * {@link #readKeeping}).
     *
     * @param json   the array
     * @param length the body's length
     * @param type   the target type
     * @param <T>    the target type
     * @return the value, null for a JSON null
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    public static <T> T readDroppingGeneratedMembers(byte[] json, int length, Type type) {
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
    static <T> T readDroppingGeneratedMembers(BodyInput body, Type type) {
        return readKeeping(body, type, KeptMembers.NONE);
    }

    /**
     * A reader marked to keep only some generated members, cached per kind kept and type when the kind is one set
     * for every hit (a search's: a few names, so a few kinds); a multi-search's list of sets, one per query, is marked
     * per call ({@code withAttribute} copies the reader's configuration: a few hundred bytes a call, not a hit).
     *
     * @param cache   the marked readers, per kind kept and type
     * @param readers finds the unmarked reader of a type
     * @param type    the type
     * @param kept    the members kept
     * @return the marked reader
     */
    static ObjectReader keeping(
            Map<KeptMembers, Map<Type, ObjectReader>> cache,
            java.util.function.Function<Type, ObjectReader> readers,
            Type type,
            KeptMembers kept) {
        if (!kept.oneForAll()) {
            return readers.apply(type).withAttribute(KEPT_MEMBERS, kept);
        }
        Map<Type, ObjectReader> ofKind = cache.get(kept);
        if (ofKind == null) {
            ofKind = new ConcurrentHashMap<>();
            if (cache.size() < MAX_CACHED_KINDS) {
                Map<Type, ObjectReader> raced = cache.putIfAbsent(kept, ofKind);
                ofKind = raced == null ? ofKind : raced;
            }
        }
        ObjectReader reader = ofKind.get(type);
        if (reader == null) {
            reader = readers.apply(type).withAttribute(KEPT_MEMBERS, kept);
            if (ofKind.size() < MAX_CACHED_READERS) {
                ofKind.putIfAbsent(type, reader);
            }
        }
        return reader;
    }

    /** A body being decoded, the parser reading it, and the parser its hits are read through. */
    static final class BodyRead {
        private final BodyInput body;
        private final JsonParser parser;
        private HitMemberNotes notes;
        /** Where this read sets hits' bytes aside, taken from the pool on the first hit. */
        private ScratchBytes bytes;

        /** What the hits were read as, while the answer's type is learnt ({@link HitCensus}); else null. */
        private final HitCensus census;

        private BodyRead(BodyInput body, JsonParser parser, HitCensus census) {
            this.body = body;
            this.parser = parser;
            this.census = census;
        }

        /** {@return what the hits are read as, while the answer's type is learnt; else null} */
        HitCensus census() {
            return census;
        }

        /**
         * The parser through which hits are read, one for the whole body.
         *
         * @param kept the generated members the body's hits keep (the same for every hit of a body), null for all
         * @return it
         */
        HitMemberNotes hitNotes(KeptMembers kept) {
            if (notes == null) {
                notes = new HitMemberNotes(parser, body, kept == KeptMembers.NONE ? null : bytes());
            }
            return notes;
        }

        /**
         * A hit starts whose bytes are to be kept whole: the parser is on its opening brace.
         *
         * @param offset where it starts
         */
        void hitStarts(long offset) {
            bytes().clear();
            body.partStarts(offset, bytes);
        }

        /**
         * The hit ends.
         *
         * @param offset where it ends, just past its closing brace
         * @return a copy of its bytes
         */
        byte[] hitEnds(long offset) {
            body.partEnds(offset);
            byte[] copy = new byte[bytes.size()];
            bytes.copy(0, copy, 0, copy.length);
            return copy;
        }

        private ScratchBytes bytes() {
            if (bytes == null) {
                bytes = ScratchBytes.take();
            }
            return bytes;
        }

        /** Gives back what the read took. */
        private void done() {
            if (bytes != null) {
                bytes.done();
            }
        }
    }

    /**
     * Which generated members the records being decoded keep: their readers carry an attribute (rather than a
     * thread-local mark, so nothing is allocated per call and a nested read is never confused).
     *
     * @param ctxt the context a deserializer was given
     * @return them, or null when the records keep every one
     */
    static KeptMembers keptMembers(DeserializationContext ctxt) {
        return (KeptMembers) ctxt.getAttribute(KEPT_MEMBERS);
    }

    /**
     * Decodes part of a body kept from an earlier {@link #read(byte[], Type)}.
     *
     * @param json   the body
     * @param offset where the value starts
     * @param length its length in bytes
     * @param type   the target type
     * @param <T>    the target type
     * @return the value
     * @throws DeserializationException if the JSON does not match the type
     */
    static <T> T read(byte[] json, int offset, int length, Class<T> type) {
        try {
            return readerFor(type).readValue(json, offset, length);
        } catch (JacksonException e) {
            throw JsonFailures.reading(type, e);
        }
    }

    /**
     * A streaming parser over part of a body, for scans that stop early.
     *
     * @param json   the body
     * @param offset where to start
     * @param length how many bytes to read at most
     * @return the parser; close it
     */
    static JsonParser parser(byte[] json, int offset, int length) {
        return MAPPER.createParser(json, offset, length);
    }

    /**
     * The body {@link #read(byte[], Type)} is decoding on this thread, if this parser is the one reading it (and
     * not, say, a buffer of tokens, whose locations do not point into the body).
     *
     * @param parser the parser a deserializer was given
     * @return the body, or null
     */
    static BodyRead bodyReadBy(JsonParser parser) {
        BodyRead body = BODY_BEING_READ.get();
        return body != null && body.parser == parser ? body : null;
    }

    /**
     * Decodes a JSON string into a type.
     *
     * @param json the JSON
     * @param type the target type
     * @param <T>  the target type
     * @return the value
     * @throws DeserializationException if the JSON is malformed or does not match the type
     */
    public static <T> T read(String json, Type type) {
        return read(json.getBytes(StandardCharsets.UTF_8), type);
    }

    private static final java.util.function.Function<Type, ObjectReader> READERS_BY_TYPE = Json::readerFor;

    private static ObjectReader readerFor(Type type) {
        ObjectReader reader = READERS.get(type);
        if (reader == null) {
            reader = MAPPER.readerFor(MAPPER.getTypeFactory().constructType(type));
            if (READERS.size() < MAX_CACHED_READERS) {
                READERS.putIfAbsent(type, reader);
            }
        }
        return reader;
    }

    /**
     * Parses JSON into a tree, or returns null when the text is not JSON.
     *
     * @param json the text
     * @return the tree, or null
     */
    public static JsonNode treeOrNull(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JacksonException e) {
            return null;
        }
    }

    /**
     * Converts a value to another type through its JSON form.
     *
     * @param value the value
     * @param type  the target type
     * @param <T>   the target type
     * @return the converted value
     * @throws DeserializationException if the value does not match the type
     */
    public static <T> T convert(Object value, Class<T> type) {
        try {
            return MAPPER.convertValue(value, type);
        } catch (JacksonException e) {
            throw JsonFailures.reading(type, e);
        }
    }
}
