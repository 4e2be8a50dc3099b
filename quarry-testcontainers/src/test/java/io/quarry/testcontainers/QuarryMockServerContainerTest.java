package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.utility.DockerImageName;

/** What the container is configured with before it starts; no Docker needed. */
class QuarryMockServerContainerTest {

    @Test
    void startsTheProjectsOwnImageByDefault() {
        try (QuarryMockServerContainer container = new QuarryMockServerContainer()) {
            assertThat(container.toString())
                    .contains("image=quarry/mock-server:" + System.getProperty("quarry.version") + ",");
            assertThat(container.getExposedPorts()).containsExactly(8080);
        }
    }

    @Test
    void takesOnlyTheMockServersImageOrOneDeclaredCompatible() {
        DockerImageName other = DockerImageName.parse("example/other:1");

        assertThatThrownBy(() -> new QuarryMockServerContainer(other)).isInstanceOf(IllegalStateException.class);
        try (QuarryMockServerContainer container =
                new QuarryMockServerContainer(other.asCompatibleSubstituteFor("quarry/mock-server"))) {
            assertThat(container.toString()).contains("image=example/other:1,");
        }
    }

    @Test
    void eachHostIsAnExposedPort() {
        try (QuarryMockServerContainer container = new QuarryMockServerContainer().withHosts(3)) {
            assertThat(container.getExposedPorts()).containsExactly(8080, 8081, 8082);
            assertThat(container.getEnvMap()).containsEntry("QUARRY_MOCK_HOSTS", "3");
            assertThat(container.getHostCount()).isEqualTo(3);
        }
        assertThatThrownBy(() -> new QuarryMockServerContainer().withHosts(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QuarryMockServerContainer().withHosts(11))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void credentialsDefaultToTheServersAndFollowTheSettings() {
        try (QuarryMockServerContainer container = new QuarryMockServerContainer()) {
            assertThat(container.getApplicationId()).isEqualTo("QUARRYMOCK");
            assertThat(container.getAdminKey()).isEqualTo("mock-admin-key");

            container.withApplicationId("MYAPP").withAdminKey("s3cret-admin-key");

            assertThat(container.getApplicationId()).isEqualTo("MYAPP");
            assertThat(container.getAdminKey()).isEqualTo("s3cret-admin-key");
            assertThat(container.getEnvMap())
                    .containsEntry("QUARRY_MOCK_APP_ID", "MYAPP")
                    .containsEntry("QUARRY_MOCK_ADMIN_KEY", "s3cret-admin-key");
        }
    }

    @Test
    void credentialsAHeaderCannotCarryAsGivenAreRefusedWithoutShowingTheKey() {
        // a header value loses its outer spaces and cannot hold a control or non-ASCII character: the server would
        // expect an application ID no client can send
        for (String id : new String[] {" MYAPP", "MYAPP\n", "MY\u00c9APP", "MY\tAPP"}) {
            assertThatThrownBy(() -> new QuarryMockServerContainer().withApplicationId(id))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("applicationId must be printable ASCII");
        }
        assertThatThrownBy(() -> new QuarryMockServerContainer().withAdminKey(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("adminKey");
        assertThatThrownBy(() -> new QuarryMockServerContainer().withApplicationId(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("applicationId");
    }

    @Test
    void anAdminKeyTheServerWouldRefuseIsRefusedWithoutShowingIt() {
        // the server takes the keys it can hide whole when it shows a request again: letters, digits, '-' and '_'
        for (String key :
                new String[] {" s3cret-key", "s3cret-key\n", "s3cret-k\u00e9y", "s3cret key~1", "s3cret.key"}) {
            assertThatThrownBy(() -> new QuarryMockServerContainer().withAdminKey(key))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("adminKey must hold only ASCII letters, digits, '-' and '_'")
                    .hasMessageNotContaining("s3cret");
        }
        for (String key : new String[] {"", "s3cret-".repeat(7) + "k"}) {
            assertThatThrownBy(() -> new QuarryMockServerContainer().withAdminKey(key))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("adminKey must be 1 to 48 characters long")
                    .hasMessageNotContaining("s3cret");
        }
        String longest = "S3cret_k-".repeat(5) + "abc";
        try (QuarryMockServerContainer container = new QuarryMockServerContainer().withAdminKey(longest)) {
            assertThat(container.getAdminKey()).isEqualTo(longest);
        }
    }

    @Test
    void aMissingImageIsNamed() {
        // Testcontainers' own message ("dockerImageName is marked non-null but is null") names its parameter
        assertThatThrownBy(() -> new QuarryMockServerContainer(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("image");
    }

    @Test
    void toStringNamesNoKey() {
        try (QuarryMockServerContainer container = new QuarryMockServerContainer().withAdminKey("s3cret-admin-key")) {
            assertThat(container.toString())
                    .contains("quarry/mock-server", "hosts=1")
                    .doesNotContain("s3cret-admin-key", "mock-monitoring-key", "mock-crawler-key");
        }
    }

    @Test
    void seedsAreNamedInOrder() {
        Path directory = Path.of("src/test/resources/seed");
        Path file = directory.resolve("books.json");
        try (QuarryMockServerContainer container =
                new QuarryMockServerContainer().withSeed(directory).withSeed(file)) {
            assertThat(container.getEnvMap()).containsEntry("QUARRY_MOCK_SEED", "/seed/0:/seed/1/books.json");
        }
        assertThatThrownBy(() -> new QuarryMockServerContainer().withSeed(Path.of("no/such/seed.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no/such/seed.json");
    }

    @Test
    void aSeedFileWhoseNameHoldsAColonStaysOneSeed(@TempDir Path directory) throws IOException {
        // the server splits its seed variable at ':'
        Path file = Files.writeString(directory.resolve("books:2026.json"), "{\"indices\": {}}");
        try (QuarryMockServerContainer container = new QuarryMockServerContainer().withSeed(file)) {
            assertThat(container.getEnvMap()).containsEntry("QUARRY_MOCK_SEED", "/seed/0/books_2026.json");
        }
    }

    @Test
    void serverVariablesThatWouldPutTheHostsOutOfReachAreRefusedBeforeTheStart() {
        for (String[] variable : new String[][] {
            {"QUARRY_MOCK_PORT", "9000"},
            {"QUARRY_MOCK_BIND", "127.0.0.1"},
            {"QUARRY_MOCK_HTTPS", "true"},
            {"QUARRY_MOCK_HOSTS", "3"}
        }) {
            try (QuarryMockServerContainer container =
                    new QuarryMockServerContainer().withHosts(2).withEnv(variable[0], variable[1])) {
                assertThatThrownBy(container::configure)
                        .as(variable[0])
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining(variable[0]);
            }
        }
        try (QuarryMockServerContainer container =
                new QuarryMockServerContainer().withHosts(2).withEnv("QUARRY_MOCK_TASK_DELAY", "50")) {
            container.configure();
            assertThat(container.getEnvMap()).containsEntry("QUARRY_MOCK_HOSTS", "2");
        }
    }

    @Test
    void serverOptionsThatWouldPutTheHostsOutOfReachAreRefusedBeforeTheStart() {
        for (String[] command : new String[][] {
            {"--port", "9000"}, {"--bind", "127.0.0.1"}, {"--https"}, {"--task-delay", "50", "--hosts", "3"}
        }) {
            try (QuarryMockServerContainer container = new QuarryMockServerContainer().withCommand(command)) {
                assertThatThrownBy(container::configure)
                        .as(String.join(" ", command))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining(command[command.length == 4 ? 2 : 0]);
            }
        }
        try (QuarryMockServerContainer container =
                new QuarryMockServerContainer().withCommand("--task-delay", "50", "--strict")) {
            container.configure();
        }
    }

    @Test
    void credentialsOnTheServersCommandLineAreRefusedNamingTheSettingNeverTheValue() {
        // on the command line they would win over the container's settings, which the getters and clientConfig() give
        String[][] refused = {
            {"--app-id", "withApplicationId(id)"},
            {"--admin-key", "withAdminKey(key)"},
            {"--monitoring-key", "withEnv(\"QUARRY_MOCK_MONITORING_KEY\", key)"},
            {"--usage-key", "withEnv(\"QUARRY_MOCK_USAGE_KEY\", key)"},
            {"--crawler-user", "withEnv(\"QUARRY_MOCK_CRAWLER_USER\", id)"},
            {"--crawler-key", "withEnv(\"QUARRY_MOCK_CRAWLER_KEY\", key)"}
        };
        for (String[] option : refused) {
            try (QuarryMockServerContainer container =
                    new QuarryMockServerContainer().withCommand("--strict", option[0], "s3cret-value")) {
                assertThatThrownBy(container::configure)
                        .as(option[0])
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageStartingWith(option[0] + " cannot be given to this container's server")
                        .hasMessageEndingWith("set it with " + option[1])
                        .hasMessageNotContaining("s3cret");
            }
        }
        try (QuarryMockServerContainer container = new QuarryMockServerContainer()
                .withAdminKey("s3cret-value")
                .withEnv("QUARRY_MOCK_CRAWLER_KEY", "crawler-s3cret")) {
            container.configure();
            assertThat(container.getCrawlerApiKey()).isEqualTo("crawler-s3cret");
        }
    }

    @Test
    void faultsAreForTheServersHostsOnly() {
        try (QuarryMockServerContainer container = new QuarryMockServerContainer().withHosts(2)) {
            assertThatThrownBy(() -> container.hostFaults(2)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> container.hostFaults(-1)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
