package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializer;
import tools.jackson.databind.ser.PropertyWriter;
import tools.jackson.databind.ser.UnrolledBeanSerializer;
import tools.jackson.databind.ser.bean.BeanSerializerBase;

/**
 * Tells whether a mapper, writing a typed record, surely writes a top-level {@code objectID} member of the record's
 * own, without serialising the record: such a record needs no default objectID and no watch over its serialisation
 * (see {@code spi.DefaultObjectID}). What a class can write is found once per mapper; then a record costs one read
 * of its property.
 *
 * <p>"Surely" is narrow on purpose: the class is written by one of Jackson's plain bean serializers (a bean or a
 * Java record) whose {@code objectID} property is written whenever its value is not null. Whatever could leave that
 * member out or move it (inclusion rules beyond leaving nulls out, an active view, filters, object identities, type
 * information, unwrapping, an any-getter, a serializer of the class's own) answers "not sure", and such a record is
 * watched as before.
 */
final class OwnObjectID {

    /** What a class's serializer does with its objectID. */
    private sealed interface Verdict {
        /** Not sure it writes one. */
        record Unsure() implements Verdict {}

        /** Writes this property whenever its value is not null. */
        record Written(BeanPropertyWriter writer) implements Verdict {}
    }

    private static final Verdict UNSURE = new Verdict.Unsure();

    private final Function<Class<?>, Verdict> verdicts;

    private OwnObjectID(Function<Class<?>, Verdict> verdicts) {
        this.verdicts = verdicts;
    }

    /**
     * For the SDK's own mapper, which lives as long as the classes it writes: verdicts kept with each class.
     *
     * @param mapper the mapper
     * @return the check
     */
    static OwnObjectID keptWithClasses(ObjectMapper mapper) {
        ClassValue<Verdict> verdicts = new ClassValue<>() {
            @Override
            protected Verdict computeValue(Class<?> type) {
                return verdictFor(mapper, type);
            }
        };
        return new OwnObjectID(verdicts::get);
    }

    /**
     * For one client's mapper: verdicts kept by this check only (a {@link ClassValue} would keep the mapper alive as
     * long as the caller's classes), at most {@link Json#MAX_CACHED_READERS} of them.
     *
     * @param mapper the mapper
     * @return the check
     */
    static OwnObjectID keptByClient(ObjectMapper mapper) {
        Map<Class<?>, Verdict> verdicts = new ConcurrentHashMap<>();
        return new OwnObjectID(type -> {
            Verdict verdict = verdicts.get(type);
            if (verdict == null) {
                verdict = verdictFor(mapper, type);
                if (verdicts.size() < Json.MAX_CACHED_READERS) {
                    verdicts.putIfAbsent(type, verdict);
                }
            }
            return verdict;
        });
    }

    /**
     * {@return true when the mapper surely writes a non-null {@code objectID} of the record's own at its top level;
     *     false when it does not or may not (maps and {@code FreeFormRecord}s included)}
     *
     * @param record a record
     */
    boolean surelyWritten(Object record) {
        if (record == null || record instanceof Map<?, ?> || record instanceof FreeFormRecord) {
            return false;
        }
        if (!(verdicts.apply(record.getClass()) instanceof Verdict.Written written)) {
            return false;
        }
        try {
            Object id = written.writer().get(record);
            // a property holding the record itself is Jackson's self-reference case: not a plain member
            return id != null && id != record;
        } catch (Exception e) {
            // the accessor failed: the record is watched, and its serialisation fails the same way, as a clear error
            return false;
        }
    }

    private static Verdict verdictFor(ObjectMapper mapper, Class<?> type) {
        try {
            SerializationContext ctxt = mapper._serializationContext();
            ValueSerializer<Object> serializer = ctxt.findRootValueSerializer(type);
            // Jackson's two plain bean serializers (the unrolled one for beans of a few properties) write every
            // property in turn; anything else is a serializer of the class's own, a @JsonValue, a shape, a
            // customised bean serializer
            if (serializer.getClass() != BeanSerializer.class
                    && serializer.getClass() != UnrolledBeanSerializer.class) {
                return UNSURE;
            }
            BeanSerializerBase bean = (BeanSerializerBase) serializer;
            JavaType javaType = ctxt.constructType(type);
            if (bean.usesObjectId()
                    || bean.getFilterId() != null
                    // views filter properties only when one is active, which only a mapper's configuration can do
                    || ctxt.getActiveView() != null
                    || ctxt.findTypeSerializer(javaType) != null
                    || ctxt.introspectBeanDescription(javaType).findAnyGetter() != null) {
                return UNSURE;
            }
            Iterator<PropertyWriter> properties = bean.properties();
            while (properties.hasNext()) {
                PropertyWriter property = properties.next();
                if (property.getName().equals(FreeFormRecord.OBJECT_ID)) {
                    return alwaysWrittenUnlessNull(property)
                            ? new Verdict.Written((BeanPropertyWriter) property)
                            : UNSURE;
                }
            }
            return UNSURE; // writes no objectID property: it gets the default
        } catch (RuntimeException e) {
            return UNSURE; // the class cannot be written: the watched serialisation reports it
        }
    }

    private static boolean alwaysWrittenUnlessNull(PropertyWriter property) {
        return property.getClass() == BeanPropertyWriter.class
                && !((BeanPropertyWriter) property).isUnwrapping()
                && Suppressed.valueOf((BeanPropertyWriter) property) == null;
    }

    /**
     * Reads which value a property writer leaves out (an empty value, a default, a filter's choice), which Jackson
     * keeps for subclasses: its copy constructor copies it into this one.
     */
    private static final class Suppressed extends BeanPropertyWriter {
        private static final long serialVersionUID = 1L;

        private Suppressed(BeanPropertyWriter base) {
            super(base);
        }

        /** {@return the value left out besides null, or null when only null is} */
        static Object valueOf(BeanPropertyWriter writer) {
            return new Suppressed(writer)._suppressableValue;
        }
    }
}
