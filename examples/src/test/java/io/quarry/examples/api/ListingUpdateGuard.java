package io.quarry.examples.api;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Whether {@code -Dquarry.api.update} may rewrite a module's listing: additions always; a listed line removed or
 * changed only when the compatibility gate finds no incompatible change against the baseline, or the major version
 * moved, or no baseline is named yet (nothing is promised before 1.0.0). An incompatible change is never recorded
 * by the update alone.
 */
final class ListingUpdateGuard {

    private ListingUpdateGuard() {}

    /**
     * Why a module's listing must not be rewritten.
     *
     * @param module the module's directory relative to the root
     * @param committed its committed listing
     * @param compiled the listing its classes give
     * @return the reason, naming the lines; empty when the update may go ahead
     */
    static Optional<String> refusal(String module, List<String> committed, List<String> compiled) {
        ApiBaseline baseline = ApiBaseline.named();
        return refusal(
                module,
                committed,
                compiled,
                baseline,
                ModuleCompatibility.currentVersion(),
                () -> ModuleCompatibility.verdict(baseline, module));
    }

    /**
     * Why a module's listing must not be rewritten, against a given baseline and gate.
     *
     * @param module the module's directory relative to the root
     * @param committed its committed listing
     * @param compiled the listing its classes give
     * @param baseline the baseline release, named and built or not
     * @param current the version this build makes
     * @param gate the gate's verdict on the module against a built baseline, empty when the baseline lacks it
     * @return the reason, naming the lines; empty when the update may go ahead
     */
    static Optional<String> refusal(
            String module,
            List<String> committed,
            List<String> compiled,
            ApiBaseline baseline,
            String current,
            Supplier<Optional<CompatibilityGate.Verdict>> gate) {
        List<String> dropped = LineDiff.compare(committed, compiled).stream()
                .filter(line -> line.change() == '-')
                .map(LineDiff.Line::text)
                .filter(text -> !text.isBlank() && !text.startsWith("#"))
                .toList();
        if (dropped.isEmpty() || !baseline.isNamed()) {
            return Optional.empty();
        }
        if (CompatibilityGate.major(current) > CompatibilityGate.major(baseline.version())) {
            return Optional.empty();
        }
        String file = module + "/" + ModuleListing.FILE;
        String lines = dropped.stream().map(line -> "    -" + line).collect(Collectors.joining("\n"));
        if (!baseline.isBuilt()) {
            return Optional.of(file + " NOT rewritten: the update would remove or change these listed lines\n" + lines
                    + "\nand without the baseline's jars the compatibility gate cannot tell whether that breaks "
                    + "callers: " + baseline.absence() + ". Then run the update again.");
        }
        Optional<CompatibilityGate.Verdict> verdict = gate.get();
        if (verdict.isEmpty() || verdict.get().incompatible().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(file + " NOT rewritten: the update would remove or change these listed lines\n" + lines
                + "\nand the compatibility gate finds changes that break callers of " + baseline.version() + ":\n"
                + verdict.get().incompatible().stream()
                        .map(change -> "    " + change)
                        .collect(Collectors.joining("\n"))
                + "\nIn " + current + " the API may only grow (docs/compatibility.md): deprecate the old member and add"
                + " the new one beside it; removals wait for " + (CompatibilityGate.major(baseline.version()) + 1)
                + ".0.0.");
    }
}
