package io.quarry.mockserver.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The README's recipe for other teams, run as the README shows it: its compose.yaml (seed volume, keys, a test
 * service reaching the server by its service name once healthy) and its JavaScript search, run by Node against the
 * published port. The files are in compose-recipe/, a project as a team would have it; the README shows them as
 * they are (the examples' ReadmeSnippetsTest checks). Only what a test machine needs is overridden: this build's
 * image, a free port on the loopback address, and a test service from the image itself (no Node image can be pulled).
 */
@Tag("containers")
@ExtendWith({DockerRequired.class, ComposeRequired.class})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Alone: the container tests share the Docker daemon and run alone, as they did before classes ran beside each other.
@Isolated
class ComposeRecipeTest {

    private static final Path RECIPE = Path.of("src/test/resources/compose-recipe");

    private ComposeProject project;

    @BeforeAll
    void startTheSearchService(@TempDir Path work) throws IOException {
        // !override and !reset replace the recipe's values instead of adding to them; $$ leaves $SEARCH_URL to the
        // test container's shell rather than to Compose's substitution.
        Path override = Files.writeString(work.resolve("compose.override.yaml"), """
                services:
                  search-mock:
                    image: %1$s
                    ports: !override ["127.0.0.1::8080"]
                  tests:
                    build: !reset null
                    image: %1$s
                    entrypoint: ["/opt/quarry/bin/busybox", "sh", "-c", "/opt/quarry/bin/busybox wget -qO- $$SEARCH_URL/1/status"]
                """.formatted(Docker.IMAGE));
        project = new ComposeProject(RECIPE, override);
        // --wait: until the image's health check says healthy, as the recipe's depends_on condition does
        project.compose("up", "--wait", "search-mock");
    }

    @AfterAll
    void stopIt() {
        if (project != null) {
            project.close();
        }
    }

    @Test
    void theTestServiceReachesTheServerByItsServiceName() {
        assertThat(project.compose("run", "--rm", "--no-TTY", "tests")).contains("\"operational\"");
    }

    @Test
    void theJavaScriptRecipeSearchesTheSeededIndexWithTheComposeFilesKeys(@TempDir Path work) throws Exception {
        String why = nodeMissingBecause();
        if (why != null && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI runs the JavaScript recipe, but " + why);
        }
        assumeTrue(why == null, () -> "JavaScript recipe skipped: " + why);

        // its output to a file, so that a node that hangs fails the wait instead of blocking a read
        Path output = work.resolve("node.out");
        ProcessBuilder node = new ProcessBuilder("node", "search.mjs")
                .directory(RECIPE.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        node.environment().put("SEARCH_URL", project.publishedUrl("search-mock", 8080));
        node.environment().put("SEARCH_APP_ID", "MYAPP");
        node.environment().put("SEARCH_API_KEY", "test-only-key");
        Process process = node.start();
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("node ended").isTrue();
        } finally {
            process.destroyForcibly();
        }

        String printed = Files.readString(output);
        assertThat(process.exitValue()).as(printed).isZero();
        assertThat(printed).contains("objectID: 'lamp-1'").doesNotContain("kettle-1");
    }

    /** {@return why Node cannot run the recipe (it needs fetch: Node 18 or newer), or null when it can} */
    private static String nodeMissingBecause() {
        try {
            Process process = new ProcessBuilder("node", "--version").start();
            String version = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return "node --version failed";
            }
            int major = Integer.parseInt(version.replaceFirst("^v(\\d+).*", "$1"));
            return major >= 18 ? null : "node " + version + " has no fetch (Node 18 or newer has)";
        } catch (IOException e) {
            return "no node command on the PATH";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (NumberFormatException e) {
            return "node --version printed no version";
        }
    }
}
