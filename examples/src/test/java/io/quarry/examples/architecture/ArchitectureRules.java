package io.quarry.examples.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.all;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import io.quarry.examples.architecture.ClientModules.ClientModule;

/**
 * The layering of the project, as ArchUnit rules over its main classes. Each rule names what it guards and why, so
 * a failure reads as the fix to make. {@link ArchitectureTest} checks them on the real classes and
 * {@link ArchitectureRulesCatchViolationsTest} proves each one fails on a class that breaks it.
 */
final class ArchitectureRules {

    private static final String CORE_PACKAGE = ClientModules.all().stream()
            .filter(ClientModule::isCore)
            .findFirst()
            .orElseThrow()
            .rootPackage();

    /** A module's internal packages are its own: no other module (the core's included) imports them. */
    static final ArchRule INTERNALS_STAY_IN_THEIR_MODULE = classes()
            .that()
            .resideInAPackage("io.quarry..")
            .should(new UseOnlyTheirOwnModulesInternals())
            .because("an .internal package may change at any time; other modules use the public and spi packages");

    /** Models are records and request types built only on public and spi packages. */
    static final ArchRule MODELS_USE_NO_INTERNALS = noClasses()
            .that()
            .resideInAPackage("io.quarry..model..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("..internal..")
            .because("a model is what users build and read: JSON annotations are all it needs");

    /** What users can see names no internal type. */
    static final ArchRule NO_INTERNAL_TYPE_IN_PUBLIC_SIGNATURES = classes()
            .that()
            .resideInAPackage("io.quarry..")
            .and()
            .resideOutsideOfPackage("..internal..")
            .and()
            .arePublic()
            .should(new ExposeNoInternalType())
            .because("a public signature is API: move such a type to a public or spi package, or hide it behind "
                    + "a public interface");

    /** The mock server is an independent implementation of the service. */
    static final ArchRule MOCK_SERVER_USES_NO_QUARRY_CODE = noClasses()
            .that()
            .resideInAPackage("io.quarry.mockserver..")
            .should()
            .dependOnClassesThat(resideInAPackage("io.quarry..").and(not(resideInAPackage("io.quarry.mockserver.."))))
            .because("the mock server must not share the clients' code, or their bugs would agree and hide");

    /** The clients never need the mock server (tests reach it through test-support). */
    static final ArchRule CLIENTS_USE_NO_MOCK_SERVER = noClasses()
            .that()
            .resideInAnyPackage(ClientModules.packagePatterns())
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.quarry.mockserver..")
            .because("a client ships to users; the mock server is a test tool");

    /** Each client module depends on client-core only, as its pom says. */
    static final ArchRule CLIENT_MODULES_BUILD_ONLY_ON_THE_CORE = classes()
            .that()
            .resideInAnyPackage(ClientModules.packagePatterns())
            .should(new DependOnlyOnTheirModuleAndTheCore(CORE_PACKAGE))
            .because("a client module declares endpoints and models on the core's rails; a user adds only the "
                    + "modules they call");

    /**
     * The core's packages depend on each other one way along every chain of classes. Checked on classes rather than
     * packages: entry points ({@code ApiClient}) build internal machinery and that machinery uses public values and
     * exceptions, so the packages as wholes depend both ways; what is ruled out is a class reaching itself through
     * another package.
     */
    static final ArchRule CORE_CLASS_CYCLES_STAY_IN_ONE_PACKAGE = all(new ClassCycles(CORE_PACKAGE))
            .should(new StayInOnePackage())
            .allowEmptyShould(true)
            .because("public values and the internal machinery that implements them must not need each other: "
                    + "internal may use public types and entry points may build internal machinery, never both "
                    + "through one loop");

    /**
     * The core's packages in a one-way order: {@code internal.base}, public, {@code spi}, {@code internal}. The
     * dependencies against it that stay are named one by one in {@link CoreLayers#ALLOWED}, so a new one fails.
     */
    static final ArchRule CORE_LAYERS = CoreLayers.rule(CORE_PACKAGE, CoreLayers.ALLOWED)
            .because("what users and modules hold must not need the machinery behind it; the few entry points and "
                    + "shared helpers that do are listed in CoreLayers.ALLOWED with their reasons");

    private ArchitectureRules() {}
}
