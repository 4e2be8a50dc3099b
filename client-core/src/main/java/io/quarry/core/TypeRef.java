package io.quarry.core;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A full generic type for decoding responses, such as {@code List<Product>}; the SDK's own super-type token,
 * so no JSON library type appears in the public API.
 *
 * <p>Capture a type with an anonymous subclass, or build one when the argument is only known at run time:
 * <pre>{@code
 * TypeRef<List<Product>> a = new TypeRef<>() {};
 * TypeRef<SearchResponse<Product>> b = TypeRef.parameterized(SearchResponse.class, Product.class);
 * }</pre>
 *
 * @param <T> the type represented
 */
public abstract class TypeRef<T> {

    private final Type type;

    /** Captures the type argument of the anonymous subclass. */
    protected TypeRef() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType parameterized)) {
            throw new IllegalStateException("TypeRef must be created with a type argument: new TypeRef<Foo>() {}");
        }
        this.type = parameterized.getActualTypeArguments()[0];
    }

    private TypeRef(Type type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    /**
     * The represented type.
     *
     * @return the type
     */
    public final Type type() {
        return type;
    }

    /**
     * A reference to a plain class.
     *
     * @param type the class
     * @param <T>  the type
     * @return the reference
     */
    public static <T> TypeRef<T> of(Class<T> type) {
        return new TypeRef<>(type) {};
    }

    /**
     * A reference to {@code raw<arguments...>}, for generic response types whose argument is chosen by the
     * caller, such as a search response over the caller's record class.
     *
     * @param raw       the generic class
     * @param arguments its type arguments, as many as it declares
     * @param <T>       the resulting type
     * @return the reference
     * @throws IllegalArgumentException if the number of arguments does not match
     * @throws NullPointerException naming {@code raw} or the argument if one is null
     */
    public static <T> TypeRef<T> parameterized(Class<?> raw, Type... arguments) {
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(arguments, "arguments");
        for (int i = 0; i < arguments.length; i++) {
            Objects.requireNonNull(arguments[i], "arguments[" + i + "]");
        }
        if (raw.getTypeParameters().length != arguments.length) {
            throw new IllegalArgumentException(raw.getName() + " takes " + raw.getTypeParameters().length
                    + " type argument(s), got " + arguments.length);
        }
        if (arguments.length == 0) {
            return new TypeRef<>(raw) {};
        }
        return new TypeRef<>(new Parameterized(raw, arguments.clone())) {};
    }

    /**
     * {@code List<element>}.
     *
     * @param element the element type
     * @param <E>     the element type
     * @return the reference
     * @throws NullPointerException naming {@code element} if it is null
     */
    public static <E> TypeRef<List<E>> listOf(Class<E> element) {
        return parameterized(List.class, Objects.requireNonNull(element, "element"));
    }

    /**
     * {@code Map<String, value>}.
     *
     * @param value the value type
     * @param <V>   the value type
     * @return the reference
     * @throws NullPointerException naming {@code value} if it is null
     */
    public static <V> TypeRef<Map<String, V>> mapOf(Class<V> value) {
        return parameterized(Map.class, String.class, Objects.requireNonNull(value, "value"));
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof TypeRef<?> other && type.equals(other.type);
    }

    @Override
    public final int hashCode() {
        return type.hashCode();
    }

    @Override
    public String toString() {
        return "TypeRef<" + type.getTypeName() + ">";
    }

    /**
     * A parameterised type built at run time; equal to the JDK's own representation of the same type. Its owner and
     * hash are found once: a response type is a cache key on every call, and {@code Class.getDeclaringClass} is a
     * native call.
     */
    private static final class Parameterized implements ParameterizedType {
        private final Class<?> raw;
        private final Type[] arguments;
        private final Type owner;
        private final int hash;

        Parameterized(Class<?> raw, Type[] arguments) {
            this.raw = raw;
            this.arguments = arguments;
            this.owner = raw.getDeclaringClass();
            this.hash = Arrays.hashCode(arguments) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public Type[] getActualTypeArguments() {
            return arguments.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            return o == this
                    || o instanceof ParameterizedType other
                            && raw.equals(other.getRawType())
                            && Objects.equals(owner, other.getOwnerType())
                            && Arrays.equals(arguments, other.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String getTypeName() {
            StringBuilder name = new StringBuilder(raw.getTypeName()).append('<');
            for (int i = 0; i < arguments.length; i++) {
                name.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
            }
            return name.append('>').toString();
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }
}
