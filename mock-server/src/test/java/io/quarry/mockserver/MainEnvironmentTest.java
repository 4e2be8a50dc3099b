package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.startup.ReachableAddress;
import io.quarry.mockserver.testing.TestClient;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's options as QUARRY_MOCK_ environment variables, and the lines printed for a container. */
class MainEnvironmentTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private String listeningUrl() {
        return printed()
                .lines()
                .filter(line -> line.startsWith("listening on "))
                .findFirst()
                .orElseThrow()
                .substring("listening on ".length());
    }

    @Test
    void variablesGiveOptionsAndTheCommandLineWins() {
        Map<String, String> environment = Map.of(
                "QUARRY_MOCK_APP_ID", "ENVAPP",
                "QUARRY_MOCK_ADMIN_KEY", "env-secret-key",
                "QUARRY_MOCK_STRICT", "true",
                "QUARRY_MOCK_HTTPS", "false",
                "QUARRY_MOCK_TASK_DELAY", "",
                "OTHER_VARIABLE", "ignored");
        try (MockServer server = Main.start(new String[] {"--app-id", "CLIAPP"}, environment, out)) {
            assertThat(server.applicationId()).isEqualTo("CLIAPP");
            assertThat(server.adminKey()).isEqualTo("env-secret-key");
            assertThat(server.url()).startsWith("http://");
            assertThat(new TestClient(server).get("/1/indexes?bogus=1").status())
                    .as("strict")
                    .isEqualTo(400);
        }
        assertThat(printed())
                .contains("application id: CLIAPP", "admin key: (as given)")
                .doesNotContain("secret");
    }

    @Test
    void theSeedVariableHoldsSeveralPaths(@TempDir Path dir) throws Exception {
        Path first =
                Files.writeString(dir.resolve("a.json"), "{\"indices\":{\"a\":{\"records\":[{\"objectID\":\"1\"}]}}}");
        Path second =
                Files.writeString(dir.resolve("b.json"), "{\"indices\":{\"b\":{\"records\":[{\"objectID\":\"2\"}]}}}");
        Map<String, String> environment = Map.of("QUARRY_MOCK_SEED", first + File.pathSeparator + second);
        try (MockServer server = Main.start(new String[0], environment, out)) {
            assertThat(new TestClient(server).get("/1/indexes/a/1").status()).isEqualTo(200);
            assertThat(new TestClient(server).get("/1/indexes/b/2").status()).isEqualTo(200);
        }
        try (MockServer server = Main.start(new String[] {"--seed", second.toString()}, environment, out)) {
            assertThat(new TestClient(server).get("/1/indexes/a/1").status())
                    .as("the flag replaces the variable's seeds")
                    .isEqualTo(404);
        }
    }

    @Test
    void unknownVariablesAndBadFlagValuesAreRefused() {
        assertThatThrownBy(() -> Main.start(new String[0], Map.of("QUARRY_MOCK_ADMINKEY", "k"), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("QUARRY_MOCK_ADMINKEY")
                .hasMessageNotContaining("=k");
        assertThatThrownBy(() -> Main.start(new String[0], Map.of("QUARRY_MOCK_HTTPS", "yes"), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("QUARRY_MOCK_HTTPS must be true or false");
        assertThatThrownBy(() -> Main.start(new String[0], Map.of("QUARRY_MOCK_PORT", "http"), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--port needs an integer");
    }

    @Test
    void aRefusedValueNamesTheVariableThatGaveItNeverAKey() {
        Map<String, String> refused = Map.of(
                "QUARRY_MOCK_TASK_DELAY", "soon",
                "QUARRY_MOCK_HOSTS", "20",
                "QUARRY_MOCK_ADMIN_KEY", "s3cret.key",
                "QUARRY_MOCK_CLUSTERS", "c1,c1",
                "QUARRY_MOCK_CRAWLER_USER", "crawl:er",
                "QUARRY_MOCK_SEED", "/no/such/seed",
                "QUARRY_MOCK_CERT_OUT", "/certs/mock.pem");
        Map<String, String> messages = Map.of(
                "QUARRY_MOCK_TASK_DELAY", "--task-delay needs a duration such as 500ms, 2s or PT1S, not soon",
                "QUARRY_MOCK_HOSTS", "--hosts: hosts must be 1..10",
                "QUARRY_MOCK_ADMIN_KEY",
                        "--admin-key must hold only ASCII letters, digits, '-' and '_' (character 7 is none of them)",
                "QUARRY_MOCK_CLUSTERS", "--clusters: the cluster c1 is named twice",
                "QUARRY_MOCK_CRAWLER_USER", "--crawler-user: the crawler user ID must not contain ':'",
                "QUARRY_MOCK_SEED", "cannot read the seed /no/such/seed: no such file or directory (--seed)",
                "QUARRY_MOCK_CERT_OUT", "--cert-out needs --https");
        refused.forEach((variable, value) -> assertThatThrownBy(
                        () -> Main.start(new String[0], Map.of(variable, value), out))
                .as(variable)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(messages.get(variable) + " (from the environment: " + variable + ")")
                .hasMessageNotContaining("s3cret"));
        // the same value on the command line: its option alone
        assertThatThrownBy(() -> Main.start(new String[] {"--hosts", "20"}, Map.of("QUARRY_MOCK_PORT", "8080"), out))
                .hasMessage("--hosts: hosts must be 1..10");
    }

    @Test
    void aStartThatFailsOnTwoVariablesNamesBoth() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Map<String, String> environment =
                    Map.of("QUARRY_MOCK_PORT", Integer.toString(taken.getLocalPort()), "QUARRY_MOCK_BIND", "127.0.0.1");
            assertThatThrownBy(() -> Main.start(new String[0], environment, out))
                    .hasMessageStartingWith("cannot listen on 127.0.0.1, port " + taken.getLocalPort())
                    .hasMessageEndingWith(
                            "change --port or --bind (from the environment: QUARRY_MOCK_PORT, QUARRY_MOCK_BIND)");
        }
    }

    @Test
    void onEveryInterfaceTheUrlNamesTheMachinesAddress() {
        try (MockServer server = Main.start(new String[0], Map.of("QUARRY_MOCK_BIND", "0.0.0.0"), out)) {
            String host = ReachableAddress.ofThisMachine().orElse("127.0.0.1");
            assertThat(listeningUrl()).isEqualTo("http://" + host + ":" + server.port());
        }
    }

    @Test
    void aFixedPortFixesTheOtherHostsPorts() {
        // the port after a free one may be taken: a few tries find two in a row
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            try (MockServer server = Main.start(new String[] {"--port", "" + port, "--hosts", "2"}, Map.of(), out)) {
                assertThat(server.hosts()).extracting(MockHost::port).containsExactly(port, port + 1);
                assertThat(printed()).contains("hosts: http://127.0.0.1:" + port + " http://127.0.0.1:" + (port + 1));
                return;
            } catch (IllegalArgumentException e) {
                // Main reports a taken port as a bad option value, naming --port
                if (attempt == 5 || !e.getMessage().startsWith("cannot listen on")) {
                    throw e;
                }
            }
        }
    }

    @Test
    void aTrainingRunAnswersItselfAndStops() {
        assertThat(Main.start(new String[] {"--training-run", "--https"}, Map.of(), out))
                .isNull();
        assertThat(printed()).contains("listening on https://127.0.0.1:");
    }

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
