package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.examples.architecture.ClientModules.ClientModule;
import io.quarry.testsupport.TwoForms;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every public handle of every client module offers each call as {@code x(...)} and {@code xAsync(...)}, and
 * per-call options only through {@code withOptions} ({@link TwoForms}). The modules come from the parent pom and
 * the handles from the compiled classes, so a new module or handle is checked without being listed anywhere.
 */
class TwoFormsArchitectureTest {

    @Test
    void everyClientModuleOfTheBuildIsOnTheExamplesTestClassPath() {
        List<String> missing = ClientModules.all().stream()
                .filter(module -> ProductionClasses.get().stream().noneMatch(module::owns))
                .map(module -> module.name() + " (no class in " + module.rootPackage() + ")")
                .toList();
        assertThat(missing)
                .as("client modules of the parent pom missing from examples/pom.xml's dependencies, so the "
                        + "architecture tests cannot see them")
                .isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> everyHandleOfEachClientModuleHasTwoFormsPerCall() {
        return ClientModules.all().stream()
                .filter(module -> !module.isCore())
                .map(module -> DynamicTest.dynamicTest(module.name(), () -> checkHandlesOf(module)));
    }

    private static void checkHandlesOf(ClientModule module) {
        List<Class<?>> handles = handlesOf(module);
        assertThat(handles)
                .as(module.name() + " has no public handle (a public class extending ScopedHandle) in "
                        + module.rootPackage())
                .isNotEmpty();
        assertThat(handles).flatMap(TwoForms::problems).as(module.name()).isEmpty();
        assertThat(handles.stream().mapToLong(TwoForms::callCount).sum())
                .as(module.name() + "'s handles offer no call")
                .isPositive();
    }

    private static List<Class<?>> handlesOf(ClientModule module) {
        return ProductionClasses.get().stream()
                .filter(module::owns)
                .filter(type -> type.getModifiers().contains(JavaModifier.PUBLIC))
                .filter(type -> type.isAssignableTo(ScopedHandle.class))
                .<Class<?>>map(JavaClass::reflect)
                .toList();
    }
}
