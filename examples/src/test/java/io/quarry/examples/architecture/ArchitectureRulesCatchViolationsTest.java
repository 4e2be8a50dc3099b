package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each of {@link ArchitectureRules} fails on fixture classes that break it (test classes in {@code io.quarry.archfixture},
 * {@code io.quarry.core.archfixture}, {@code io.quarry.mockserver.archfixture} and
 * {@code io.quarry.search.archfixture}), naming the offending dependency, and passes over the allowed ones beside
 * them: a rule scoped to nothing would not fail here.
 */
class ArchitectureRulesCatchViolationsTest {

    private static final JavaClasses FIXTURES = new ClassFileImporter()
            .importPackages(
                    "io.quarry.archfixture",
                    "io.quarry.archfixtureother",
                    "io.quarry.core.archfixture",
                    "io.quarry.mockserver.archfixture",
                    "io.quarry.search.archfixture");

    @Test
    void anotherModulesInternalsAreCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.INTERNALS_STAY_IN_THEIR_MODULE))
                .hasMessageContaining("UsesOthersInternals")
                .hasMessageContaining("internal to io.quarry.archfixture")
                .hasMessageContaining("(1 times)");
    }

    @Test
    void aModuleNestedInAnothersPackageIsAModuleOfItsOwn() {
        JavaClasses nested = new ClassFileImporter()
                .importPackages("io.quarry.spring.archfixture", "io.quarry.spring.test.archfixture");

        // io.quarry.spring.test is the starter's test module, not a part of io.quarry.spring (the starter)
        assertThatThrownBy(() -> ArchitectureRules.INTERNALS_STAY_IN_THEIR_MODULE.check(nested))
                .hasMessageContaining("UsesTheStartersInternals")
                .hasMessageContaining("internal to io.quarry.spring")
                .hasMessageContaining("(2 times)"); // its field's type and its constructor's call
        assertThat(QuarryPackages.moduleRoot(
                        "io.quarry.spring.test.archfixture", List.of("io.quarry.spring", "io.quarry.spring.test")))
                .contains("io.quarry.spring.test");
        assertThat(QuarryPackages.moduleRoot("io.quarry.spring.archfixture.internal", ClientModules.everyModuleRoot()))
                .contains("io.quarry.spring");
        assertThat(ClientModules.everyModuleRoot())
                .contains(
                        "io.quarry.micrometer", "io.quarry.opentelemetry", "io.quarry.spring", "io.quarry.spring.test");
    }

    @Test
    void aModelUsingAnInternalPackageIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.MODELS_USE_NO_INTERNALS))
                .hasMessageContaining("ModelUsingInternals")
                .hasMessageNotContaining("UsesOwnInternals");
    }

    @Test
    void everyKindOfPublicSignatureNamingAnInternalTypeIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.NO_INTERNAL_TYPE_IN_PUBLIC_SIGNATURES))
                .hasMessageContaining(
                        "ExposesInternals> implements java.util.function.Supplier<java.util.List<io.quarry.archfixture.internal.Hidden>>")
                .hasMessageContaining("Field <io.quarry.archfixture.ExposesInternals.field>")
                .hasMessageContaining("Constructor <io.quarry.archfixture.ExposesInternals.<init>(")
                .hasMessageContaining("returns java.util.List<io.quarry.archfixture.internal.Hidden>")
                .hasMessageContaining("takes java.util.Map<java.lang.String, io.quarry.archfixture.internal.Hidden>")
                .hasMessageContaining("bounds T by")
                .hasMessageContaining("ExposesInternals$NestedSubclass> extends io.quarry.archfixture.internal.Hidden")
                .hasMessageNotContaining("packagePrivate")
                .hasMessageNotContaining("HidesInternals")
                .hasMessageContaining("(8 times)");
    }

    @Test
    void aCycleOfTheCoresClassesThroughAnotherPackageIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.CORE_CLASS_CYCLES_STAY_IN_ONE_PACKAGE))
                .hasMessageContaining("classes of io.quarry.core.archfixture and io.quarry.core.archfixture.internal "
                        + "depend on each other (2 classes in the cycle)")
                .hasMessageContaining("Method <io.quarry.core.archfixture.ValueUsingMachinery.text()> calls method "
                        + "<io.quarry.core.archfixture.internal.MachineryUsingValue.write(")
                .hasMessageContaining("MachineryUsingValue.write(io.quarry.core.archfixture.ValueUsingMachinery)> "
                        + "has parameter of type <io.quarry.core.archfixture.ValueUsingMachinery>")
                .hasMessageNotContaining("ValueBuilder") // a cycle inside one package
                .hasMessageNotContaining("EntryPoint") // one way through the internal package
                .hasMessageContaining("(1 times)");
    }

    @Test
    void theMockServerUsingClientCodeIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.MOCK_SERVER_USES_NO_QUARRY_CODE))
                .hasMessageContaining("UsesClientCode.host> has type <io.quarry.core.Host>");
    }

    @Test
    void aClientUsingTheMockServerIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.CLIENTS_USE_NO_MOCK_SERVER))
                .hasMessageContaining("UsesMockServer.server> has type <io.quarry.mockserver.MockServer>");
    }

    @Test
    void aClientModuleUsingAnotherIsCaught() {
        assertThatThrownBy(() -> check(ArchitectureRules.CLIENT_MODULES_BUILD_ONLY_ON_THE_CORE))
                .hasMessageContaining("has type <io.quarry.analytics.AnalyticsClient>")
                .hasMessageContaining("has type <io.quarry.mockserver.MockServer>")
                .hasMessageNotContaining("UsesTheCore");
    }

    private static void check(ArchRule rule) {
        rule.check(FIXTURES);
    }
}
