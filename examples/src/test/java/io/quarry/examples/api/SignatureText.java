package io.quarry.examples.api;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaGenericArrayType;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.core.domain.JavaWildcardType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Types, type parameters, annotations and constant values as Java source would write them, with fully qualified
 * names ({@code java.util.List<io.quarry.core.Host>}, {@code io.quarry.core.ClientConfig.Builder}).
 */
final class SignatureText {

    private SignatureText() {}

    /**
     * A type as written in a signature, generic arguments included.
     *
     * @param type a class, parameterized type, type variable, wildcard or generic array
     * @return its text
     */
    static String of(JavaType type) {
        return of(type, Map.of());
    }

    /**
     * A type as written in a signature, with some type variables replaced: how a member inherited from a generic
     * superclass reads in the subclass ({@code B} of {@code TimeoutSettings<B>} is the subclass's builder type).
     *
     * @param type a class, parameterized type, type variable, wildcard or generic array
     * @param bindings the text of each type variable to replace, by name
     * @return its text
     */
    static String of(JavaType type, Map<String, String> bindings) {
        if (type instanceof JavaClass raw) {
            return raw.isArray() ? of(raw.getComponentType(), bindings) + "[]" : name(raw);
        }
        if (type instanceof JavaParameterizedType parameterized) {
            return name(parameterized.toErasure()) + "<" + join(parameterized.getActualTypeArguments(), ", ", bindings)
                    + ">";
        }
        if (type instanceof JavaWildcardType wildcard) {
            if (!wildcard.getLowerBounds().isEmpty()) {
                return "? super " + join(wildcard.getLowerBounds(), " & ", bindings);
            }
            return isObjectOnly(wildcard.getUpperBounds())
                    ? "?"
                    : "? extends " + join(wildcard.getUpperBounds(), " & ", bindings);
        }
        if (type instanceof JavaGenericArrayType array) {
            return of(array.getComponentType(), bindings) + "[]";
        }
        if (type instanceof JavaTypeVariable<?> variable) {
            return bindings.getOrDefault(variable.getName(), variable.getName());
        }
        throw new IllegalArgumentException(
                "unexpected kind of type: " + type.getClass().getName());
    }

    /**
     * A declaration's type parameters, {@code <K, V extends java.lang.Comparable<V>>}, or nothing.
     *
     * @param parameters the type parameters
     * @return their text followed by a space, or an empty string
     */
    static String typeParameters(List<? extends JavaTypeVariable<?>> parameters) {
        if (parameters.isEmpty()) {
            return "";
        }
        return parameters.stream()
                        .map(p -> isObjectOnly(p.getUpperBounds())
                                ? p.getName()
                                : p.getName() + " extends " + join(p.getUpperBounds(), " & ", Map.of()))
                        .collect(Collectors.joining(", ", "<", ">"))
                + " ";
    }

    /**
     * A class's name in source form: the nested {@code Outer$Inner} of the class file reads {@code Outer.Inner}.
     *
     * @param type a class, imported or only referenced
     * @return its name
     */
    static String name(JavaClass type) {
        return type.getName().replace('$', '.');
    }

    /**
     * An annotation with the values its use declares, sorted by element name.
     *
     * @param annotation the annotation
     * @return text such as {@code @java.lang.Deprecated(forRemoval=true, since="1.2")}
     */
    static String annotation(JavaAnnotation<?> annotation) {
        Map<String, String> values = new TreeMap<>();
        for (String element : annotation.getProperties().keySet()) {
            annotation.tryGetExplicitlyDeclaredProperty(element).ifPresent(v -> values.put(element, value(v)));
        }
        // A lone value() reads as Java writes it: @Retention(RUNTIME), not @Retention(value=RUNTIME).
        String arguments = values.keySet().equals(Set.of("value"))
                ? values.get("value")
                : values.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "));
        return "@" + name(annotation.getRawType()) + (arguments.isEmpty() ? "" : "(" + arguments + ")");
    }

    /**
     * An annotation element's value or a constant, as a literal.
     *
     * @param value as ArchUnit or the class file gives it
     * @return a string or char in quotes, a class as {@code X.class}, an array in braces...
     */
    static String value(Object value) {
        if (value instanceof String text) {
            return quoted(text, '"');
        }
        if (value instanceof Character character) {
            return quoted(String.valueOf(character), '\'');
        }
        if (value instanceof Long number) {
            return number + "L";
        }
        if (value instanceof Float number) {
            return number + "f";
        }
        if (value instanceof JavaClass type) {
            return of(type) + ".class";
        }
        if (value instanceof JavaEnumConstant constant) {
            return name(constant.getDeclaringClass()) + "." + constant.name();
        }
        if (value instanceof JavaAnnotation<?> nested) {
            return annotation(nested);
        }
        if (value != null && value.getClass().isArray()) {
            int length = java.lang.reflect.Array.getLength(value);
            StringBuilder text = new StringBuilder("{");
            for (int i = 0; i < length; i++) {
                text.append(i == 0 ? "" : ", ").append(value(java.lang.reflect.Array.get(value, i)));
            }
            return text.append('}').toString();
        }
        return String.valueOf(value);
    }

    private static String quoted(String text, char quote) {
        StringBuilder literal = new StringBuilder().append(quote);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\' -> literal.append("\\\\");
                case '\n' -> literal.append("\\n");
                case '\r' -> literal.append("\\r");
                case '\t' -> literal.append("\\t");
                default -> {
                    if (c == quote) {
                        literal.append('\\').append(c);
                    } else if (c < 0x20 || c > 0x7e) {
                        literal.append(String.format("\\u%04x", (int) c));
                    } else {
                        literal.append(c);
                    }
                }
            }
        }
        return literal.append(quote).toString();
    }

    private static String join(List<JavaType> types, String separator, Map<String, String> bindings) {
        return types.stream().map(t -> of(t, bindings)).collect(Collectors.joining(separator));
    }

    /** No bound but Object: {@code ?} and {@code T} say it, and the class file may or may not write it. */
    private static boolean isObjectOnly(List<JavaType> bounds) {
        return bounds.isEmpty()
                || (bounds.size() == 1 && bounds.get(0).getName().equals("java.lang.Object"));
    }
}
