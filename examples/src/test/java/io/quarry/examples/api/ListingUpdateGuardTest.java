package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dquarry.api.update} writes additions, and a removed or changed line only where the gate allows it: the
 * guard's answer for each state of the baseline.
 */
class ListingUpdateGuardTest {

    private static final List<String> LISTED =
            List.of("# header", "", "public final class io.quarry.x.Api", "  public void a()", "  public void b()");

    private static final List<String> WITHOUT_B =
            List.of("# header", "", "public final class io.quarry.x.Api", "  public void a()");

    private static final CompatibilityGate.Verdict BREAKING = new CompatibilityGate.Verdict(
            "1.0.0",
            "1.1.0-SNAPSHOT",
            List.of(new CompatibilityGate.Change("METHOD_REMOVED", "io.quarry.x.Api.b()", false, false)));

    private static final CompatibilityGate.Verdict HARMLESS = new CompatibilityGate.Verdict(
            "1.0.0",
            "1.1.0-SNAPSHOT",
            List.of(new CompatibilityGate.Change("ANNOTATION_DEPRECATED_ADDED", "io.quarry.x.Api.b()", true, true)));

    @TempDir
    Path jars;

    @Test
    void additionsAreWrittenWhateverTheGateSays() throws IOException {
        List<String> added = List.of(
                "# header",
                "",
                "public final class io.quarry.x.Api",
                "  public void a()",
                "  public void b()",
                "  public void c()");

        assertThat(refusal(LISTED, added, built(), "1.1.0-SNAPSHOT", BREAKING)).isEmpty();
    }

    @Test
    void aBreakingRemovalIsRefusedNamingTheLinesAndTheChange() throws IOException {
        Optional<String> refusal = refusal(LISTED, WITHOUT_B, built(), "1.1.0-SNAPSHOT", BREAKING);

        assertThat(refusal)
                .hasValueSatisfying(text -> assertThat(text)
                        .contains("x/api/public-api.txt NOT rewritten")
                        .contains("-  public void b()")
                        .contains("METHOD_REMOVED io.quarry.x.Api.b()"));
    }

    @Test
    void aRemovalTheGateFindsCompatibleIsWritten() throws IOException {
        assertThat(refusal(LISTED, WITHOUT_B, built(), "1.1.0-SNAPSHOT", HARMLESS))
                .isEmpty();
    }

    @Test
    void aModuleNewSinceTheBaselineIsWritten() throws IOException {
        assertThat(refusal(LISTED, WITHOUT_B, built(), "1.1.0-SNAPSHOT", null)).isEmpty();
    }

    @Test
    void aBreakingRemovalIsWrittenInANewMajorVersion() throws IOException {
        assertThat(refusal(LISTED, WITHOUT_B, built(), "2.0.0-SNAPSHOT", BREAKING))
                .isEmpty();
    }

    @Test
    void anyRemovalIsWrittenWhileNoBaselineIsNamed() {
        ApiBaseline none = new ApiBaseline("1.0.0", "", jars);

        assertThat(refusal(LISTED, WITHOUT_B, none, "1.0.0-SNAPSHOT", BREAKING)).isEmpty();
    }

    @Test
    void aRemovalIsRefusedWhileTheNamedBaselineIsNotBuilt() {
        ApiBaseline unbuilt = new ApiBaseline("1.0.0", "0".repeat(40), jars);

        assertThat(refusal(LISTED, WITHOUT_B, unbuilt, "1.1.0-SNAPSHOT", HARMLESS))
                .hasValueSatisfying(
                        text -> assertThat(text).contains("-  public void b()").contains(ApiBaseline.GATE_COMMAND));
    }

    @Test
    void aChangedHeaderIsNoRemoval() throws IOException {
        List<String> newHeader = List.of(
                "# another header", "", "public final class io.quarry.x.Api", "  public void a()", "  public void b()");

        assertThat(refusal(LISTED, newHeader, built(), "1.1.0-SNAPSHOT", BREAKING))
                .isEmpty();
    }

    /** A baseline that .ci/api-baseline has finished, as far as the guard can tell. */
    private ApiBaseline built() throws IOException {
        Files.writeString(jars.resolve("complete"), "version=1.0.0\n");
        return new ApiBaseline("1.0.0", "0".repeat(40), jars);
    }

    private static Optional<String> refusal(
            List<String> committed,
            List<String> compiled,
            ApiBaseline baseline,
            String current,
            CompatibilityGate.Verdict verdict) {
        return ListingUpdateGuard.refusal(
                "x", committed, compiled, baseline, current, () -> Optional.ofNullable(verdict));
    }
}
