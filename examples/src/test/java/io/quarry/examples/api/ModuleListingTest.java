package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The failures of the listing check say what differs and the one command that updates the listings. */
class ModuleListingTest {

    private static final List<String> LISTING = List.of("public final class a.A", "  public void one()");

    @Test
    void aModuleWithoutAListingIsToldHowToCreateIt() {
        assertThat(ModuleListing.problem("client-new", Optional.empty(), LISTING))
                .hasValueSatisfying(problem -> assertThat(problem)
                        .contains("client-new is published but has no API listing (client-new/api/public-api.txt)")
                        .contains(ModuleListing.UPDATE_COMMAND)
                        .contains("PublishedModules.UNPUBLISHED"));
    }

    @Test
    void aDifferentApiIsShownAsADiffWithTheUpdateCommand() {
        List<String> compiled = List.of("public class a.A", "  public void one()");

        assertThat(ModuleListing.problem("client-new", Optional.of(LISTING), compiled))
                .hasValueSatisfying(problem -> assertThat(problem)
                        .contains("The public API of client-new is not the one listed in client-new/api/public-api.txt")
                        .contains("-public final class a.A\n+public class a.A".replace("\n", System.lineSeparator()))
                        .contains(ModuleListing.UPDATE_COMMAND));
    }

    @Test
    void theSameApiIsNoProblem() {
        assertThat(ModuleListing.problem("client-new", Optional.of(LISTING), LISTING))
                .isEmpty();
    }
}
