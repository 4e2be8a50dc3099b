package io.quarry.core.internal;

import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedParameter;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads the scalar members of the SDK's own types (task IDs, counts, flags, names, enums, dates of the answers'
 * models) only from their own JSON type: an integer member from a JSON integer in its range, a floating-point member
 * from a finite JSON number, a boolean from {@code true} or {@code false}, a string, enum or date from a JSON
 * string (a date or time from ISO 8601 text: neither blank nor a number). Anything else (a fraction where an integer belongs, a number where a string belongs, a string holding a
 * number) fails the read with the member's path, where Jackson's default coercions would read it as another value.
 *
 * <p>Why not the mapper's own coercion settings: a client without a record mapper reads the caller's records
 * (hits, objects) with the same mapper and in the same read as the answer around them, and those records keep
 * Jackson's default coercions. So Jackson's scalar readers are wrapped, and each wrapper decides when Jackson ties
 * it to a member: strict for a member declared by one of Quarry's types ({@link RecordTypes}) with no type variable
 * in its declared type, and Jackson's reader itself, unchanged, everywhere else (the caller's classes, a root
 * value, a member holding the caller's record type {@code T}). A JSON null is left to Jackson as before.
 *
 * <p>Registered with the SDK's mapper ({@link Json}) and with the one that converts a record's members
 * ({@code FreeFormRecord.getAs}), through which the SDK reads a hit's generated members into its own types.
 */
public final class StrictSdkMembers extends ValueDeserializerModifier {

    private static final long serialVersionUID = 1L;

    private StrictSdkMembers() {}

    /** {@return the module that registers the wrappers with a mapper} */
    public static JacksonModule module() {
        return new SimpleModule("quarry-strict-sdk-members").setDeserializerModifier(new StrictSdkMembers());
    }

    @Override
    public ValueDeserializer<?> modifyDeserializer(
            DeserializationConfig config, BeanDescription.Supplier beanDesc, ValueDeserializer<?> deserializer) {
        return wrapped(deserializer);
    }

    @Override
    public ValueDeserializer<?> modifyEnumDeserializer(
            DeserializationConfig config,
            JavaType type,
            BeanDescription.Supplier beanDesc,
            ValueDeserializer<?> deserializer) {
        return wrapped(deserializer);
    }

    private static ValueDeserializer<?> wrapped(ValueDeserializer<?> deserializer) {
        // only Jackson's own scalar readers: a reader of the SDK's or of the caller's decides for itself
        boolean jacksons = deserializer.getClass().getName().startsWith("tools.jackson.");
        return jacksons && Shape.of(deserializer.logicalType()) != null ? new Chooser(deserializer) : deserializer;
    }

    /** The JSON tokens a scalar type is read from. */
    private enum Shape {
        INTEGER("a JSON integer"),
        NUMBER("a JSON number"),
        BOOLEAN("true or false"),
        STRING("a JSON string");

        private final String expected;

        Shape(String expected) {
            this.expected = expected;
        }

        /** {@return the shape of a logical type, null for one that is no scalar (left to Jackson)} */
        static Shape of(LogicalType type) {
            if (type == null) {
                return null;
            }
            return switch (type) {
                case Integer -> INTEGER;
                case Float -> NUMBER;
                case Boolean -> BOOLEAN;
                case Textual, Enum, DateTime, OtherScalar -> STRING;
                default -> null;
            };
        }

        boolean fits(JsonToken token) {
            return switch (this) {
                case INTEGER -> token == JsonToken.VALUE_NUMBER_INT;
                case NUMBER -> token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
                case BOOLEAN -> token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
                case STRING -> token == JsonToken.VALUE_STRING;
            };
        }
    }

    /** Jackson's reader until it is tied to a member; then the strict reader or Jackson's own. */
    private static final class Chooser extends DelegatingDeserializer {

        Chooser(ValueDeserializer<?> jacksons) {
            super(jacksons);
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
            return new Chooser(newDelegatee);
        }

        @Override
        public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            ValueDeserializer<?> jacksons = ctxt.handleSecondaryContextualization(
                    _delegatee, property, ctxt.constructType(_delegatee.handledType()));
            return isSdkMember(property) ? new Strict(jacksons) : jacksons;
        }
    }

    /** Checks the token, then lets Jackson's reader read it. */
    private static final class Strict extends DelegatingDeserializer {

        private final Shape shape;
        /** A {@code java.time} member: its string must be ISO 8601 text, which Jackson would not insist on. */
        private final boolean time;

        Strict(ValueDeserializer<?> jacksons) {
            super(jacksons);
            this.shape = Shape.of(jacksons.logicalType());
            this.time = jacksons.logicalType() == LogicalType.DateTime;
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
            return new Strict(newDelegatee);
        }

        @Override
        public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            return this; // made already contextual, by its Chooser
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            JsonToken token = p.currentToken();
            if (token != JsonToken.VALUE_NULL && !shape.fits(token)) {
                return ctxt.reportInputMismatch(
                        this, "expected %s for `%s`, got %s", shape.expected, typeName(), found(p, token));
            }
            if (time && token == JsonToken.VALUE_STRING) {
                return readTime(p, ctxt);
            }
            Object value = _delegatee.deserialize(p, ctxt);
            if ((value instanceof Double d && d.isInfinite()) || (value instanceof Float f && f.isInfinite())) {
                return ctxt.reportInputMismatch(this, "number %s out of the range of `%s`", numberText(p), typeName());
            }
            return value;
        }

        /** Jackson's reading of a time's text, its failure told without the text (it may be anything). */
        private Object readTime(JsonParser p, DeserializationContext ctxt) {
            String notTime = notTimeText(p.getString());
            if (notTime == null) {
                try {
                    return _delegatee.deserialize(p, ctxt);
                } catch (MismatchedInputException e) {
                    notTime = "a JSON string that is none";
                }
            }
            return ctxt.reportInputMismatch(this, "expected an ISO 8601 time for `%s`, got %s", typeName(), notTime);
        }

        /**
         * What a time's text is instead, or null when it may be a time (Jackson's reader then decides). Jackson
         * reads a blank string as null and a string of digits as a count of seconds or milliseconds: from a service
         * that sends ISO 8601 text, either is a malformed time, not "no time" nor a time 50 years off.
         */
        static String notTimeText(String text) {
            if (text.isBlank()) {
                return "a blank JSON string";
            }
            int start = text.charAt(0) == '-' || text.charAt(0) == '+' ? 1 : 0;
            boolean digits = false;
            for (int i = start; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c >= '0' && c <= '9') {
                    digits = true;
                } else if (c != '.') {
                    return null;
                }
            }
            return digits ? "a JSON string holding a number" : null;
        }

        private String typeName() {
            return _delegatee.handledType().getSimpleName();
        }

        /** What came instead: a number's text (short), never a string's content, which may be anything. */
        private static String found(JsonParser p, JsonToken token) {
            return switch (token) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + numberText(p);
                case VALUE_STRING -> "a JSON string";
                case VALUE_TRUE, VALUE_FALSE -> "a JSON boolean";
                case START_OBJECT, PROPERTY_NAME -> "a JSON object";
                case START_ARRAY -> "a JSON array";
                default -> String.valueOf(token);
            };
        }

        private static String numberText(JsonParser p) {
            String text = p.getString();
            return text.length() <= 40 ? text : text.substring(0, 40) + "... (" + text.length() + " characters)";
        }
    }

    /**
     * Whether a member is one of Quarry's types' own, with a declared type of its own: not a type variable (the
     * caller's record type) nor built on one ({@code List<T>}).
     */
    static boolean isSdkMember(BeanProperty property) {
        AnnotatedMember member = property == null ? null : property.getMember();
        if (member == null || !RecordTypes.isQuarrys(member.getDeclaringClass())) {
            return false;
        }
        Type declared = declaredType(member);
        return declared != null && !mentionsTypeVariable(declared);
    }

    /** {@return the member's declared generic type; null when it cannot be told} */
    private static Type declaredType(AnnotatedMember member) {
        if (member instanceof AnnotatedParameter parameter
                && parameter.getOwner().getAnnotated() instanceof Executable creator) {
            Parameter[] parameters = creator.getParameters();
            int index = parameter.getIndex();
            return index < parameters.length ? parameters[index].getParameterizedType() : null;
        }
        if (member.getMember() instanceof Field field) {
            return field.getGenericType();
        }
        if (member.getMember() instanceof Method method) {
            Type[] parameters = method.getGenericParameterTypes();
            return parameters.length == 1 ? parameters[0] : method.getGenericReturnType();
        }
        return null;
    }

    private static boolean mentionsTypeVariable(Type type) {
        if (type instanceof TypeVariable<?>) {
            return true;
        }
        if (type instanceof ParameterizedType parameterized) {
            for (Type argument : parameterized.getActualTypeArguments()) {
                if (mentionsTypeVariable(argument)) {
                    return true;
                }
            }
            return false;
        }
        if (type instanceof GenericArrayType array) {
            return mentionsTypeVariable(array.getGenericComponentType());
        }
        if (type instanceof WildcardType wildcard) {
            for (Type bound : wildcard.getUpperBounds()) {
                if (mentionsTypeVariable(bound)) {
                    return true;
                }
            }
            return false;
        }
        return false;
    }
}
