package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Where a class sits in the project's packages: its module's root package, and whether it is internal. */
final class QuarryPackages {

    private static final String PREFIX = "io.quarry.";

    private QuarryPackages() {}

    /**
     * The root package of the module a class belongs to: {@code io.quarry.search} for
     * {@code io.quarry.search.internal.ChunkPump}, {@code io.quarry.spring.test} (not {@code io.quarry.spring}) for
     * a class of the starter's test module. The roots are the modules' own ({@link ClientModules#everyModuleRoot()},
     * the longest that holds the package); a package under no module's root (a test fixture's) counts as a module of
     * its first name after {@code io.quarry}.
     *
     * @param type the class (for an array, its component type counts)
     * @return the root package, empty for a class outside {@code io.quarry}
     */
    static Optional<String> moduleRoot(JavaClass type) {
        return moduleRoot(type.getBaseComponentType().getPackageName(), ClientModules.everyModuleRoot());
    }

    /**
     * The root package of the module a package belongs to, among the given module roots.
     *
     * @param packageName a package
     * @param roots every module's root package
     * @return the longest root holding the package, else the package's first name after {@code io.quarry}; empty
     *     outside {@code io.quarry}
     */
    static Optional<String> moduleRoot(String packageName, List<String> roots) {
        if (!packageName.startsWith(PREFIX)) {
            return Optional.empty();
        }
        Optional<String> declared = roots.stream()
                .filter(root -> packageName.equals(root) || packageName.startsWith(root + "."))
                .max(Comparator.comparingInt(String::length));
        if (declared.isPresent()) {
            return declared;
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
