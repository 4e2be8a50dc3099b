package io.quarry.core.internal;

import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Objects;

/**
 * Tells the caller's classes from the rest when a client has a record mapper: the caller's go through that mapper;
 * Quarry's own types (requests, responses, {@code FreeFormRecord}, ...), the JDK's and Jackson's keep the SDK's
 * fixed mapping.
 *
 * <p>Quarry's types are the core's and those of the client modules (each known by its {@code Endpoints} table),
 * found under the package the core sits in, so that a relocated copy of the SDK is recognised too. A class of those
 * packages loaded from elsewhere than the module's own classes is the caller's (a test sharing a package with the
 * code it tests), and so is a class of any other package under that root (a benchmark's or an example's records).
 */
final class RecordTypes {

    /** {@code io.quarry.}, or its relocated form. */
    private static final String QUARRY_ROOT = quarryRoot();

    /** Whose a class is. */
    private enum Owner {
        CALLER,
        QUARRY,
        /** The JDK, Jackson, primitives, arrays (whose elements are looked at one by one). */
        LIBRARY
    }

    private static final ClassValue<Owner> OWNERS = new ClassValue<>() {
        @Override
        protected Owner computeValue(Class<?> type) {
            if (type.isPrimitive() || type.isArray() || isLibraryType(type)) {
                return Owner.LIBRARY;
            }
            return isQuarryType(type) ? Owner.QUARRY : Owner.CALLER;
        }
    };

    private RecordTypes() {}

    /**
     * {@return whether it is a class of the caller's, for the record mapper}
     *
     * @param type a class
     */
    static boolean isCallers(Class<?> type) {
        return OWNERS.get(type) == Owner.CALLER;
    }

    /**
     * {@return whether it is one of Quarry's own types}
     *
     * @param type a class
     */
    static boolean isQuarrys(Class<?> type) {
        return OWNERS.get(type) == Owner.QUARRY;
    }

    private static boolean isLibraryType(Class<?> type) {
        String name = type.getName();
        return type.getClassLoader() == null // the JDK's own
                || name.startsWith("java.")
                || name.startsWith("javax.")
                || name.startsWith("jdk.")
                || name.startsWith("sun.")
                || name.startsWith("tools.jackson.")
                || name.startsWith("com.fasterxml.jackson.");
    }

    private static boolean isQuarryType(Class<?> type) {
        String name = type.getName();
        if (!name.startsWith(QUARRY_ROOT)) {
            return false;
        }
        int end = name.indexOf('.', QUARRY_ROOT.length());
        if (end < 0) {
            return false;
        }
        String module = name.substring(0, end); // io.quarry.search
        Class<?> anchor = module.equals(QUARRY_ROOT + "core") ? RecordTypes.class : endpointsOf(module, type);
        // a class of the module's packages counts only when it comes from where the module's own classes do
        return anchor != null && Objects.equals(location(type), location(anchor));
    }

    /** {@return the endpoint table every client module has, or null for a package that is no client module's} */
    private static Class<?> endpointsOf(String module, Class<?> type) {
        try {
            return Class.forName(module + ".Endpoints", false, type.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static String location(Class<?> type) {
        try {
            ProtectionDomain domain = type.getProtectionDomain();
            CodeSource source = domain == null ? null : domain.getCodeSource();
            return source == null || source.getLocation() == null
                    ? null
                    : source.getLocation().toString();
        } catch (SecurityException e) {
            return null;
        }
    }

    private static String quarryRoot() {
        String core = RecordTypes.class.getPackageName(); // io.quarry.core.internal
        int end = core.lastIndexOf(".core.internal");
        return end < 0 ? core + "." : core.substring(0, end + 1);
    }
}
