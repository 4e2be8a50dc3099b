package io.quarry.testsupport;

import io.quarry.core.NamedValue;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks that the public records of some packages hold their lists, sets and maps as their own unmodifiable copies:
 * a caller who changes the list it built a record from, or the list an accessor returned, must not change the
 * record (nor its {@code equals} and {@code hashCode}). Each record is built through its canonical constructor from
 * mutable sample values; then the samples are changed, and so is what each accessor returns, one level deep (the
 * lists of a map of lists too, and the JSON objects of a {@code List<Map<String, Object>>}, though not the JSON
 * values inside them).
 */
public final class RecordCollections {

    private RecordCollections() {}

    /**
     * What breaks the rule in some packages: their public records and the public records nested in their types.
     *
     * @param packageNames the packages, such as {@code io.quarry.search.model}
     * @return one line per component that a caller could change, empty when none
     */
    public static List<String> problemsIn(String... packageNames) {
        return problemsIn(Set.of(), packageNames);
    }

    /**
     * What breaks the rule in some packages, but for records whose canonical constructor refuses sample values (a
     * host refuses a scheme other than {@code http} or {@code https}): the caller checks those with a test of its own.
     *
     * @param checkedElsewhere the records left out
     * @param packageNames     the packages, such as {@code io.quarry.core}
     * @return one line per component that a caller could change, empty when none
     */
    public static List<String> problemsIn(Set<Class<?>> checkedElsewhere, String... packageNames) {
        List<String> problems = new ArrayList<>();
        for (String packageName : packageNames) {
            List<String> names = TwoForms.classNamesIn(packageName);
            if (names.isEmpty()) {
                throw new IllegalArgumentException("no classes in " + packageName);
            }
            for (String name : names) {
                Class<?> type = TwoForms.load(packageName + "." + name);
                if (!checkedElsewhere.contains(type)) {
                    problems.addAll(problemsOf(type));
                }
            }
        }
        return problems;
    }

    /**
     * What breaks the rule in one type, if it is a public record, and in the public records nested in it.
     *
     * @param type the type
     * @return one line per component that a caller could change
     */
    public static List<String> problemsOf(Class<?> type) {
        List<String> problems = new ArrayList<>();
        if (!Modifier.isPublic(type.getModifiers())) {
            return problems;
        }
        if (type.isRecord()) {
            problems.addAll(recordProblems(type));
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            problems.addAll(problemsOf(nested));
        }
        return problems;
    }

    private static List<String> recordProblems(Class<?> record) {
        List<String> problems = new ArrayList<>();
        RecordComponent[] components = record.getRecordComponents();
        if (Arrays.stream(components).noneMatch(c -> isContainer(c.getType()))) {
            return problems;
        }
        Object[] arguments = new Object[components.length];
        Object instance;
        try {
            for (int i = 0; i < components.length; i++) {
                arguments[i] = sample(components[i].getGenericType(), 0);
            }
            instance = canonical(record).newInstance(arguments);
        } catch (InvocationTargetException e) {
            problems.add(record.getName() + ": no sample could be built (" + e.getCause() + "); check it by hand");
            return problems;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(record.getName(), e);
        }
        for (int i = 0; i < components.length; i++) {
            if (!isContainer(components[i].getType())) {
                continue;
            }
            String where = record.getName() + "." + components[i].getName() + "()";
            Object before = read(components[i], instance);
            String shown = String.valueOf(before);
            grow(arguments[i]);
            if (!shown.equals(String.valueOf(read(components[i], instance)))) {
                problems.add(where + " changes when the collection it was built from changes");
            }
            if (before != null && changeable(before)) {
                problems.add(where + " returns a collection the caller can change");
            } else if (before != null && nestedChangeable(before)) {
                problems.add(where + " holds collections the caller can change");
            }
        }
        return problems;
    }

    private static Constructor<?> canonical(Class<?> record) throws NoSuchMethodException {
        Class<?>[] types = new Class<?>[record.getRecordComponents().length];
        for (int i = 0; i < types.length; i++) {
            types[i] = record.getRecordComponents()[i].getType();
        }
        return record.getDeclaredConstructor(types);
    }

    private static Object read(RecordComponent component, Object instance) {
        try {
            return component.getAccessor().invoke(instance);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(component.toString(), e);
        }
    }

    private static boolean isContainer(Class<?> type) {
        return Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type);
    }

    @SuppressWarnings("unchecked")
    private static void grow(Object sample) {
        if (sample instanceof Collection<?> collection) {
            ((Collection<Object>) collection).clear();
        } else if (sample instanceof Map<?, ?> map) {
            ((Map<Object, Object>) map).clear();
        }
    }

    @SuppressWarnings("unchecked")
    private static boolean changeable(Object container) {
        try {
            if (container instanceof Collection<?> collection) {
                ((Collection<Object>) collection).clear();
            } else if (container instanceof Map<?, ?> map) {
                ((Map<Object, Object>) map).clear();
            } else {
                return false;
            }
            return true;
        } catch (UnsupportedOperationException refused) {
            return false;
        }
    }

    private static boolean nestedChangeable(Object container) {
        Collection<?> items = container instanceof Map<?, ?> map ? map.values() : (Collection<?>) container;
        for (Object item : items) {
            if (item != null && isContainer(item.getClass()) && changeable(item)) {
                return true;
            }
        }
        return false;
    }

    /** A value of the type, not null, with one item in each list, set and map so that a change shows. */
    private static Object sample(Type type, int depth) throws ReflectiveOperationException {
        Class<?> raw = raw(type);
        if (depth > 8 && !raw.isPrimitive()) {
            return null;
        }
        if (raw == String.class || raw == Object.class) {
            return "a";
        } else if (raw == int.class || raw == Integer.class) {
            return 1;
        } else if (raw == long.class || raw == Long.class) {
            return 1L;
        } else if (raw == double.class || raw == Double.class) {
            return 1.0;
        } else if (raw == boolean.class || raw == Boolean.class) {
            return true;
        } else if (raw == Instant.class) {
            return Instant.ofEpochSecond(1_700_000_000L);
        } else if (raw == LocalDate.class) {
            return LocalDate.of(2024, 1, 2);
        } else if (raw == ObjectNode.class) {
            // the mock server's engine holds JSON objects in its lists; a null item would fail List.copyOf
            return JsonNodeFactory.instance.objectNode().put("a", 1);
        } else if (raw == Duration.class) {
            return Duration.ofSeconds(1);
        } else if (raw == OptionalLong.class) {
            return OptionalLong.of(1);
        } else if (raw == Optional.class) {
            return Optional.empty();
        } else if (raw == Throwable.class) {
            return new IllegalStateException("sample");
        } else if (raw.isEnum()) {
            return raw.getEnumConstants()[0];
        } else if (List.class.isAssignableFrom(raw) || raw == Collection.class) {
            List<Object> list = new ArrayList<>();
            list.add(sample(argument(type, 0), depth + 1));
            return list;
        } else if (Set.class.isAssignableFrom(raw)) {
            Set<Object> set = new HashSet<>();
            set.add(sample(argument(type, 0), depth + 1));
            return set;
        } else if (Map.class.isAssignableFrom(raw)) {
            Map<Object, Object> map = new HashMap<>();
            map.put(sample(argument(type, 0), depth + 1), sample(argument(type, 1), depth + 1));
            return map;
        } else if (raw.isRecord()) {
            RecordComponent[] components = raw.getRecordComponents();
            Object[] arguments = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                arguments[i] = sample(components[i].getGenericType(), depth + 1);
            }
            return canonical(raw).newInstance(arguments);
        } else if (NamedValue.class.isAssignableFrom(raw)) {
            for (Field field : raw.getFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == raw) {
                    return field.get(null);
                }
            }
        }
        try {
            // a value kept as a map of members (a query, settings) starts from of()
            return raw.getMethod("of").invoke(null);
        } catch (NoSuchMethodException | NullPointerException none) {
            return null;
        }
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : Object.class;
    }

    private static Type argument(Type type, int index) {
        if (!(type instanceof ParameterizedType p)) {
            return Object.class;
        }
        Type argument = p.getActualTypeArguments()[index];
        return argument instanceof WildcardType w ? w.getUpperBounds()[0] : argument;
    }
}
