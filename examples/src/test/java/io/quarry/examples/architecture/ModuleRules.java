package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import io.quarry.examples.architecture.ClientModules.ClientModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which of the project's modules each module of the build may use, and why: one entry a module, each checked as
 * an ArchUnit rule by {@link ArchitectureTest}. A module may always use its own classes and any library its pom
 * brings; of the other Quarry modules, only those its entry names, and of those only the public API (no
 * {@code internal} package). {@link ArchitectureCoverageTest} fails while a module of the parent pom has no entry
 * here and is not named in {@link #UNRULED}: a new module gets its rule in one line of {@link #NAMED}.
 */
final class ModuleRules {

    static final String CORE = ClientModules.CORE;
    static final String MOCK_SERVER = "mock-server";
    static final String STARTER = "quarry-spring-boot-starter";
    static final String MICROMETER = "observation-micrometer";

    /**
     * A module's rule.
     *
     * @param module its directory in the build, such as {@code observation-micrometer}
     * @param mayUse the other modules whose public API its main classes may use
     * @param because why, as a failure shows it
     */
    record ModuleRule(String module, List<String> mayUse, String because) {

        ModuleRule {
            mayUse = List.copyOf(mayUse);
        }
    }

    /**
     * The modules of the build that have no rule, and why; entries as in the published modules' list
     * ({@code examples/*} is every module under {@code examples/}).
     */
    static final Map<String, String> UNRULED = Map.of(
            "bom", "no classes",
            "examples", "the examples show the modules together, test support included",
            "examples/*", "each example puts some modules together in an application of its own",
            "benchmarks", "the benchmarks measure internals on purpose (their classes are not imported)");

    /** Every module but the clients (read from the parent pom, each ruled alike). */
    private static final List<ModuleRule> NAMED = List.of(
            new ModuleRule(
                    MOCK_SERVER,
                    List.of(),
                    "the mock server is an independent implementation of the service: shared code would make the "
                            + "clients' bugs agree with it and hide"),
            new ModuleRule(
                    "test-support",
                    List.of(CORE, MOCK_SERVER),
                    "the shared test code builds clients against WireMock and the mock server; it names no client "
                            + "module so that every module's tests can use it"),
            new ModuleRule(
                    MICROMETER,
                    List.of(CORE),
                    "an integration implements the core's call observer on its library: it sees calls through the "
                            + "core's public API and spi only, never a client's internals, the mock server or another "
                            + "integration"),
            new ModuleRule(
                    "observation-opentelemetry",
                    List.of(CORE),
                    "an integration implements the core's call observer on its library: it sees calls through the "
                            + "core's public API and spi only, never a client's internals, the mock server or another "
                            + "integration"),
            new ModuleRule(
                    STARTER,
                    Stream.concat(ClientModules.all().stream().map(ClientModule::name), Stream.of(MICROMETER))
                            .toList(),
                    "the starter makes a bean of each client module's public entry point and wires the Micrometer "
                            + "observer; it ships to production, so never the mock server or test support"),
            new ModuleRule(
                    "quarry-spring-boot-starter-test",
                    List.of(CORE, STARTER, MOCK_SERVER),
                    "the starter's test module points the starter's clients at the embedded mock server through "
                            + "their public API"),
            new ModuleRule(
                    "quarry-testcontainers",
                    List.of(CORE, STARTER),
                    "the container module drives the mock server's image from outside, as any client would: the "
                            + "core's public API for its client configuration and the starter's connection details "
                            + "for @ServiceConnection, never the mock server's classes, which are another process's"));

    private ModuleRules() {}

    /**
     * Every rule: those of {@link #NAMED} and one for each client module (the core uses no other module; every other
     * client uses the core only).
     *
     * @return the rules, clients first
     */
    static List<ModuleRule> all() {
        List<ModuleRule> rules = new ArrayList<>();
        for (ClientModule client : ClientModules.all()) {
            rules.add(new ModuleRule(
                    client.name(),
                    client.isCore() ? List.of() : List.of(CORE),
                    client.isCore()
                            ? "the core is the rails every client module runs on; it knows none of them"
                            : "a client module declares endpoints and models on the core's rails; a user adds only "
                                    + "the modules they call"));
        }
        rules.addAll(NAMED);
        return List.copyOf(rules);
    }

    /**
     * The rule of one module of the build.
     *
     * @param module its directory, such as {@code observation-micrometer}
     * @return its rule, empty when it has none
     */
    static Optional<ModuleRule> of(String module) {
        return all().stream().filter(rule -> rule.module().equals(module)).findFirst();
    }

    /**
     * A rule as ArchUnit checks it: the module's classes (those whose module root is its own) use no class of
     * another Quarry module but the public API of those the rule names.
     *
     * @param rule the module's rule
     * @return the ArchUnit rule
     */
    static ArchRule check(ModuleRule rule) {
        String root = rootOf(rule.module());
        List<String> allowed = rule.mayUse().stream().map(ModuleRules::rootOf).toList();
        return classes()
                .that(belongTo(root))
                .should(new UseOnlyTheModulesTheirRuleAllows(root, allowed))
                .because(rule.because());
    }

    private static String rootOf(String module) {
        return ClientModules.rootOf(module)
                .orElseThrow(() -> new IllegalStateException(
                        module + "/pom.xml declares no <module.name> (its root package), which its rule needs"));
    }

    private static DescribedPredicate<JavaClass> belongTo(String root) {
        return DescribedPredicate.describe(
                "belong to " + root, type -> QuarryPackages.moduleRoot(type).equals(Optional.of(root)));
    }
}
