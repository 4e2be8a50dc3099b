package io.quarry.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A free-form JSON record that keeps every attribute, in order, and serialises back to the same JSON.
 *
 * <p>Use it when records have no fixed class, or as the record type of search hits to see every attribute,
 * generated ones such as {@code _highlightResult} included. Values read from JSON are plain Java values:
 * {@code String}, {@code Boolean}, {@code Integer}/{@code Long}/{@code BigInteger} for integers,
 * {@code BigDecimal} for other numbers (so {@code 1.10} is written back as {@code 1.10}), {@code null},
 * {@code List<Object>} for arrays and {@code FreeFormRecord} for nested objects. Values put by the caller may
 * also be any object the SDK can serialise (records, maps, lists, {@code java.time} types).
 *
 * <pre>{@code
 * FreeFormRecord book = FreeFormRecord.builder().objectID("42").put("title", "Dune").put("year", 1965).build();
 * long year = book.getLong("year").orElseThrow();
 * }</pre>
 * Immutable; explicit JSON {@code null} attributes are kept. Its JSON form is declared on the class, so any Jackson
 * mapper reads and writes it as the SDK does.
 */
@JsonSerialize(using = FreeFormRecordJson.Writer.class)
@JsonDeserialize(using = FreeFormRecordJson.Reader.class)
public final class FreeFormRecord {

    /** The attribute naming a record inside its index. */
    public static final String OBJECT_ID = "objectID";

    private final Map<String, Object> attributes;

    private FreeFormRecord(Map<String, Object> attributes) {
        this.attributes = Collections.unmodifiableMap(attributes);
    }

    /**
     * A record with the given attributes; nested maps become nested records, collections become lists.
     *
     * @param attributes attribute name to value
     * @return the record
     */
    public static FreeFormRecord of(Map<String, ?> attributes) {
        Builder builder = builder();
        Objects.requireNonNull(attributes, "attributes").forEach(builder::put);
        return builder.build();
    }

    /**
     * A record with the attributes of any object the SDK can serialise (a class of yours, a map, ...), taken
     * from its JSON form; a {@code FreeFormRecord} is returned as it is.
     *
     * @param record the object; its JSON form must be an object
     * @return the record
     * @throws DeserializationException if its JSON form is not an object
     * @throws InvalidRequestException  if it cannot be serialised
     */
    public static FreeFormRecord from(Object record) {
        Objects.requireNonNull(record, "record");
        return record instanceof FreeFormRecord free ? free : RecordConversions.convert(record, FreeFormRecord.class);
    }

    /**
     * A builder of records.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder(new LinkedHashMap<>());
    }

    /**
     * A builder starting from this record's attributes.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(new LinkedHashMap<>(attributes));
    }

    /**
     * The {@code objectID} attribute, when it is present and a string.
     *
     * @return the object ID
     */
    public Optional<String> objectID() {
        return attributes.get(OBJECT_ID) instanceof String id ? Optional.of(id) : Optional.empty();
    }

    /**
     * Every attribute, in order; unmodifiable.
     *
     * @return attribute name to value
     */
    public Map<String, Object> attributes() {
        return attributes;
    }

    /**
     * The attribute names, in order.
     *
     * @return the names
     */
    public Set<String> names() {
        return attributes.keySet();
    }

    /**
     * Whether the attribute is present (possibly with a JSON null value).
     *
     * @param name the attribute name
     * @return true if present
     */
    public boolean has(String name) {
        return attributes.containsKey(Objects.requireNonNull(name, "name"));
    }

    /**
     * An attribute's raw value.
     *
     * @param name the attribute name
     * @return the value, or null when absent or JSON null
     */
    public Object get(String name) {
        return attributes.get(Objects.requireNonNull(name, "name"));
    }

    /**
     * A string attribute.
     *
     * @param name the attribute name
     * @return the value; empty when absent or null
     * @throws IllegalStateException if the value is not a string
     */
    public Optional<String> getString(String name) {
        return typed(name, String.class);
    }

    /**
     * A boolean attribute.
     *
     * @param name the attribute name
     * @return the value; empty when absent or null
     * @throws IllegalStateException if the value is not a boolean
     */
    public Optional<Boolean> getBoolean(String name) {
        return typed(name, Boolean.class);
    }

    /**
     * An integral number attribute.
     *
     * @param name the attribute name
     * @return the value; empty when absent or null
     * @throws IllegalStateException if the value is not a number without fraction that fits a long
     */
    public Optional<Long> getLong(String name) {
        return typed(name, Number.class).map(n -> {
            try {
                return n instanceof BigDecimal d
                        ? d.longValueExact()
                        : n instanceof BigInteger i
                                ? i.longValueExact()
                                : n instanceof Double || n instanceof Float
                                        ? new BigDecimal(n.toString()).longValueExact()
                                        : n.longValue();
            } catch (ArithmeticException e) {
                throw new IllegalStateException("attribute '" + name + "' is not an integer that fits a long: " + n, e);
            }
        });
    }

    /**
     * A number attribute as a double.
     *
     * @param name the attribute name
     * @return the value; empty when absent or null
     * @throws IllegalStateException if the value is not a number
     */
    public Optional<Double> getDouble(String name) {
        return typed(name, Number.class).map(Number::doubleValue);
    }

    /**
     * An array attribute.
     *
     * @param name the attribute name
     * @return the elements, unmodifiable; empty when absent or null
     * @throws IllegalStateException if the value is not an array
     */
    public Optional<List<Object>> getList(String name) {
        return typed(name, List.class).map(list -> {
            List<Object> copy = new ArrayList<>(list.size());
            for (Object item : (List<?>) list) {
                copy.add(item);
            }
            return Collections.unmodifiableList(copy);
        });
    }

    /**
     * A nested object attribute.
     *
     * @param name the attribute name
     * @return the nested record; empty when absent or null
     * @throws IllegalStateException if the value is not an object
     */
    public Optional<FreeFormRecord> getRecord(String name) {
        return typed(name, FreeFormRecord.class);
    }

    /**
     * An attribute converted to a type of the caller's, such as a record class.
     *
     * @param name the attribute name
     * @param type the target type
     * @param <T>  the target type
     * @return the converted value; empty when absent or null
     * @throws DeserializationException if the value does not match the type
     */
    public <T> Optional<T> getAs(String name, Class<T> type) {
        Objects.requireNonNull(type, "type");
        Object value = attributes.get(Objects.requireNonNull(name, "name"));
        return value == null ? Optional.empty() : Optional.of(RecordConversions.convert(value, type));
    }

    /**
     * Converts the whole record to a type of the caller's.
     *
     * @param type the target type
     * @param <T>  the target type
     * @return the converted value
     * @throws DeserializationException if the record does not match the type
     */
    public <T> T as(Class<T> type) {
        return RecordConversions.convert(this, Objects.requireNonNull(type, "type"));
    }

    /** Returns the record as compact JSON. */
    @Override
    public String toString() {
        return RecordConversions.toJsonString(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FreeFormRecord other && attributes.equals(other.attributes);
    }

    @Override
    public int hashCode() {
        return attributes.hashCode();
    }

    private <T> Optional<T> typed(String name, Class<T> type) {
        Object value = attributes.get(Objects.requireNonNull(name, "name"));
        if (value == null) {
            return Optional.empty();
        }
        if (!type.isInstance(value)) {
            throw new IllegalStateException("attribute '" + name + "' is a "
                    + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
        }
        return Optional.of(type.cast(value));
    }

    /** Builder of {@link FreeFormRecord}; not thread-safe. */
    public static final class Builder {
        private final Map<String, Object> attributes;

        private Builder(Map<String, Object> attributes) {
            this.attributes = attributes;
        }

        /**
         * Sets the {@code objectID} attribute.
         *
         * @param objectID the ID
         * @return this builder
         */
        public Builder objectID(String objectID) {
            return put(OBJECT_ID, Objects.requireNonNull(objectID, "objectID"));
        }

        /**
         * Sets an attribute; a null value is kept as JSON null. Maps become nested records, collections and
         * arrays of objects become lists.
         *
         * @param name  the attribute name
         * @param value the value
         * @return this builder
         */
        public Builder put(String name, Object value) {
            attributes.put(Objects.requireNonNull(name, "name"), normalise(value));
            return this;
        }

        /**
         * Removes an attribute.
         *
         * @param name the attribute name
         * @return this builder
         */
        public Builder remove(String name) {
            attributes.remove(Objects.requireNonNull(name, "name"));
            return this;
        }

        /**
         * Builds the immutable record.
         *
         * @return the record
         */
        public FreeFormRecord build() {
            return new FreeFormRecord(new LinkedHashMap<>(attributes));
        }

        private static Object normalise(Object value) {
            if (value instanceof Map<?, ?> map) {
                Builder nested = builder();
                map.forEach((k, v) -> nested.put(String.valueOf(k), v));
                return nested.build();
            }
            if (value instanceof Collection<?> collection) {
                List<Object> list = new ArrayList<>(collection.size());
                collection.forEach(v -> list.add(normalise(v)));
                return Collections.unmodifiableList(list);
            }
            if (value instanceof Object[] array) {
                return normalise(java.util.Arrays.asList(array));
            }
            return value;
        }
    }
}
