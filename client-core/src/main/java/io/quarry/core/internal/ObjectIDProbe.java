package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.PropertyWriter;
import tools.jackson.databind.ser.bean.BeanSerializerBase;

/**
 * Tells whether a record writes a non-null top-level {@code objectID} without converting it to a map. What a
 * class can write is found once: a plain bean (records included) either has an {@code objectID} property, read
 * directly, or cannot write one; only classes with a custom serializer or an any-getter are converted each time.
 */
final class ObjectIDProbe {

    /** How a class's objectID is found. */
    private sealed interface Verdict {
        /** A plain bean without the property: it never writes one. */
        record Never() implements Verdict {}

        /** A plain bean with the property. */
        record Property(BeanPropertyWriter writer) implements Verdict {}

        /** Anything else: converted to a map to be sure. */
        record Convert() implements Verdict {}
    }

    private static final ClassValue<Verdict> VERDICTS = new ClassValue<>() {
        @Override
        protected Verdict computeValue(Class<?> type) {
            return verdictFor(type);
        }
    };

    private ObjectIDProbe() {}

    /**
     * {@return whether it writes a non-null {@code objectID} at its top level}
     *
     * @param record the record
     */
    static boolean hasObjectID(Object record) {
        if (record == null) {
            return false;
        }
        if (record instanceof FreeFormRecord free) {
            return free.attributes().get(FreeFormRecord.OBJECT_ID) != null;
        }
        if (record instanceof Map<?, ?> map) {
            return map.get(FreeFormRecord.OBJECT_ID) != null;
        }
        Verdict verdict = VERDICTS.get(record.getClass());
        if (verdict instanceof Verdict.Never) {
            return false;
        }
        if (verdict instanceof Verdict.Property property) {
            try {
                return property.writer().get(record) != null;
            } catch (Exception e) {
                // the accessor failed: the conversion below fails the same way, as a clear error
            }
        }
        return FreeFormRecord.from(record).attributes().get(FreeFormRecord.OBJECT_ID) != null;
    }

    /**
     * The property a class writes its {@code objectID} from, when the class is a plain bean (a record included) whose
     * {@code objectID} is a {@code String} property: what a record of it was read with, read back as it is.
     *
     * @param type the class
     * @return the property, or null for any other class
     */
    static BeanPropertyWriter textProperty(Class<?> type) {
        return VERDICTS.get(type) instanceof Verdict.Property property
                        && property.writer().getType().getRawClass() == String.class
                ? property.writer()
                : null;
    }

    private static Verdict verdictFor(Class<?> type) {
        if (!(Json.serializerFor(type) instanceof BeanSerializerBase bean) || Json.hasAnyGetter(type)) {
            return new Verdict.Convert();
        }
        Iterator<PropertyWriter> properties = bean.properties();
        while (properties.hasNext()) {
            PropertyWriter property = properties.next();
            if (property.getName().equals(FreeFormRecord.OBJECT_ID)) {
                return property instanceof BeanPropertyWriter writer
                        ? new Verdict.Property(writer)
                        : new Verdict.Convert();
            }
        }
        return new Verdict.Never();
    }
}
