package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.startup.EnvironmentOptions;
import io.quarry.mockserver.testing.TestClient;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone start that cannot go ahead says why in one line naming the option, which {@code main} prints
 * before the usage (an {@link IllegalArgumentException}), rather than ending in a stack trace, and never echoes a
 * value that may be a key.
 */
class MainStartRefusalsTest {

    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void aPortTakenOrAnAddressNotOfThisMachineNamesTheOptions() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            assertThatThrownBy(() -> Main.start(new String[] {"--port", port}, out))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1, port " + port)
                    .hasMessageContaining("--port");
        }
        // an address of the documentation range, no machine's own
        assertThatThrownBy(() -> Main.start(new String[] {"--bind", "192.0.2.1"}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--bind");
    }

    @Test
    void aSeedThatIsMissingOrEmptyNamesTheOption(@TempDir Path dir) {
        String missing = dir.resolve("missing.json").toString();
        assertThatThrownBy(() -> Main.start(new String[] {"--seed", missing}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing)
                .hasMessageContaining("--seed");
        assertThatThrownBy(() -> Main.start(new String[] {"--seed", ""}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--seed");
        assertThat(EnvironmentOptions.withCommandLine(
                        new String[0],
                        Map.of(
                                "QUARRY_MOCK_SEED",
                                "a" + File.pathSeparator + File.pathSeparator + "b" + File.pathSeparator)))
                .as("an empty part would be the working directory")
                .containsExactly("--seed", "a", "--seed", "b");
    }

    @Test
    void kubernetesServiceLinksAreNoOptionsAndAMisspeltOptionStillIs() {
        // a Service named quarry-mock (or quarry-mock-search) puts these in every container of its namespace: the
        // server refused to start on them, and QUARRY_MOCK_PORT's address was no port
        Map<String, String> links = new java.util.TreeMap<>(Map.of(
                "QUARRY_MOCK_SERVICE_HOST", "10.0.0.7",
                "QUARRY_MOCK_SERVICE_PORT", "8080",
                "QUARRY_MOCK_SERVICE_PORT_HTTP", "8080",
                "QUARRY_MOCK_PORT", "tcp://10.0.0.7:8080",
                "QUARRY_MOCK_PORT_8080_TCP", "tcp://10.0.0.7:8080",
                "QUARRY_MOCK_PORT_8080_TCP_PROTO", "tcp",
                "QUARRY_MOCK_PORT_8080_TCP_PORT", "8080",
                "QUARRY_MOCK_PORT_8080_TCP_ADDR", "10.0.0.7",
                "QUARRY_MOCK_SEARCH_PORT", "tcp://10.0.0.8:80",
                "QUARRY_MOCK_SEARCH_SERVICE_HOST", "10.0.0.8"));
        assertThat(EnvironmentOptions.withCommandLine(new String[0], links)).isEmpty();
        links.put("QUARRY_MOCK_APP_ID", "APP");
        assertThat(EnvironmentOptions.withCommandLine(new String[0], links)).containsExactly("--app-id", "APP");
        assertThat(EnvironmentOptions.withCommandLine(new String[0], Map.of("QUARRY_MOCK_PORT", "9000")))
                .as("a port is still the option")
                .containsExactly("--port", "9000");
        for (String misspelt : new String[] {"QUARRY_MOCK_PROT", "QUARRY_MOCK_SERVICE", "QUARRY_MOCK_URL"}) {
            assertThatThrownBy(() -> EnvironmentOptions.withCommandLine(new String[0], Map.of(misspelt, "9000")))
                    .as(misspelt)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("unknown environment variable " + misspelt);
        }
        assertThatThrownBy(() ->
                        EnvironmentOptions.withCommandLine(new String[0], Map.of("QUARRY_MOCK_SEARCH_PORT", "9000")))
                .as("a port number under another name is no service link")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValueGivenTheWrongWayIsNeverEchoed() {
        assertThatThrownBy(() -> Main.start(new String[] {"--admin-key=s3cr3t-value"}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--admin-key VALUE")
                .hasMessageNotContaining("s3cr3t");
        assertThatThrownBy(() -> Main.start(new String[] {"--adminkey=s3cr3t-value"}, out))
                .hasMessageContaining("--adminkey")
                .hasMessageNotContaining("s3cr3t");
        assertThatThrownBy(() -> Main.start(new String[] {"--strict", "s3cr3t-value"}, out))
                .hasMessageContaining("argument 2")
                .hasMessageNotContaining("s3cr3t");
    }

    @Test
    void aTaskDelayIsDigitsAndItsUnitAndAHugeOneNeverPublishes() {
        for (String odd : new String[] {"1fs", "0x1p3s", "NaNs", "1e3s", "s", "..s"}) {
            assertThatThrownBy(() -> Main.duration(odd)).as(odd).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(Main.duration("99999999999999999999s")).isEqualTo(Duration.ofMillis(Long.MAX_VALUE));
        for (Duration huge : new Duration[] {Duration.ofMillis(Long.MAX_VALUE), Duration.ofSeconds(Long.MAX_VALUE)}) {
            try (MockServer server = MockServer.builder().taskDelay(huge).start()) {
                TestClient client = new TestClient(server);
                long task =
                        client.put("/1/indexes/i/1", "{}").body().get("taskID").longValue();
                assertThat(client.get("/1/indexes/i/task/" + task)
                                .body()
                                .get("status")
                                .stringValue())
                        .as("delay %s: the publication time does not wrap round to the past", huge)
                        .isEqualTo("notPublished");
            }
        }
    }
}
