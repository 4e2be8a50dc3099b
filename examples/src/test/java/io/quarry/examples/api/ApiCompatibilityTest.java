package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The compatibility gate on the real modules: every published module keeps the public API of the baseline release
 * ({@code api/baseline.properties}), binary and source, unless the current major version is above the baseline's.
 * Compatible changes pass and are printed. Where the baseline's jars are not built the test is skipped with one
 * line. {@code .ci/api-gate} builds them and runs it, once per CI run: the examples' Surefire configuration leaves it
 * out of {@code ./mvnw verify}, which each JDK pass runs ({@link ApiGateStageTest}); the cheap listing tests stay there.
 */
class ApiCompatibilityTest {

    @Test
    void everyPublishedModuleKeepsTheBaselineApi() {
        ApiBaseline baseline = ApiBaseline.named();
        if (!baseline.isBuilt()) {
            System.out.println("API compatibility gate SKIPPED: " + baseline.absence());
            Assumptions.abort(baseline.absence());
        }
        String current = ModuleCompatibility.currentVersion();
        List<String> published = PublishedModules.all();
        List<String> failures = new ArrayList<>();
        CompatibilityGate.Comparison comparison = ModuleCompatibility.comparison(baseline);
        for (String module : published) {
            Optional<CompatibilityGate.Verdict> verdict = ModuleCompatibility.verdict(baseline, module, comparison);
            if (verdict.isEmpty()) {
                System.out.println(module + ": new since " + baseline.version() + ", nothing to compare");
            } else if (!verdict.get().changes().isEmpty()) {
                String changes = module + " (" + baseline.version() + " -> " + current + "):\n"
                        + verdict.get().describe();
                System.out.println(changes);
                if (!verdict.get().passes()) {
                    failures.add(changes);
                }
            }
        }
        boolean majorMoved = CompatibilityGate.major(current) > CompatibilityGate.major(baseline.version());
        baseline.modules().stream()
                .filter(module -> !published.contains(module))
                .filter(module -> !majorMoved)
                .forEach(module -> failures.add(module + ": published in " + baseline.version() + ", no more"));
        if (!failures.isEmpty()) {
            fail("Incompatible changes to the public API since " + baseline.version() + " (" + baseline.commit()
                    + "), which only a major version may make (docs/compatibility.md: deprecate, add beside, or "
                    + "wait for " + (CompatibilityGate.major(baseline.version()) + 1) + ".0.0):\n\n"
                    + String.join("\n\n", failures));
        }
    }
}
