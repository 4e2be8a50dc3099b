package io.quarry.examples.oldjackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * With Spring Boot 3's jackson-annotations, the mock server refuses to start the way the clients do: the message
 * names the artifact, the version found, the version needed and the fix, wherever it is started from.
 */
class MockServerOnOldJacksonAnnotationsTest {

    private static void assertNamesTheProblemAndTheFix(String message) {
        AbstractStringAssert<?> text = assertThat(message);
        text.contains("com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .contains("the class path has 2.19")
                .contains("Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22")
                .doesNotContain("NoClassDefFoundError");
    }

    @Test
    void anEmbeddedServerDoesNotStart() {
        assertThatThrownBy(() -> MockServer.builder().start())
                .isInstanceOf(IllegalStateException.class)
                .satisfies(e -> assertNamesTheProblemAndTheFix(e.getMessage()));
    }

    /** A test class as an application writes it; run below through JUnit, not by the build. */
    static class UsesTheExtension {
        @RegisterExtension
        static final MockServerExtension MOCK = MockServerExtension.builder()
                .configure(server -> server.seedJson("{\"indices\":{\"books\":{\"records\":[{\"objectID\":\"1\"}]}}}"))
                .build();

        @Test
        void search() {
            MOCK.server();
        }
    }

    @Test
    void theJUnitExtensionFailsTheTestClassBeforeAnyTest() {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create()
                .execute(
                        LauncherDiscoveryRequestBuilder.request()
                                .selectors(selectClass(UsesTheExtension.class))
                                .build(),
                        listener);

        TestExecutionSummary summary = listener.getSummary();
        assertThat(summary.getTestsSucceededCount()).isZero();
        List<TestExecutionSummary.Failure> failures = summary.getFailures();
        assertThat(failures).singleElement().satisfies(failure -> {
            assertThat(failure.getException()).isInstanceOf(IllegalStateException.class);
            assertNamesTheProblemAndTheFix(failure.getException().getMessage());
        });
    }

    @Test
    void theCommandLineExitsWithTheMessage() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "io.quarry.mockserver.Main",
                        "--port",
                        "0")
                .redirectErrorStream(true)
                .start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.exitValue()).isEqualTo(1);
        assertNamesTheProblemAndTheFix(output);
        assertThat(output).startsWith("error: ").doesNotContain("listening on");
    }
}
