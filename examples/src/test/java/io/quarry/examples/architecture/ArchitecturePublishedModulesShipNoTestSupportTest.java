package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.examples.api.PublishedModules;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * No published module brings test-support to its users: not in its pom's dependencies of any scope but
 * {@code test}, at any depth through the build's own modules, and not in its rule ({@link ModuleRules}), which keeps
 * its classes from using test-support's.
 */
class ArchitecturePublishedModulesShipNoTestSupportTest {

    private static final String TEST_SUPPORT = "test-support";

    @TestFactory
    Stream<DynamicTest> noPublishedModuleDependsOnTestSupport() {
        return PublishedModules.all().stream()
                .map(module -> DynamicTest.dynamicTest(module, () -> {
                    assertThat(shippedTree(module))
                            .as(module + "'s dependencies, but test-scoped ones, through the build's modules")
                            .doesNotContain(TEST_SUPPORT);
                    assertThat(ModuleRules.of(module))
                            .as(module + "'s rule in ModuleRules")
                            .hasValueSatisfying(
                                    rule -> assertThat(rule.mayUse()).doesNotContain(TEST_SUPPORT));
                }));
    }

    /** The artifacts a module ships with, following the build's own modules down (a library brings no Quarry one). */
    private static Set<String> shippedTree(String module) {
        Map<String, String> modulesByArtifact = new HashMap<>();
        PublishedModules.buildModules().forEach(each -> modulesByArtifact.put(PublishedModules.artifactId(each), each));
        Set<String> artifacts = new LinkedHashSet<>();
        Deque<String> next = new ArrayDeque<>(List.of(module));
        while (!next.isEmpty()) {
            for (String artifact : PublishedModules.shippedDependencies(next.pop())) {
                String upstream = modulesByArtifact.get(artifact);
                if (artifacts.add(artifact) && upstream != null) {
                    next.add(upstream);
                }
            }
        }
        return artifacts;
    }
}
