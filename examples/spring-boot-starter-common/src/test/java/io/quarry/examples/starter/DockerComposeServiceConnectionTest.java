package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.ClientHandle;
import io.quarry.search.SearchClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The README's compose.yaml (compose/compose.yaml, which the README shows as it is), started by Spring Boot's Docker
 * Compose support: every auto-configured client calls the service, with no {@code quarry.*} property set, the
 * application ID and key coming from the service's environment. Spring Boot drives the {@code docker compose}
 * command (Compose v2); without it the test is skipped. Runs alone, as it did before this project's classes ran two at
 * a time: its services are the machine's to start.
 */
@Isolated
@Tag("containers")
@EnabledIf(
        value = "io.quarry.examples.starter.DockerComposeServiceConnectionTest#composeV2",
        disabledReason = "needs Docker Compose v2 (the command 'docker compose'), which Spring Boot drives")
@SpringBootTest(
        classes = CatalogApplication.class,
        properties = {
            "spring.config.name=containers",
            "spring.docker.compose.skip.in-tests=false",
            "spring.docker.compose.lifecycle-management=start-and-stop",
            "spring.docker.compose.stop.command=down"
        })
class DockerComposeServiceConnectionTest {

    /** The image the README names, a release's; the test runs this build's. */
    private static final String README_IMAGE = "image: quarry/mock-server:1.0.0";

    @Autowired
    ApplicationContext context;

    @Autowired
    ProductCatalog catalog;

    @DynamicPropertySource
    static void composeFile(DynamicPropertyRegistry registry) throws IOException {
        String readme;
        try (InputStream in = DockerComposeServiceConnectionTest.class.getResourceAsStream("/compose/compose.yaml")) {
            readme = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(readme).contains(README_IMAGE);
        // A directory of its own: Compose names the project after it, so that concurrent runs do not share one.
        // Both go at the JVM's exit, after the context's shutdown hook has run "docker compose down" on the file.
        Path directory = Files.createTempDirectory("quarry-compose");
        Path file = directory.resolve("compose.yaml");
        directory.toFile().deleteOnExit();
        file.toFile().deleteOnExit();
        Files.writeString(
                file,
                readme.replace(README_IMAGE, "image: quarry/mock-server:" + System.getProperty("quarry.version")));
        registry.add("spring.docker.compose.file", file::toString);
    }

    @Test
    void everyClientCallsTheComposeService() {
        assertThat(context.getEnvironment().getProperty("quarry.application-id"))
                .isNull();
        assertThat(context.getBeansOfType(ClientHandle.class))
                .hasSize(9)
                .allSatisfy((name, client) ->
                        assertThat(((ClientHandle<?>) client).config().hosts()).hasSize(2));
        assertThat(context.getBean(SearchClient.class).config().credentials().applicationId())
                .hasValue("DEVAPP");

        // The server refuses any key but the service's QUARRY_MOCK_ADMIN_KEY: these calls prove the client has it.
        catalog.save(List.of(new Product("kettle-1", "Steel kettle", "Boil")));
        assertThat(catalog.find("kettle")).extracting(Product::objectID).containsExactly("kettle-1");
    }

    static boolean composeV2() {
        try {
            Process process = new ProcessBuilder("docker", "compose", "version")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
