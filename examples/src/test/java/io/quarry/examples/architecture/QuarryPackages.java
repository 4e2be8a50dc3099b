package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import java.util.Optional;

/** Where a class sits in the project's packages: its module's root package, and whether it is internal. */
final class QuarryPackages {

    private static final String PREFIX = "io.quarry.";

    private QuarryPackages() {}

    /**
     * The root package of the module a class belongs to: {@code io.quarry.search} for
     * {@code io.quarry.search.internal.ChunkPump}.
     *
     * @param type the class (for an array, its component type counts)
     * @return the root package, empty for a class outside {@code io.quarry}
     */
    static Optional<String> moduleRoot(JavaClass type) {
        String packageName = type.getBaseComponentType().getPackageName();
        if (!packageName.startsWith(PREFIX)) {
            return Optional.empty();
        }
        int end = packageName.indexOf('.', PREFIX.length());
        return Optional.of(end < 0 ? packageName : packageName.substring(0, end));
    }

    /**
     * Whether a class lives in an {@code internal} package, at any depth.
     *
     * @param type the class (for an array, its component type counts)
     * @return true for {@code io.quarry.core.internal.Json} and {@code io.quarry.mockserver.internal.x.Y}
     */
    static boolean isInternal(JavaClass type) {
        String packageName = type.getBaseComponentType().getPackageName();
        return packageName.startsWith(PREFIX) && ("." + packageName + ".").contains(".internal.");
    }
}
