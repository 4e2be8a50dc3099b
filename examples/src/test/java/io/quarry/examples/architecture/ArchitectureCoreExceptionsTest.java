package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import io.quarry.examples.architecture.CoreLayers.AllowedDependency;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every dependency that {@link CoreLayers#ALLOWED} lets pass against the core's order is still there: one that is
 * gone leaves the list, so that the list never allows more than the code needs.
 */
class ArchitectureCoreExceptionsTest {

    private static final String CORE = ClientModules.rootOf(ClientModules.CORE).orElseThrow();

    @TestFactory
    Stream<DynamicTest> everyAllowedDependencyIsStillThere() {
        return CoreLayers.ALLOWED.stream()
                .map(allowed -> DynamicTest.dynamicTest(
                        allowed.from() + " -> " + allowed.to(),
                        () -> assertThat(isThere(allowed))
                                .as("no dependency of " + allowed.from() + " on " + allowed.to() + " left: remove it "
                                        + "from CoreLayers.ALLOWED and docs/architecture.md")
                                .isTrue()));
    }

    private static boolean isThere(AllowedDependency allowed) {
        return ProductionClasses.get().stream()
                .filter(type -> isNamed(type, allowed.from()))
                .flatMap(type -> type.getDirectDependenciesFromSelf().stream())
                .anyMatch(dependency -> isNamed(dependency.getTargetClass(), allowed.to()));
    }

    private static boolean isNamed(JavaClass type, String name) {
        return ClassCycles.topLevel(type).getName().equals(CORE + "." + name);
    }
}
