package io.quarry.core.internal;

import io.quarry.core.spi.SdkTypes;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Objects;

/**
 * Tells the caller's classes from the rest when a client has a record mapper: the caller's go through that mapper;
 * Quarry's own types (requests, responses, {@code FreeFormRecord}, ...), the JDK's and Jackson's keep the SDK's
 * fixed mapping.
 *
 * <p>Quarry's types are those of the packages marked {@link SdkTypes}, as their modules declare them. A class of a
 * marked package loaded from elsewhere than the package's {@code package-info} is the caller's (a test sharing a
 * package with the code it tests), and so is every class of an unmarked package.
 */
final class RecordTypes {

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
        Package declared = type.getPackage();
        if (declared == null || !declared.isAnnotationPresent(SdkTypes.class)) {
            return false;
        }
        Class<?> marker = packageInfoOf(type);
        // a class of a marked package counts only when it comes from where the mark does
        return marker != null && Objects.equals(location(type), location(marker));
    }

    private static Class<?> packageInfoOf(Class<?> type) {
        try {
            return Class.forName(type.getPackageName() + ".package-info", false, type.getClassLoader());
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
}
