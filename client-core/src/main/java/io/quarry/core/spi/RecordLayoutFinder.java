package io.quarry.core.spi;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.base.FiniteNumbers;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializer;
import tools.jackson.databind.ser.PropertyWriter;
import tools.jackson.databind.ser.UnrolledBeanSerializer;
import tools.jackson.databind.ser.bean.BeanSerializerBase;
import tools.jackson.databind.ser.jdk.StringSerializer;
import tools.jackson.databind.ser.std.ArraySerializerBase;
import tools.jackson.databind.ser.std.AsArraySerializerBase;
import tools.jackson.databind.ser.std.StdScalarSerializer;

/**
 * Finds a class's {@link RecordLayout} from the serializers a mapper writes it with. Narrow on purpose: whatever
 * could write a member the class's properties do not show, or write a property otherwise than its value's plain
 * form, makes the answer unknown, and the record is watched as it is written.
 */
final class RecordLayoutFinder {

    /** Where Jackson's own serializers live: a serializer from elsewhere may write anything. */
    private static final String JACKSON = "tools.jackson.databind.";

    private static final String JAVA_TIME = "tools.jackson.databind.ext.javatime.";

    private static final String FINITE_NUMBERS = FiniteNumbers.class.getName() + "$";

    private RecordLayoutFinder() {}

    /**
     * {@return the layout of a class as the context's mapper writes it}
     *
     * @param ctxt    a context of the mapper
     * @param type    the class
     * @param unknown the layout returned when nothing is sure
     */
    static RecordLayout find(SerializationContext ctxt, Class<?> type, RecordLayout unknown) {
        try {
            BeanSerializerBase bean = plainBean(ctxt, ctxt.constructType(type));
            if (bean == null) {
                return unknown;
            }
            boolean knowsObjectID = true;
            BeanPropertyWriter objectID = null;
            Set<String> nested = new HashSet<>();
            for (Iterator<PropertyWriter> it = bean.properties(); it.hasNext(); ) {
                BeanPropertyWriter property = plainWriter(it.next());
                if (property == null) {
                    return unknown; // unwrapped, appended or filtered: its members are not the properties'
                }
                if (property.getName().equals(FreeFormRecord.OBJECT_ID)) {
                    knowsObjectID = writtenAsItsText(ctxt, property);
                    objectID = knowsObjectID ? property : null;
                }
                if (nested != null && !addNestedNames(ctxt, property, nested)) {
                    nested = null;
                }
            }
            return new RecordLayout(knowsObjectID, objectID, nested == null ? null : Set.copyOf(nested));
        } catch (RuntimeException e) {
            return unknown; // the class cannot be written: its watched serialisation reports it
        }
    }

    /** {@return the class's serializer when it is one of Jackson's plain bean serializers writing its properties} */
    private static BeanSerializerBase plainBean(SerializationContext ctxt, JavaType type) {
        ValueSerializer<Object> serializer = ctxt.findValueSerializer(type);
        // anything else is a serializer of the class's own, a @JsonValue, a shape, a customised bean serializer
        if (!isPlainBeanSerializer(serializer)) {
            return null;
        }
        BeanSerializerBase bean = (BeanSerializerBase) serializer;
        if (bean.usesObjectId()
                || bean.getFilterId() != null
                // views leave properties out only when one is active, which only a mapper's configuration can do
                || ctxt.getActiveView() != null
                || ctxt.findTypeSerializer(type) != null
                || ctxt.introspectBeanDescription(type).findAnyGetter() != null) {
            return null;
        }
        return bean;
    }

    /** {@return the property when Jackson's plain writer writes it, as its name and its value; else null} */
    private static BeanPropertyWriter plainWriter(PropertyWriter property) {
        if (property.getClass() != BeanPropertyWriter.class) {
            return null;
        }
        BeanPropertyWriter writer = (BeanPropertyWriter) property;
        return writer.isUnwrapping() || writer.getTypeSerializer() != null || writer.hasNullSerializer()
                ? null
                : writer;
    }

    /**
     * Whether the property is written as the text of its {@code String} value whenever that is not null: Jackson's
     * own string serializer, no value left out but null.
     */
    private static boolean writtenAsItsText(SerializationContext ctxt, BeanPropertyWriter property) {
        if (property.getType().getRawClass() != String.class || Suppressed.valueOf(property) != null) {
            return false;
        }
        ValueSerializer<?> serializer =
                property.hasSerializer() ? property.getSerializer() : ctxt.findValueSerializer(String.class);
        return serializer.getClass() == StringSerializer.class;
    }

    /**
     * Adds the member names the property's value may hold when it is written as an object.
     *
     * @return false when they cannot be told
     */
    private static boolean addNestedNames(SerializationContext ctxt, BeanPropertyWriter property, Set<String> names) {
        ValueSerializer<?> serializer = property.getSerializer();
        if (serializer == null) {
            JavaType type = property.getType();
            Class<?> raw = type.getRawClass();
            if (property.getSerializationType() == null && (raw.isArray() || Collection.class.isAssignableFrom(raw))) {
                return true; // written as an array whatever it holds: what an array holds is deeper than a member
            }
            if (!Modifier.isFinal(raw.getModifiers()) && !raw.isPrimitive()) {
                return false; // the value's own class picks its serializer: an Object, a map, an interface
            }
            serializer = ctxt.findValueSerializer(type);
        }
        if (isJacksons(serializer)
                && (serializer instanceof StdScalarSerializer<?>
                        || serializer instanceof ArraySerializerBase<?>
                        || serializer instanceof AsArraySerializerBase<?>
                        || serializer.getClass().getName().startsWith(JAVA_TIME))) {
            return true;
        }
        // an object of a final class written by its plain bean serializer (the property's own: it may leave some
        // properties out) holds that serializer's properties
        if (!isPlainBeanSerializer(serializer)
                || !Modifier.isFinal(property.getType().getRawClass().getModifiers())
                || plainBean(ctxt, property.getType()) == null) {
            return false;
        }
        for (Iterator<PropertyWriter> it = ((BeanSerializerBase) serializer).properties(); it.hasNext(); ) {
            BeanPropertyWriter nested = plainWriter(it.next());
            if (nested == null) {
                return false;
            }
            names.add(nested.getName());
        }
        return true;
    }

    private static boolean isPlainBeanSerializer(ValueSerializer<?> serializer) {
        return serializer.getClass() == BeanSerializer.class || serializer.getClass() == UnrolledBeanSerializer.class;
    }

    /** Whether Jackson wrote the serializer, or the core's refusal of non-finite numbers extends Jackson's. */
    private static boolean isJacksons(ValueSerializer<?> serializer) {
        String name = serializer.getClass().getName();
        return name.startsWith(JACKSON) || name.startsWith(FINITE_NUMBERS);
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
