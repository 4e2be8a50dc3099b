package io.quarry.core.internal;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.function.Predicate;
import java.util.function.Supplier;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.DeserializationContextExt;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.jsontype.TypeDeserializer;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.Serializers;
import tools.jackson.databind.type.CollectionLikeType;
import tools.jackson.databind.type.CollectionType;
import tools.jackson.databind.type.MapLikeType;
import tools.jackson.databind.type.MapType;
import tools.jackson.databind.type.ReferenceType;

/**
 * A module through which one mapper hands the values of some classes to another mapper, which writes them to (and
 * reads them from) the same generator or parser, with its own configuration. The SDK's mapper hands the caller's
 * classes to the record mapper, and the record mapper hands Quarry's types back, so each value is written as its
 * owner means it wherever it sits (a record in a batch request, a {@code FreeFormRecord} inside a record).
 *
 * <p>Each handed-over value is written or read with a fresh context of the other mapper (a context holds the state
 * of one value's serialisation, such as object identities); its serializers and deserializers come from that
 * mapper's caches.
 */
final class MapperHandOver {

    private MapperHandOver() {}

    /**
     * {@return the module}
     *
     * @param name   the module's name
     * @param handed which classes are handed over
     * @param target the mapper that takes them (looked up when a value is written: the two mappers refer to each
     *               other)
     */
    static SimpleModule module(String name, Predicate<Class<?>> handed, Supplier<ObjectMapper> target) {
        return new SimpleModule(name) {
            private static final long serialVersionUID = 1L;

            @Override
            public void setupModule(SetupContext context) {
                super.setupModule(context);
                context.addSerializers(new Writers(handed, target));
                context.addDeserializers(new Readers(handed, target));
            }
        };
    }

    /** Writes a value with the other mapper. */
    static final class Writer extends ValueSerializer<Object> {
        private final Supplier<ObjectMapper> target;

        Writer(Supplier<ObjectMapper> target) {
            this.target = target;
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            target.get()._serializationContext().serializeValue(gen, value);
        }

        @Override
        public void serializeWithType(
                Object value, JsonGenerator gen, SerializationContext ctxt, TypeSerializer typeSer) {
            // the other mapper writes the type information it has for the class itself
            serialize(value, gen, ctxt);
        }
    }

    /** Reads a value with the other mapper. */
    static final class Reader extends ValueDeserializer<Object> {
        private final Supplier<ObjectMapper> target;
        private final JavaType type;
        /** The other mapper's deserializer for the type, found on first use. */
        private volatile ValueDeserializer<Object> deserializer;

        Reader(Supplier<ObjectMapper> target, JavaType type) {
            this.target = target;
            this.type = type;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            DeserializationContextExt theirs =
                    target.get()._deserializationContext().assignParser(p);
            ValueDeserializer<Object> found = deserializer;
            if (found == null) {
                found = theirs.findRootValueDeserializer(type);
                deserializer = found;
            }
            Object value = theirs.readRootValue(p, type, found, null);
            theirs.checkUnresolvedObjectId();
            return value;
        }

        @Override
        public Object deserializeWithType(
                JsonParser p, DeserializationContext ctxt, TypeDeserializer typeDeserializer) {
            // the other mapper reads the type information it expects for the class itself
            return deserialize(p, ctxt);
        }

        @Override
        public boolean isCachable() {
            return true;
        }

        @Override
        public Class<?> handledType() {
            return type.getRawClass();
        }
    }

    private record Writers(Predicate<Class<?>> handed, Supplier<ObjectMapper> target) implements Serializers {

        private ValueSerializer<?> writer(JavaType type) {
            return handed.test(type.getRawClass()) ? new Writer(target) : null;
        }

        @Override
        public ValueSerializer<?> findSerializer(
                SerializationConfig config,
                JavaType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findEnumSerializer(
                SerializationConfig config,
                JavaType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findReferenceSerializer(
                SerializationConfig config,
                ReferenceType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides,
                TypeSerializer contentTypeSerializer,
                ValueSerializer<Object> contentValueSerializer) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findCollectionSerializer(
                SerializationConfig config,
                CollectionType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides,
                TypeSerializer elementTypeSerializer,
                ValueSerializer<Object> elementValueSerializer) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findCollectionLikeSerializer(
                SerializationConfig config,
                CollectionLikeType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides,
                TypeSerializer elementTypeSerializer,
                ValueSerializer<Object> elementValueSerializer) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findMapSerializer(
                SerializationConfig config,
                MapType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides,
                ValueSerializer<Object> keySerializer,
                TypeSerializer elementTypeSerializer,
                ValueSerializer<Object> elementValueSerializer) {
            return writer(type);
        }

        @Override
        public ValueSerializer<?> findMapLikeSerializer(
                SerializationConfig config,
                MapLikeType type,
                BeanDescription.Supplier beanDescRef,
                JsonFormat.Value formatOverrides,
                ValueSerializer<Object> keySerializer,
                TypeSerializer elementTypeSerializer,
                ValueSerializer<Object> elementValueSerializer) {
            return writer(type);
        }
    }

    private record Readers(Predicate<Class<?>> handed, Supplier<ObjectMapper> target) implements Deserializers {

        private ValueDeserializer<?> reader(JavaType type) {
            return handed.test(type.getRawClass()) ? new Reader(target, type) : null;
        }

        @Override
        public ValueDeserializer<?> findBeanDeserializer(
                JavaType type, DeserializationConfig config, BeanDescription.Supplier beanDescRef) {
            return reader(type);
        }

        @Override
        public ValueDeserializer<?> findEnumDeserializer(
                JavaType type, DeserializationConfig config, BeanDescription.Supplier beanDescRef) {
            return reader(type);
        }

        @Override
        public ValueDeserializer<?> findReferenceDeserializer(
                ReferenceType refType,
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                TypeDeserializer contentTypeDeserializer,
                ValueDeserializer<?> contentDeserializer) {
            return reader(refType);
        }

        @Override
        public ValueDeserializer<?> findCollectionDeserializer(
                CollectionType type,
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                TypeDeserializer elementTypeDeserializer,
                ValueDeserializer<?> elementDeserializer) {
            return reader(type);
        }

        @Override
        public ValueDeserializer<?> findCollectionLikeDeserializer(
                CollectionLikeType type,
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                TypeDeserializer elementTypeDeserializer,
                ValueDeserializer<?> elementDeserializer) {
            return reader(type);
        }

        @Override
        public ValueDeserializer<?> findMapDeserializer(
                MapType type,
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                KeyDeserializer keyDeserializer,
                TypeDeserializer elementTypeDeserializer,
                ValueDeserializer<?> elementDeserializer) {
            return reader(type);
        }

        @Override
        public ValueDeserializer<?> findMapLikeDeserializer(
                MapLikeType type,
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                KeyDeserializer keyDeserializer,
                TypeDeserializer elementTypeDeserializer,
                ValueDeserializer<?> elementDeserializer) {
            return reader(type);
        }

        @Override
        public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
            return handed.test(valueType);
        }
    }
}
