package io.quarry.core.spi;

import io.quarry.core.NamedValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The values of one {@link NamedValue} type that the client knows, in the order they were declared. A type holds
 * one in a private static field declared before its constants, declares each constant with {@link #add(String)}
 * and reads names with {@link #of(String)}:
 *
 * <pre>{@code
 * public final class Anchoring extends NamedValue {
 *     private static final KnownNames<Anchoring> KNOWN = new KnownNames<>(Anchoring::new);
 *     public static final Anchoring IS = KNOWN.add("is");
 *
 *     private Anchoring(String name) {
 *         super(name);
 *     }
 *
 *     @JsonCreator
 *     public static Anchoring of(String name) {
 *         return KNOWN.of(name);
 *     }
 * }
 * }</pre>
 *
 * Values are added only while the type's class is initialised; after that the registry is read-only in practice
 * and safe to read from any thread.
 *
 * @param <T> the type of the values
 */
public final class KnownNames<T extends NamedValue> {

    private final Map<String, T> known = new LinkedHashMap<>();
    private final Function<String, T> create;

    /**
     * An empty registry.
     *
     * @param create makes a value from a name (the type's private constructor)
     */
    public KnownNames(Function<String, T> create) {
        this.create = Objects.requireNonNull(create, "create");
    }

    /**
     * Declares a known value.
     *
     * @param name its name
     * @return the value, to keep in a constant
     * @throws IllegalArgumentException if the name was declared already
     */
    public T add(String name) {
        Objects.requireNonNull(name, "name");
        T value = create.apply(name);
        if (known.putIfAbsent(name, value) != null) {
            throw new IllegalArgumentException("declared twice: " + name);
        }
        return value;
    }

    /**
     * The value of a name: the constant when the name is known, otherwise a new value carrying the name.
     *
     * @param name the name
     * @return the value
     */
    public T of(String name) {
        T value = known.get(Objects.requireNonNull(name, "name"));
        return value != null ? value : create.apply(name);
    }

    /**
     * Whether a value is one of the known ones.
     *
     * @param value the value
     * @return true when its name was declared
     */
    public boolean contains(T value) {
        Objects.requireNonNull(value, "value");
        return known.containsKey(value.name());
    }

    /** {@return the known values, in the order declared} */
    public List<T> values() {
        return List.copyOf(known.values());
    }
}
