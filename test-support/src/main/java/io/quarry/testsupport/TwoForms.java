package io.quarry.testsupport;

import io.quarry.core.RequestOptions;
import io.quarry.core.spi.ScopedHandle;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Checks the shape every public handle of a client module must have: it is a {@link ScopedHandle} whose
 * {@code withOptions(RequestOptions)} returns its own type; no other public method takes {@link RequestOptions};
 * every call {@code x(...)} has {@code xAsync(...)} with the same parameters returning a
 * {@link CompletableFuture}, and every {@code xAsync(...)} its blocking {@code x(...)}. Methods that make no call
 * (returning a handle, such as views and sub-handles, or the accessors listed in {@link #NOT_CALLS}) are exempt.
 * The examples module's architecture tests find every handle of every client module and run this check on each.
 */
public final class TwoForms {

    /**
     * Public instance methods that read local state instead of making a call, or make a local object that makes the
     * calls later ({@code ingester}, a writer that sends its chunks itself, blocking and asynchronously).
     */
    public static final Set<String> NOT_CALLS = Set.of(
            "name", "options", "config", "close", "forwardsToReplicas", "toString", "hashCode", "equals", "ingester");

    private TwoForms() {}

    /**
     * What is wrong with one handle's shape.
     *
     * @param handle the handle class
     * @return one line per problem, empty when the handle is right
     */
    public static List<String> problems(Class<?> handle) {
        List<String> problems = new ArrayList<>();
        String where = handle.getSimpleName() + ".";
        if (!ScopedHandle.class.isAssignableFrom(handle)) {
            problems.add(handle.getSimpleName() + " does not extend ScopedHandle (no withOptions view)");
            return problems;
        }
        if (!Modifier.isAbstract(handle.getModifiers()) && viewType(handle) != handle) {
            problems.add(where + "withOptions returns " + viewType(handle) + ", not " + handle.getSimpleName());
        }
        for (Method method : handle.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())
                    || method.getDeclaringClass() == Object.class
                    || method.getDeclaringClass() == ScopedHandle.class
                    || method.isSynthetic()) {
                continue;
            }
            String name = method.getName();
            Class<?>[] params = method.getParameterTypes();
            if (Arrays.asList(params).contains(RequestOptions.class)) {
                problems.add(where + name + Arrays.toString(params) + " takes RequestOptions: use withOptions");
            }
            boolean async = CompletableFuture.class.isAssignableFrom(method.getReturnType());
            if (async) {
                if (!name.endsWith("Async")) {
                    problems.add(where + name + " returns a future but is not named ...Async");
                } else if (!has(handle, name.substring(0, name.length() - 5), params, false)) {
                    problems.add(where + name + Arrays.toString(params) + " has no blocking form");
                }
            } else if (isCall(method) && !has(handle, name + "Async", params, true)) {
                problems.add(where + name + Arrays.toString(params) + " has no ...Async form");
            }
        }
        return problems;
    }

    /**
     * The number of calls a handle offers in their blocking form (the async forms are as many).
     *
     * @param handle the handle class
     * @return the count of public blocking calls
     */
    public static long callCount(Class<?> handle) {
        return Arrays.stream(handle.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers())
                        && m.getDeclaringClass() != Object.class
                        && m.getDeclaringClass() != ScopedHandle.class
                        && !m.isSynthetic())
                .filter(m -> !CompletableFuture.class.isAssignableFrom(m.getReturnType()) && isCall(m))
                .count();
    }

    private static boolean isCall(Method method) {
        return !NOT_CALLS.contains(method.getName()) && !ScopedHandle.class.isAssignableFrom(method.getReturnType());
    }

    private static boolean has(Class<?> handle, String name, Class<?>[] params, boolean async) {
        try {
            Method twin = handle.getMethod(name, params);
            return CompletableFuture.class.isAssignableFrom(twin.getReturnType()) == async;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** The class {@code withOptions} returns for a handle: ScopedHandle's type argument, resolved. */
    private static Type viewType(Class<?> handle) {
        Map<TypeVariable<?>, Type> bound = new HashMap<>();
        Class<?> current = handle;
        while (current != null && current != ScopedHandle.class) {
            Type parent = current.getGenericSuperclass();
            if (parent instanceof ParameterizedType parameterized) {
                Class<?> raw = (Class<?>) parameterized.getRawType();
                TypeVariable<?>[] variables = raw.getTypeParameters();
                Type[] arguments = parameterized.getActualTypeArguments();
                for (int i = 0; i < variables.length; i++) {
                    bound.put(variables[i], bound.getOrDefault(arguments[i], arguments[i]));
                }
            }
            current = current.getSuperclass();
        }
        return bound.get(ScopedHandle.class.getTypeParameters()[0]);
    }

    /** The top-level classes of a package, by simple name, from every directory or jar holding it. */
    static List<String> classNamesIn(String packageName) {
        List<String> names = new ArrayList<>();
        try {
            // main and test classes of a module sit in two directories, both on the class path
            Enumeration<URL> urls =
                    Thread.currentThread().getContextClassLoader().getResources(packageName.replace('.', '/'));
            for (URL url : Collections.list(urls)) {
                if ("file".equals(url.getProtocol())) {
                    String[] files = new File(url.toURI()).list((dir, f) -> isTopLevelClass(f));
                    for (String file : files == null ? new String[0] : files) {
                        names.add(file.substring(0, file.length() - ".class".length()));
                    }
                } else if (url.openConnection() instanceof JarURLConnection jar) {
                    // the module's classes come from a jar, as when another build runs its tests
                    String prefix = packageName.replace('.', '/') + "/";
                    try (JarFile file = jar.getJarFile()) {
                        file.stream()
                                .map(JarEntry::getName)
                                .filter(n -> n.startsWith(prefix) && isTopLevelClass(n.substring(prefix.length())))
                                .forEach(n -> names.add(n.substring(prefix.length(), n.length() - ".class".length())));
                    }
                }
            }
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot list the classes of " + packageName, e);
        }
        return names;
    }

    private static boolean isTopLevelClass(String fileName) {
        return fileName.endsWith(".class") && !fileName.contains("$") && !fileName.contains("/");
    }

    static Class<?> load(String name) {
        try {
            return Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
