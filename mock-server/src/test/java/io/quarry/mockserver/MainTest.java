package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.TestClient;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, in-process and as a separate JVM stopped with SIGTERM. */
class MainTest {

    private static String listeningUrl(String output) {
        return output.lines()
                .filter(line -> line.startsWith("listening on "))
                .findFirst()
                .map(line -> line.substring("listening on ".length()))
                .orElseThrow();
    }

    @Test
    void startsInProcessWithOptions(@TempDir Path dir) throws Exception {
        Path pem = dir.resolve("cert.pem");
        Path seed = dir.resolve("seed.json");
        Files.writeString(seed, "{\"indices\":{\"s\":{\"records\":[{\"objectID\":\"1\"}]}}}");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MockServer server = Main.start(
                new String[] {
                    "--port",
                    "0",
                    "--app-id",
                    "CLIAPP",
                    "--admin-key",
                    "cli-key-value",
                    "--https",
                    "--cert-out",
                    pem.toString(),
                    "--seed",
                    seed.toString(),
                    "--task-delay",
                    "250ms",
                    "--strict"
                },
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            String output = bytes.toString(StandardCharsets.UTF_8);
            assertThat(listeningUrl(output)).isEqualTo(server.url()).startsWith("https://127.0.0.1:");
            assertThat(output).contains("application id: CLIAPP").doesNotContain("cli-key-value");
            assertThat(Files.readString(pem)).contains("BEGIN CERTIFICATE");
            assertThat(new TestClient(server).get("/1/indexes/s/1").status()).isEqualTo(200);
            assertThat(new TestClient(server).get("/1/indexes?bogus=1").status())
                    .isEqualTo(400);
        } finally {
            server.close();
        }
    }

    @Test
    void defaultsArePrinted() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MockServer server = Main.start(new String[0], new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            String output = bytes.toString(StandardCharsets.UTF_8);
            assertThat(output)
                    .contains("application id: " + MockServer.DEFAULT_APPLICATION_ID + " (default)")
                    .contains("admin key: " + MockServer.DEFAULT_ADMIN_KEY + " (default)");
            assertThat(output.strip().lines().reduce((a, b) -> b).orElseThrow())
                    .isEqualTo("listening on " + server.url());
        }
    }

    @Test
    void consoleOffServesNoConsole() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (MockServer off = Main.start(new String[] {"--console", "off"}, out);
                MockServer on = Main.start(new String[] {"--console", "ON"}, out)) {
            assertThat(new TestClient(off).get("/_mock/console/api/tasks").status())
                    .isEqualTo(404);
            assertThat(new TestClient(on).get("/_mock/console/api/tasks").status())
                    .isEqualTo(200);
        }
        assertThatThrownBy(() -> Main.start(new String[] {"--console", "maybe"}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("on or off");
    }

    @Test
    void badOptionsAreRefused() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Main.start(new String[] {"--nope"}, out)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Main.start(new String[] {"--port"}, out)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Main.start(new String[] {"--cert-out", "x.pem"}, out))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Main.start(new String[] {"--task-delay", "soon"}, out))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Main.start(new String[] {"--monitoring-seed", "x"}, out))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Main.start(new String[] {"--help"}, out)).isNull();
    }

    @Test
    void aCertificateThatCannotBeWrittenSaysWhyInWords(@TempDir Path dir) {
        // in a container: a directory not mounted, or a file name that is a directory
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path unmounted = dir.resolve("certs").resolve("mock.pem");

        assertThatThrownBy(() -> Main.start(new String[] {"--https", "--cert-out", unmounted.toString()}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot write " + unmounted + ": no such directory (--cert-out)");
        assertThatThrownBy(() -> Main.start(new String[] {"--https", "--cert-out", dir.toString()}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot write " + dir + ": ")
                .hasMessageEndingWith(" (--cert-out)")
                .hasMessageNotContaining(dir + ": " + dir);
    }

    @Test
    void hostsAreAnOptionAndPrintedBeforeTheLastLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MockServer server =
                Main.start(new String[] {"--hosts", "3"}, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            List<String> lines =
                    bytes.toString(StandardCharsets.UTF_8).strip().lines().toList();
            assertThat(server.hosts()).hasSize(3);
            assertThat(lines.get(lines.size() - 2))
                    .isEqualTo("hosts: " + server.hosts().get(0).url() + " "
                            + server.hosts().get(1).url() + " "
                            + server.hosts().get(2).url());
            assertThat(lines.get(lines.size() - 1)).isEqualTo("listening on " + server.url());
        }
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Main.start(new String[] {"--hosts", "0"}, out))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Main.start(new String[] {"--hosts", "x"}, out))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void versionIsPrintedWithoutStarting() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertThat(Main.start(new String[] {"--version"}, new PrintStream(bytes, true, StandardCharsets.UTF_8)))
                .isNull();
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .startsWith("quarry mock-server ")
                .doesNotContain("unknown");
    }

    @Test
    void productCredentialsAreOptionsAndGivenKeysAreNeverPrinted() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String[] args = {
            "--monitoring-key",
            "secret-mon",
            "--usage-key",
            "secret-use",
            "--crawler-user",
            "crawl-me",
            "--crawler-key",
            "secret-crawl"
        };
        try (MockServer server = Main.start(args, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            assertThat(server.monitoringKey()).isEqualTo("secret-mon");
            assertThat(server.usageKey()).isEqualTo("secret-use");
            assertThat(server.crawlerUserId()).isEqualTo("crawl-me");
            assertThat(server.crawlerApiKey()).isEqualTo("secret-crawl");
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("crawler user id: crawl-me", "monitoring key: (as given)", "crawler api key: (as given)")
                .doesNotContain("secret-");
    }

    @Test
    void clustersAreConfigurable() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MockServer server = Main.start(
                new String[] {"--clusters", "eu-1, us-1,ap-1"}, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            assertThat(new TestClient(server).get("/1/clusters").body().get("clusters"))
                    .hasSize(3);
        }
        try (MockServer server =
                Main.start(new String[] {"--clusters", ""}, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            assertThat(new TestClient(server).get("/1/clusters").status()).isEqualTo(403);
        }
    }

    @Test
    void theMonitoringSeedGivesTheProbesSeries() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (MockServer seeded = Main.start(new String[] {"--monitoring-seed", "42"}, out);
                MockServer same = MockServer.builder().monitoringSeed(42).start();
                MockServer other = Main.start(new String[0], out)) {
            // a minute may pass between the reads: the minutes both series hold are compared
            java.util.Map<Long, Long> seededPoints = points(seeded);
            java.util.Map<Long, Long> samePoints = points(same);
            java.util.Map<Long, Long> otherPoints = points(other);
            seededPoints.keySet().retainAll(samePoints.keySet());
            seededPoints.keySet().retainAll(otherPoints.keySet());
            samePoints.keySet().retainAll(seededPoints.keySet());
            otherPoints.keySet().retainAll(seededPoints.keySet());
            assertThat(seededPoints)
                    .hasSizeGreaterThan(1400)
                    .isEqualTo(samePoints)
                    .isNotEqualTo(otherPoints);
        }
    }

    /** {@return the latency points of mock-cluster-1 over the last day, by minute} */
    private static java.util.Map<Long, Long> points(MockServer server) {
        java.util.Map<Long, Long> points = new java.util.TreeMap<>();
        new TestClient(server)
                .get("/1/latency/mock-cluster-1")
                .body()
                .at("/metrics/latency/mock-cluster-1")
                .forEach(p -> points.put(p.get("t").asLong(), p.get("v").asLong()));
        return points;
    }

    @Test
    void taskDelayFormats() {
        assertThat(Main.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Main.duration("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Main.duration("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Main.duration("PT3S")).isEqualTo(Duration.ofSeconds(3));
        assertThat(Main.duration("40")).isEqualTo(Duration.ofMillis(40));
    }

    @Test
    void runsAsAProcessAndStopsOnSigterm() throws Exception {
        Path javaBinary = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(
                javaBinary.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "--port",
                "0"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String url = null;
            for (int i = 0; i < 20 && url == null; i++) {
                String line = reader.readLine();
                assertThat(line).as("the process ended before listening").isNotNull();
                if (line.startsWith("listening on ")) {
                    url = line.substring("listening on ".length());
                }
            }
            assertThat(url).startsWith("http://127.0.0.1:");
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(url + "/_mock/version"))
                                    .header("X-Service-API-Key", MockServer.DEFAULT_ADMIN_KEY)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);

            process.destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS))
                    .as("stops on SIGTERM")
                    .isTrue();
            assertThat(process.exitValue()).isIn(0, 143);
        } finally {
            process.destroyForcibly();
        }
    }
}
