package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.quarry.examples.architecture.CoreLayers.AllowedDependency;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link ModuleRules} and {@link CoreLayers} fail on fixture classes that break them (test classes in
 * {@code io.quarry.micrometer.modulefixture}, {@code io.quarry.spring.modulefixture} and
 * {@code io.quarry.core.layerfixture}), naming the offending dependency, and pass over the allowed ones beside them.
 */
class ArchitectureRulesCatchModuleAndLayerViolationsTest {

    private static final JavaClasses FIXTURES = new ClassFileImporter()
            .importPackages(
                    "io.quarry.micrometer.modulefixture",
                    "io.quarry.spring.modulefixture",
                    "io.quarry.core.layerfixture");

    @Test
    void anIntegrationUsingTheMockServerTestSupportOrAnotherIntegrationIsCaught() {
        assertThatThrownBy(() -> check(ModuleRules.check(rule(ModuleRules.MICROMETER))))
                .hasMessageContaining("UsesMockServer.server> has type <io.quarry.mockserver.MockServer>")
                .hasMessageContaining("a class of io.quarry.mockserver, which io.quarry.micrometer may not use")
                .hasMessageContaining("UsesTestSupport.forms> has type <io.quarry.testsupport.TwoForms>")
                .hasMessageContaining("a class of io.quarry.testsupport, which io.quarry.micrometer may not use")
                .hasMessageContaining("has type <io.quarry.opentelemetry.OpenTelemetryCallObserver>")
                .hasMessageNotContaining("UsesTheCoresSpi")
                .hasMessageContaining("(3 times)");
    }

    @Test
    void theStarterReachingAClientsInternalsIsCaught() {
        assertThatThrownBy(() -> check(ModuleRules.check(rule(ModuleRules.STARTER))))
                .hasMessageContaining(
                        "ReachesSearchInternals.writer> has type " + "<io.quarry.search.internal.ChunkedWriter>")
                .hasMessageContaining("internal to io.quarry.search")
                .hasMessageNotContaining("UsesSearchClient")
                .hasMessageContaining("(1 times)");
    }

    @Test
    void aDependencyAgainstTheCoresOrderIsCaughtUnlessAllowedByName() {
        ArchRule order = CoreLayers.rule(
                "io.quarry.core.layerfixture",
                List.of(new AllowedDependency("EntryPoint", "internal.Machinery", "the fixture's entry point")));

        assertThatThrownBy(() -> check(order))
                .hasMessageContaining(
                        "HookUsingMachinery.machinery> has type " + "<io.quarry.core.layerfixture.internal.Machinery>")
                .hasMessageContaining("ValueUsingHook.hook> has type <io.quarry.core.layerfixture.spi.Hook>")
                .hasMessageContaining("TextsUsingValue.value> has type <io.quarry.core.layerfixture.Value>")
                .hasMessageNotContaining("Texts.trimmed")
                .hasMessageNotContaining("EntryPoint")
                .hasMessageNotContaining("Machinery.hook");
    }

    @Test
    void anAllowedDependencyNamesItsClassesExactly() {
        ArchRule order = CoreLayers.rule(
                "io.quarry.core.layerfixture",
                List.of(
                        new AllowedDependency("EntryPoint", "internal.Machinery", "the fixture's entry point"),
                        new AllowedDependency("ValueUsingHook", "spi.Hook", "the fixture's value"),
                        new AllowedDependency("spi.HookUsingMachinery", "internal.Machinery", "the fixture's hook"),
                        new AllowedDependency("internal.base.TextsUsingValue", "Value", "the fixture's helper")));

        assertThatCode(() -> check(order)).doesNotThrowAnyException();
    }

    private static ModuleRules.ModuleRule rule(String module) {
        return ModuleRules.of(module).orElseThrow();
    }

    private static void check(ArchRule rule) {
        rule.check(FIXTURES);
    }
}
