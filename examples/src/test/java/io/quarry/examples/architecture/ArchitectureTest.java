package io.quarry.examples.architecture;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The project's main classes keep to {@link ArchitectureRules}. */
class ArchitectureTest {

    @Test
    void internalsStayInTheirModule() {
        ArchitectureRules.INTERNALS_STAY_IN_THEIR_MODULE.check(ProductionClasses.get());
    }

    @Test
    void modelsUseNoInternals() {
        ArchitectureRules.MODELS_USE_NO_INTERNALS.check(ProductionClasses.get());
    }

    @Test
    void noInternalTypeInPublicSignatures() {
        ArchitectureRules.NO_INTERNAL_TYPE_IN_PUBLIC_SIGNATURES.check(ProductionClasses.get());
    }

    @Test
    void coreClassCyclesStayInOnePackage() {
        ArchitectureRules.CORE_CLASS_CYCLES_STAY_IN_ONE_PACKAGE.check(ProductionClasses.get());
    }

    @Test
    void mockServerUsesNoQuarryCode() {
        ArchitectureRules.MOCK_SERVER_USES_NO_QUARRY_CODE.check(ProductionClasses.get());
    }

    @Test
    void clientsUseNoMockServer() {
        ArchitectureRules.CLIENTS_USE_NO_MOCK_SERVER.check(ProductionClasses.get());
    }

    @Test
    void clientModulesBuildOnlyOnTheCore() {
        ArchitectureRules.CLIENT_MODULES_BUILD_ONLY_ON_THE_CORE.check(ProductionClasses.get());
    }

    @Test
    void coreLayersDependOneWay() {
        ArchitectureRules.CORE_LAYERS.check(ProductionClasses.get());
    }

    @TestFactory
    Stream<DynamicTest> eachModuleUsesOnlyWhatItsRuleAllows() {
        return ModuleRules.all().stream()
                .map(rule -> DynamicTest.dynamicTest(
                        rule.module(), () -> ModuleRules.check(rule).check(ProductionClasses.get())));
    }
}
