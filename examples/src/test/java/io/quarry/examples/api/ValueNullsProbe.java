package io.quarry.examples.api;

import io.quarry.core.spi.ClientHandle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Calls the public methods that make and refine values, outside the client handles ({@link NullArgumentsProbe} has
 * those), with null in each reference parameter: every public static method of the public types of some modules
 * (factories such as {@code X.of(...)}), every public constructor of those types (a record's canonical one among
 * them, an exception's included), and every public instance method of a value, builder or exception such a type makes
 * from nothing ({@code X.of()}, {@code X.of("x")}, {@code X.builder()}, its constructor). Every other parameter gets a plain value ({@link ProbeValues}), so a
 * refusal names the one null; a parameter it cannot probe so is reported. No service is called.
 */
final class ValueNullsProbe {

    /**
     * One call with one null.
     *
     * @param method    the method or constructor
     * @param parameter the index of the parameter given null
     * @param error     what it threw, or null when it returned
     */
    record Call(Executable method, int parameter, Throwable error) {

        /** {@return the method and parameter, as {@code Type.method(Types) #i} or {@code new Type(Types) #i}} */
        String where() {
            String types = String.join(
                    ", ",
                    Arrays.stream(method.getParameterTypes())
                            .map(Class::getSimpleName)
                            .toList());
            String type = method.getDeclaringClass().getSimpleName();
            String name = method instanceof Constructor<?> ? "new " + type : type + "." + method.getName();
            return name + "(" + types + ") #" + parameter;
        }

        /** {@return whether the call was to a public constructor} */
        boolean isConstructor() {
            return method instanceof Constructor<?>;
        }

        @Override
        public String toString() {
            return where() + ": "
                    + (error == null ? "took it" : error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    private ValueNullsProbe() {}

    /**
     * What the probe did.
     *
     * @param calls    every call with one null, in a stable order
     * @param unfilled the parameters it gave no null because another parameter had no plain value, as
     *                 {@code Type.method(Types) #i}
     * @param required for each public record, the components that every value its factories make holds
     */
    record Result(List<Call> calls, List<String> unfilled, Map<Class<?>, Set<String>> required) {

        /** {@return whether the call gave null to a constructor's parameter of a component its factories all set} */
        boolean requiredByFactories(Call call) {
            Class<?> type = call.method().getDeclaringClass();
            if (!call.isConstructor() || !type.isRecord()) {
                return false;
            }
            RecordComponent[] components = type.getRecordComponents();
            int i = call.parameter();
            // the canonical constructor, or an older one whose parameters are the first components
            return i < components.length
                    && components[i].getType() == call.method().getParameterTypes()[i]
                    && required.getOrDefault(type, Set.of()).contains(components[i].getName());
        }
    }

    /**
     * Every call with one null over the modules' public types, in a stable order.
     *
     * @param modules the modules' directories relative to the root, compiled
     * @return the calls, and the parameters left unprobed
     */
    static Result run(List<String> modules) {
        List<Call> calls = new ArrayList<>();
        List<String> unfilled = new ArrayList<>();
        Map<Class<?>, Set<String>> required = new HashMap<>();
        try (ProbeValues values = new ProbeValues()) {
            for (Class<?> type : publicTypes(modules)) {
                if (type.isRecord()) {
                    required.put(type, setByEveryFactory(values, type));
                }
                for (Method method : sorted(type.getDeclaredMethods())) {
                    if (Modifier.isPublic(method.getModifiers())
                            && Modifier.isStatic(method.getModifiers())
                            && !method.isSynthetic()) {
                        callWithNulls(values, null, method, calls, unfilled);
                    }
                }
                if (!Modifier.isAbstract(type.getModifiers())) {
                    for (Constructor<?> constructor : sorted(type.getConstructors())) {
                        callWithNulls(values, null, constructor, calls, unfilled);
                    }
                }
                if (ClientHandle.class.isAssignableFrom(type)) {
                    continue;
                }
                for (Object instance : madeFromNothing(values, type)) {
                    for (Method method : sorted(instance.getClass().getMethods())) {
                        if (!Modifier.isStatic(method.getModifiers())
                                && method.getDeclaringClass().getName().startsWith("io.quarry")
                                && !method.getDeclaringClass().isSynthetic()
                                && !method.isSynthetic()) {
                            callWithNulls(values, instance, method, calls, unfilled);
                        }
                    }
                }
            }
        }
        return new Result(calls, unfilled.stream().distinct().toList(), required);
    }

    private static void callWithNulls(
            ProbeValues values, Object instance, Executable method, List<Call> calls, List<String> unfilled) {
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (types[i].isPrimitive()) {
                continue;
            }
            Object[] arguments = new Object[types.length];
            for (int j = 0; j < types.length; j++) {
                arguments[j] = j == i ? null : values.of(types[j]);
            }
            if (Arrays.stream(arguments).filter(argument -> argument == null).count() > 1) {
                // another parameter has no plain value: the call would not tell which null it refused
                unfilled.add(new Call(method, i, null).where());
                continue;
            }
            calls.add(new Call(method, i, thrownBy(values, instance, method, arguments)));
        }
    }

    /**
     * The public methods and constructors with a reference parameter that no call gave null, in a stable order:
     * methods of a type the probe could not make, or could not reach from a factory.
     *
     * @param modules the modules' directories relative to the root, compiled
     * @param calls   the calls the probe made
     * @return the methods, as {@code Type.method(Types)} or {@code new Type(Types)}
     */
    static List<String> unprobed(List<String> modules, List<Call> calls) {
        Set<Executable> probed = new HashSet<>();
        calls.forEach(call -> probed.add(call.method()));
        List<String> left = new ArrayList<>();
        for (Class<?> type : publicTypes(modules)) {
            List<Executable> members = new ArrayList<>(Arrays.asList(sorted(type.getDeclaredMethods())));
            if (!Modifier.isAbstract(type.getModifiers())) {
                members.addAll(Arrays.asList(sorted(type.getConstructors())));
            }
            for (Executable method : members) {
                if (Modifier.isPublic(method.getModifiers())
                        && !method.isSynthetic()
                        && !Arrays.stream(method.getParameterTypes()).allMatch(Class::isPrimitive)
                        && !probed.contains(method)) {
                    String where = new Call(method, 0, null).where();
                    left.add(where.substring(0, where.lastIndexOf(" #")));
                }
            }
        }
        return left;
    }

    private static Throwable thrownBy(ProbeValues values, Object instance, Executable method, Object[] arguments) {
        try {
            values.keep(
                    method instanceof Method m
                            ? m.invoke(instance, arguments)
                            : ((Constructor<?>) method).newInstance(arguments));
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(method.toString(), e);
        }
    }

    /**
     * Values and builders of the type made from plain arguments: by its factories ({@link #factoryMade}), and by a
     * public constructor without parameters (the Spring starter's properties).
     */
    private static List<Object> madeFromNothing(ProbeValues values, Class<?> type) {
        List<Object> made = new ArrayList<>(factoryMade(values, type));
        if (!Modifier.isAbstract(type.getModifiers()) && !type.isInterface()) {
            made(() -> values.keep(type.getConstructor().newInstance())).ifPresent(made::add);
            if (made.stream().noneMatch(type::isInstance)) {
                // a record of an answer, or a value with no factory of plain values: as the probe's values make it
                Optional.ofNullable(values.of(type)).ifPresent(made::add);
            }
        }
        return made;
    }

    /**
     * Values and builders of the type made from plain arguments by each public static method returning the type
     * ({@code of()}, {@code of("x")}, {@code builder("x", "x")}, {@code of(registry)}).
     */
    private static List<Object> factoryMade(ProbeValues values, Class<?> type) {
        List<Object> made = new ArrayList<>();
        for (Method factory : sorted(type.getDeclaredMethods())) {
            if (Modifier.isPublic(factory.getModifiers())
                    && Modifier.isStatic(factory.getModifiers())
                    && !factory.getName().equals("valueOf")
                    && (factory.getReturnType() == type
                            || factory.getReturnType().getDeclaringClass() == type)) {
                Object[] arguments = Arrays.stream(factory.getParameterTypes())
                        .map(values::of)
                        .toArray();
                if (Arrays.stream(arguments).noneMatch(argument -> argument == null)) {
                    made(() -> values.keep(factory.invoke(null, arguments))).ifPresent(made::add);
                }
            }
        }
        return made;
    }

    /**
     * The components of a record that every value its factories make from plain arguments holds, so that its
     * constructor has no null of them to take: none when the record has no factory, or none of plain values.
     */
    private static Set<String> setByEveryFactory(ProbeValues values, Class<?> type) {
        List<Object> made =
                factoryMade(values, type).stream().filter(type::isInstance).toList();
        Set<String> required = new HashSet<>();
        if (made.isEmpty()) {
            return required;
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (!component.getType().isPrimitive() && made.stream().allMatch(value -> read(component, value) != null)) {
                required.add(component.getName());
            }
        }
        return required;
    }

    private static Object read(RecordComponent component, Object value) {
        try {
            return component.getAccessor().invoke(value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(component.toString(), e);
        }
    }

    private interface Making {
        Object make() throws ReflectiveOperationException;
    }

    private static Optional<Object> made(Making making) {
        try {
            return Optional.ofNullable(making.make());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty(); // no such constructor, or the factory refused the plain values
        }
    }

    private static <T extends Executable> T[] sorted(T[] methods) {
        T[] copy = methods.clone();
        Arrays.sort(copy, Comparator.comparing(Executable::toGenericString));
        return copy;
    }

    /**
     * The classes of the modules that cannot be loaded here: they name a library the examples lack (the starter's parts
     * for the other Spring Boot line, or for Docker Compose), so their methods go unprobed.
     *
     * @param modules the modules' directories relative to the root, compiled
     * @return the classes' names
     */
    static List<String> unloadable(List<String> modules) {
        return classNames(modules).stream()
                .filter(name -> load(name).findAny().isEmpty())
                .toList();
    }

    /** The public top-level and nested types of the modules' compiled classes, outside {@code internal} packages. */
    static List<Class<?>> publicTypes(List<String> modules) {
        return classNames(modules).stream()
                .flatMap(ValueNullsProbe::load)
                .filter(type -> isPublic(type) && !type.isAnonymousClass() && !type.isSynthetic())
                .toList();
    }

    private static List<String> classNames(List<String> modules) {
        List<String> names = new ArrayList<>();
        for (String module : modules) {
            Path classes = PublishedModules.ROOT.resolve(module).resolve("target/classes");
            try (Stream<Path> files = Files.walk(classes)) {
                files.map(classes::relativize)
                        .map(Path::toString)
                        .filter(file -> file.endsWith(".class") && !file.contains("internal"))
                        .filter(file -> !file.endsWith("package-info.class") && !file.endsWith("module-info.class"))
                        .sorted()
                        .map(file -> file.substring(0, file.length() - ".class".length())
                                .replace('/', '.'))
                        .forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + classes + ": build the module first", e);
            }
        }
        return names;
    }

    private static boolean isPublic(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            if (!Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /** The class, or none when it needs a library the examples lack ({@link #unloadable(List)}). */
    private static Stream<Class<?>> load(String name) {
        try {
            Class<?> type = Class.forName(name, false, ValueNullsProbe.class.getClassLoader());
            type.getDeclaredMethods(); // resolves the types its methods name
            return Stream.of(type);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        } catch (LinkageError optionalLibraryMissing) {
            return Stream.empty();
        }
    }
}
