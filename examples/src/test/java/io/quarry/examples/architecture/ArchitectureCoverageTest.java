package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.examples.api.PublishedModules;
import io.quarry.examples.architecture.ModuleRules.ModuleRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every module of the parent pom has its rule in {@link ModuleRules}, or is named in {@link ModuleRules#UNRULED} on
 * purpose, so that a module added to the build is not left unchecked.
 */
class ArchitectureCoverageTest {

    @Test
    void everyModuleOfTheBuildHasARule() {
        List<String> unruled = PublishedModules.buildModules().stream()
                .filter(module -> ModuleRules.UNRULED.keySet().stream()
                        .noneMatch(entry -> PublishedModules.matches(entry, module)))
                .filter(module -> ModuleRules.of(module).isEmpty())
                .toList();
        assertThat(unruled)
                .as("modules of the parent pom with no entry in ModuleRules: add one line saying which modules' "
                        + "public API each may use, and why")
                .isEmpty();
    }

    @Test
    void everyRuleAndEveryExemptionNamesAModuleOfTheBuild() {
        List<String> modules = PublishedModules.buildModules();
        assertThat(ModuleRules.all())
                .allSatisfy(
                        rule -> assertThat(modules).as("rules of ModuleRules").contains(rule.module()))
                .allSatisfy(rule -> assertThat(modules)
                        .as("modules " + rule.module() + " may use")
                        .containsAll(rule.mayUse()));
        assertThat(ModuleRules.UNRULED.keySet())
                .allSatisfy(entry -> assertThat(modules)
                        .as("modules of the build that %s names", entry)
                        .anyMatch(module -> PublishedModules.matches(entry, module)));
    }

    @Test
    void noModuleHasTwoRules() {
        assertThat(ModuleRules.all().stream().map(ModuleRule::module)).doesNotHaveDuplicates();
    }
}
