package io.quarry.core.internal.base;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.jdk.JDKArraySerializers;
import tools.jackson.databind.ser.jdk.NumberSerializers;

/**
 * Refuses to write a NaN or an infinity. JSON has no such number: Jackson writes one as the string {@code "NaN"} or
 * {@code "Infinity"}, so the service would store text where the caller had a number. Jackson's own serializers for
 * {@code double}, {@code float}, their boxes and their arrays are replaced by subclasses that check
 * {@link Double#isFinite} first; a {@link JsonNode} tree, whose numbers are written without serializers, is
 * checked whole before it is written ({@link FiniteTrees}). The failure is a Jackson exception, so the serializers
 * around it add the member path, as they do for any other failure to write a value.
 */
public final class FiniteNumbers {

    private FiniteNumbers() {}

    /** {@return the module that registers the checking serializers with a mapper} */
    public static JacksonModule module() {
        return new SimpleModule("quarry-finite-numbers")
                .addSerializer(Double.class, new FiniteDouble(Double.class))
                .addSerializer(double.class, new FiniteDouble(double.class))
                .addSerializer(Float.class, new FiniteFloat())
                .addSerializer(float.class, new FiniteFloat())
                .addSerializer(double[].class, new FiniteDoubleArray())
                .addSerializer(float[].class, new FiniteFloatArray())
                .addSerializer(JsonNode.class, new FiniteTrees.Writer());
    }

    /**
     * The failure to write a number JSON cannot hold.
     *
     * @param gen   the generator writing it
     * @param value the number
     * @return the failure, to throw
     */
    static JacksonException refused(JsonGenerator gen, double value) {
        return DatabindException.from(gen, value + " is not a finite number, and JSON has no NaN or infinity");
    }

    /**
     * Throws unless a number is finite: the SDK's own serializers that write numbers directly call it.
     *
     * @param gen   the generator writing it
     * @param value the number
     * @throws JacksonException if it is NaN or infinite
     */
    public static void requireFinite(JsonGenerator gen, double value) {
        if (!Double.isFinite(value)) {
            throw refused(gen, value);
        }
    }

    private static final class FiniteDouble extends NumberSerializers.DoubleSerializer {
        FiniteDouble(Class<?> type) {
            super(type);
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            requireFinite(gen, (Double) value);
            gen.writeNumber((Double) value);
        }

        @Override
        public void serializeWithType(
                Object value, JsonGenerator gen, SerializationContext ctxt, TypeSerializer typeSer) {
            requireFinite(gen, (Double) value);
            super.serializeWithType(value, gen, ctxt, typeSer);
        }
    }

    private static final class FiniteFloat extends NumberSerializers.FloatSerializer {
        @Override
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            requireFinite(gen, (Float) value);
            gen.writeNumber((Float) value);
        }
    }

    /** Checks the whole array before Jackson writes it in one go. */
    private static final class FiniteDoubleArray extends JDKArraySerializers.DoubleArraySerializer {
        FiniteDoubleArray() {}

        private FiniteDoubleArray(
                FiniteDoubleArray src,
                BeanProperty prop,
                Boolean unwrapSingle,
                Object suppressableValue,
                boolean suppressNulls) {
            super(src, prop, unwrapSingle, suppressableValue, suppressNulls);
        }

        @Override
        protected JDKArraySerializers.DoubleArraySerializer _withResolved(
                BeanProperty prop, Boolean unwrapSingle, Object suppressableValue, boolean suppressNulls) {
            return new FiniteDoubleArray(this, prop, unwrapSingle, suppressableValue, suppressNulls);
        }

        @Override
        public void serialize(double[] value, JsonGenerator gen, SerializationContext ctxt) {
            requireFinite(gen, value);
            super.serialize(value, gen, ctxt);
        }

        @Override
        public void serializeWithType(
                double[] value, JsonGenerator gen, SerializationContext ctxt, TypeSerializer typeSer) {
            requireFinite(gen, value);
            super.serializeWithType(value, gen, ctxt, typeSer);
        }

        private static void requireFinite(JsonGenerator gen, double[] values) {
            for (int i = 0; i < values.length; i++) {
                if (!Double.isFinite(values[i])) {
                    JacksonException e = refused(gen, values[i]);
                    e.prependPath(values, i);
                    throw e;
                }
            }
        }
    }

    /** Checks the array's numbers as Jackson writes them (its {@code serialize} always comes here). */
    private static final class FiniteFloatArray extends JDKArraySerializers.FloatArraySerializer {
        FiniteFloatArray() {}

        private FiniteFloatArray(
                FiniteFloatArray src,
                BeanProperty prop,
                Boolean unwrapSingle,
                Object suppressableValue,
                boolean suppressNulls) {
            super(src, prop, unwrapSingle, suppressableValue, suppressNulls);
        }

        @Override
        protected JDKArraySerializers.FloatArraySerializer _withResolved(
                BeanProperty prop, Boolean unwrapSingle, Object suppressableValue, boolean suppressNulls) {
            return new FiniteFloatArray(this, prop, unwrapSingle, suppressableValue, suppressNulls);
        }

        @Override
        public void serializeContents(float[] value, JsonGenerator gen, SerializationContext ctxt) {
            for (int i = 0; i < value.length; i++) {
                if (!Float.isFinite(value[i])) {
                    JacksonException e = refused(gen, value[i]);
                    e.prependPath(value, i);
                    throw e;
                }
            }
            super.serializeContents(value, gen, ctxt);
        }
    }
}
