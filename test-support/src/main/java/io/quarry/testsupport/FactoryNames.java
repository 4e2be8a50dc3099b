package io.quarry.testsupport;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks the factory names of the public API: a client that owns connections (an {@link AutoCloseable}) is made
 * with {@code create(...)}; an immutable value with {@code of(...)}, and {@code of()} for its empty or default
 * starting point; a mutable builder with {@code builder()}. So no public type but a client has a static
 * {@code create}, and none has a static no-argument {@code defaults()}, {@code empty()} or {@code none()}.
 */
public final class FactoryNames {

    /** Names the convention replaced by {@code of()} for a value's starting point. */
    private static final Set<String> STARTING_POINT_NAMES = Set.of("create", "defaults", "empty", "none");

    private FactoryNames() {}

    /**
     * What breaks the convention in some packages: their public top-level types and the public types nested in
     * them.
     *
     * @param packageNames the packages, such as {@code io.quarry.search.model}
     * @return one line per factory misnamed, empty when all are right
     */
    public static List<String> problemsIn(String... packageNames) {
        List<String> problems = new ArrayList<>();
        for (String packageName : packageNames) {
            List<String> names = TwoForms.classNamesIn(packageName);
            if (names.isEmpty()) {
                throw new IllegalArgumentException("no classes in " + packageName);
            }
            for (String name : names) {
                problems.addAll(problemsOf(TwoForms.load(packageName + "." + name)));
            }
        }
        return problems;
    }

    /**
     * What breaks the convention in one type and the public types nested in it (nothing for a type that is not
     * public).
     *
     * @param type the type
     * @return one line per factory misnamed
     */
    public static List<String> problemsOf(Class<?> type) {
        List<String> problems = new ArrayList<>();
        if (!Modifier.isPublic(type.getModifiers())) {
            return problems;
        }
        boolean client = AutoCloseable.class.isAssignableFrom(type);
        for (Method method : type.getDeclaredMethods()) {
            int modifiers = method.getModifiers();
            if (!Modifier.isPublic(modifiers) || !Modifier.isStatic(modifiers) || method.isSynthetic()) {
                continue;
            }
            String name = method.getName();
            String where = type.getName() + "." + name;
            if (method.getParameterCount() == 0 && STARTING_POINT_NAMES.contains(name) && !client) {
                problems.add(where + "(): a value's starting point is of()");
            } else if (name.equals("create") && !client) {
                problems.add(where + ": create is for clients that own connections; a value is made with of(...)");
            }
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            problems.addAll(problemsOf(nested));
        }
        return problems;
    }
}
