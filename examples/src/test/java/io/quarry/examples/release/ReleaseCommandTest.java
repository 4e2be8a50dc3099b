package io.quarry.examples.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/releasing.md gives the release command the rehearsal runs; it must stay one the rehearsal can run. */
class ReleaseCommandTest {

    private static final Path RELEASING =
            Path.of(System.getProperty("quarry.repository.root", "..")).resolve("docs/releasing.md");

    @Test
    void theDocumentedCommandReleases100WithTheReleaseProfileAndInstallsNothing() {
        ReleaseCommand command = ReleaseCommand.documentedIn(RELEASING);

        assertThat(command.version()).isEqualTo("1.0.0");
        assertThat(command.words())
                .startsWith("./mvnw")
                .contains("-P", "release")
                .endsWith("deploy");
        assertThat(command.words()).doesNotContain("install", "-DskipTests");
    }

    @Test
    void theRehearsalReplacesTheVersionAndAppendsItsFlags() {
        ReleaseCommand command = ReleaseCommand.parse(
                List.of("# Releasing", "", "  ./mvnw -B -P release -Drevision=1.0.0 deploy", "./mvnw -B verify"));

        assertThat(command.withVersion("1.0.0-rehearsal").with("-DskipTests").words())
                .containsExactly(
                        "./mvnw", "-B", "-P", "release", "-Drevision=1.0.0-rehearsal", "deploy", "-DskipTests");
    }

    @Test
    void aDocumentWithoutTheCommandOrItsVersionIsRefused() {
        assertThatThrownBy(() -> ReleaseCommand.parse(List.of("mvn deploy")))
                .hasMessageContaining("no line starts with ./mvnw");
        assertThatThrownBy(
                        () -> ReleaseCommand.parse(List.of("./mvnw -B deploy")).withVersion("2.0.0"))
                .hasMessageContaining("-Drevision=");
    }
}
