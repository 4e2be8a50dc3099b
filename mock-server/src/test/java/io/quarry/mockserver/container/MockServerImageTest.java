package io.quarry.mockserver.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The mock server's image, run by Docker: what it prints, serves and refuses, its seed volume, its health check, its
 * user and its stop. In the containers profile only ({@code .ci/containers}), against the image it has built.
 */
@Tag("containers")
@ExtendWith(DockerRequired.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Alone: the container tests share the Docker daemon and run alone, as they did before classes ran beside each other.
@Isolated
class MockServerImageTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private Instant started;
    private RunningContainer shared;

    @BeforeAll
    void startOne() {
        // docker events --since takes whole seconds: one second earlier misses none of this container's events
        started = Instant.now().minusSeconds(1);
        shared = RunningContainer.start(List.of(), List.of(8080), List.of());
    }

    @AfterAll
    void removeIt() {
        if (shared != null) {
            shared.close();
        }
    }

    private int get(String url, String applicationId, String apiKey) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(url))
                                .header("X-Service-Application-Id", applicationId)
                                .header("X-Service-API-Key", apiKey)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private HttpResponse<String> search(String url, String applicationId, String apiKey, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("X-Service-Application-Id", applicationId)
                        .header("X-Service-API-Key", apiKey)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersWithThePrintedCredentialsAndPrintsAnAddressClientsReach() throws Exception {
        String applicationId = shared.printed("application id").replace(" (default)", "");
        String adminKey = shared.printed("admin key").replace(" (default)", "");

        assertThat(get(shared.publishedUrl(8080) + "/1/indexes", applicationId, adminKey))
                .isEqualTo(200);
        assertThat(shared.lines()).last().isEqualTo("listening on http://" + shared.address() + ":8080");
    }

    @Test
    void refusesAWrongKey() throws Exception {
        assertThat(get(shared.publishedUrl(8080) + "/1/indexes", "QUARRYMOCK", "not-the-key"))
                .isEqualTo(403);
    }

    @Test
    void runsAsAUserOtherThanRoot() {
        assertThat(Docker.run("exec", shared.name(), "/opt/quarry/bin/busybox", "id", "-u"))
                .isNotEqualTo("0")
                .isEqualTo("10001");
    }

    @Test
    void isHealthyByItsHealthCheck() throws Exception {
        Process events = Docker.start(List.of(
                "events",
                "--since",
                Long.toString(started.getEpochSecond()),
                "--filter",
                "container=" + shared.name(),
                "--format",
                "{{.Status}}"));
        try {
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(events.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<Boolean> healthy = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        if (line.equals("health_status: healthy")) {
                            return true;
                        }
                    }
                    return false;
                } catch (IOException e) {
                    return false;
                }
            });
            // the health check runs every 2 s: a few rounds on a loaded machine
            assertThat(healthy.get(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            events.destroyForcibly();
        }
    }

    @Test
    void itsHealthChecksAreNoneOfTheApplicationsTrafficAndPassWhileTheHostIsFaulted() throws Exception {
        String url = shared.publishedUrl(8080);
        // as a test of failover scripts it, for the host the check asks; Docker's own rounds go on meanwhile
        HttpResponse<String> scripted = control(
                url + "/_mock/hosts/0/faults",
                "{\"type\": \"during\", \"durationMs\": 60000, \"fault\": {\"type\": \"status\", \"status\": 503}}");
        assertThat(scripted.statusCode()).as(scripted.body()).isEqualTo(200);
        try {
            String counted = requestCount(url);
            // the container is shared: what other tests (or its start) asked before is in the journal already
            String journaledBefore = journal(url);

            shared.healthCheck(List.of());
            shared.healthCheck(List.of());

            assertThat(requestCount(url)).as("the host's request count").isEqualTo(counted);
            String journaledAfter = journal(url);
            for (String path : List.of("\"/1/status\"", "\"/_mock/version\"")) {
                assertThat(occurrences(journaledAfter, path))
                        .as("journal entries for " + path)
                        .isEqualTo(occurrences(journaledBefore, path));
            }
            // it checks the answer: with another key than the server's, the same check fails
            assertThatThrownBy(() -> shared.healthCheck(List.of("-e", "QUARRY_MOCK_ADMIN_KEY=not-the-key")))
                    .hasMessageContaining("HTTP/1.1 403");
        } finally {
            http.send(
                    HttpRequest.newBuilder(URI.create(url + "/_mock/hosts/0/faults"))
                            .header("X-Service-API-Key", "mock-admin-key")
                            .DELETE()
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
        }
    }

    /** {@return host 0's request count, as the server tells it: {@code "requestCount":12}} */
    private String requestCount(String url) throws Exception {
        Matcher count = Pattern.compile("\"requestCount\":\\d+")
                .matcher(control(url + "/_mock/hosts", null).body());
        assertThat(count.find()).isTrue();
        return count.group();
    }

    @Test
    void servesAMountedSeedWithTheVariablesCredentialsOnTwoHosts(@TempDir Path seed) throws Exception {
        Files.writeString(
                seed.resolve("products.json"),
                "{\"indices\":{\"products\":{\"records\":[{\"objectID\":\"p1\",\"name\":\"lamp\"}]}}}");
        // the server runs as another user than the one writing the files
        Files.setPosixFilePermissions(seed, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(seed.resolve("products.json"), PosixFilePermissions.fromString("rw-r--r--"));
        try (RunningContainer container = RunningContainer.start(
                List.of(
                        "-v", seed + ":/seed:ro",
                        "-e", "QUARRY_MOCK_APP_ID=SEEDED",
                        "-e", "QUARRY_MOCK_ADMIN_KEY=seeded-key-value",
                        "-e", "QUARRY_MOCK_MONITORING_KEY=seeded-monitoring-value",
                        "-e", "QUARRY_MOCK_USAGE_KEY=seeded-usage-value",
                        "-e", "QUARRY_MOCK_CRAWLER_KEY=seeded-crawler-value",
                        "-e", "QUARRY_MOCK_HOSTS=2"),
                List.of(8080, 8081),
                List.of())) {
            assertThat(container.lines())
                    .contains(
                            "application id: SEEDED",
                            "admin key: (as given)",
                            "monitoring key: (as given)",
                            "usage key: (as given)",
                            "crawler api key: (as given)");
            // what it prints, on standard output and standard error alike, holds none of the keys given
            assertThat(String.join("\n", container.lines())).doesNotContain("-value");
            String address = container.address();
            assertThat(container.printed("hosts")).isEqualTo("http://" + address + ":8080 http://" + address + ":8081");
            for (int port : List.of(8080, 8081)) {
                assertThat(get(container.publishedUrl(port) + "/1/indexes/products/p1", "SEEDED", "seeded-key-value"))
                        .isEqualTo(200);
            }
            // search parameters are bound through classes of the JDK the image's runtime must hold (java.beans)
            HttpResponse<String> found = search(
                    container.publishedUrl(8080) + "/1/indexes/products/query",
                    "SEEDED",
                    "seeded-key-value",
                    "{\"query\":\"lamp\",\"hitsPerPage\":5,\"attributesToRetrieve\":[\"name\"]}");
            assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
            assertThat(found.body()).contains("\"objectID\":\"p1\"");
            assertThat(get(container.publishedUrl(8080) + "/1/indexes", "SEEDED", "wrong-key-value"))
                    .isEqualTo(403);
            // the health check asks with the key the variable gave
            container.healthCheck(List.of());
            assertThat(container.logs()).as("all it printed").doesNotContain("-value");
        }
    }

    @Test
    void readsAndPrintsAVariableThatIsNotAscii(@TempDir Path dir) throws Exception {
        // the variable's UTF-8 bytes in a file docker reads, whatever this JVM's locale makes of a command line; a
        // seed that is not there, so that the server says the name it read, and stops at once
        Path variables = Files.write(
                dir.resolve("variables.env"),
                "QUARRY_MOCK_SEED=/seeds/thé-vert.json\n".getBytes(StandardCharsets.UTF_8));

        // in a C locale the JVM decoded it as ASCII: "Malformed input ...: /seeds/th??-vert.json"
        assertThatThrownBy(
                        () -> RunningContainer.start(List.of("--env-file", variables.toString()), List.of(), List.of()))
                .hasMessageContaining("/seeds/thé-vert.json: no such file or directory");
    }

    @Test
    void answersTheRequestUnderWayBeforeItStopsOnSigterm() throws Exception {
        try (RunningContainer container = RunningContainer.start(List.of(), List.of(8080), List.of())) {
            String url = container.publishedUrl(8080);
            // its answer comes late, as a slow handler's would: the stop begins while it is under way
            HttpResponse<String> scripted = control(
                    url + "/_mock/faults",
                    "{\"method\": \"GET\", \"path\": \"/1/indexes\", \"count\": 1,"
                            + " \"fault\": {\"type\": \"delay\", \"delayMs\": 3000}}");
            assertThat(scripted.statusCode()).as(scripted.body()).isEqualTo(200);
            CompletableFuture<HttpResponse<String>> answer = http.sendAsync(
                    HttpRequest.newBuilder(URI.create(url + "/1/indexes"))
                            .header("X-Service-Application-Id", "QUARRYMOCK")
                            .header("X-Service-API-Key", "mock-admin-key")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            Eventually.waitUntil("the request reaches the server", () -> {
                try {
                    return control(url + "/_mock/hosts", null).body().contains("\"requestCount\":1");
                } catch (Exception e) {
                    return false;
                }
            });

            Docker.run("stop", "--time", "30", container.name());

            assertThat(answer.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(Docker.run("wait", container.name())).isEqualTo("143");
        }
    }

    @Test
    void overHttpsItsCertificateNamesTheContainersAddressAndHostName(@TempDir Path certificates) throws Exception {
        // the server's user writes the certificate into the mounted directory
        Files.setPosixFilePermissions(certificates, PosixFilePermissions.fromString("rwxrwxrwx"));
        try (RunningContainer container = RunningContainer.start(
                List.of(
                        "--hostname", "search-mock",
                        "-v", certificates + ":/certs",
                        "-e", "QUARRY_MOCK_HTTPS=true",
                        "-e", "QUARRY_MOCK_CERT_OUT=/certs/mock.pem"),
                List.of(8080),
                List.of())) {
            assertThat(container.lines()).last().isEqualTo("listening on https://" + container.address() + ":8080");
            X509Certificate certificate;
            try (InputStream pem = Files.newInputStream(certificates.resolve("mock.pem"))) {
                certificate = (X509Certificate)
                        CertificateFactory.getInstance("X.509").generateCertificate(pem);
            }
            List<String> names = certificate.getSubjectAlternativeNames().stream()
                    .map(entry -> String.valueOf(entry.get(1)))
                    .toList();
            assertThat(names).contains("localhost", "127.0.0.1", "search-mock", container.address());
        }
    }

    @Test
    void itsFilesCarryOneTimeSoThatTwoBuildsGiveTheSameSystemLayer() throws Exception {
        // the files of the image as Docker exports them, less those Docker writes into every container and the
        // training run's cache (JDK 25's AOT cache, a JDK 17 build's CDS archive), which the JVM does not write the
        // same way twice
        String created = Docker.run("create", Docker.IMAGE);
        try {
            Process export = new ProcessBuilder(
                            "bash", "-c", "docker export " + created + " | tar -tv --full-time", "export")
                    .redirectErrorStream(true)
                    .start();
            List<String> entries = new String(export.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> line.startsWith("-"))
                    .filter(
                            line -> !line.matches(
                                    ".* (\\.dockerenv|dev/console|etc/hosts|etc/hostname|etc/resolv\\.conf|opt/quarry/mock-server\\.(aot|jsa))$"))
                    .toList();
            assertThat(export.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(entries).as("the image's files").hasSizeGreaterThan(10);
            // "-rw-r--r-- 0/0 95 2026-11-29 20:35:01 etc/passwd": the fourth and fifth fields are the time
            assertThat(entries.stream()
                            .map(line -> line.split(" +"))
                            .map(fields -> fields[3] + " " + fields[4])
                            .distinct()
                            .toList())
                    .as("the times of the image's files")
                    .hasSize(1);
        } finally {
            Docker.run("rm", created);
        }
    }

    @Test
    void carriesTheOpenContainerLabelsOfWhatItIsBuiltFrom() throws Exception {
        // "key=value" a line, one per label
        Map<String, String> labels = Docker.run(
                        "image",
                        "inspect",
                        "--format",
                        "{{range $k, $v := .Config.Labels}}{{$k}}={{$v}}{{\"\\n\"}}{{end}}",
                        Docker.IMAGE)
                .lines()
                .map(line -> line.split("=", 2))
                .collect(Collectors.toMap(entry -> entry[0], entry -> entry[1]));
        String prefix = "org.opencontainers.image.";
        // the version of the server it runs, as the server says it: {"version":"1.0.0"}
        String version = control(shared.publishedUrl(8080) + "/_mock/version", null)
                .body()
                .replaceAll("\\{\"version\":\"(.*)\"}", "$1");
        assertThat(labels)
                .containsEntry(prefix + "version", version)
                .containsEntry(prefix + "source", "https://github.com/quarry-sdk/quarry-java")
                .containsEntry(prefix + "licenses", "Apache-2.0")
                .containsEntry(prefix + "title", "Quarry mock server");
        // built from a checkout: its commit, and that commit's time (the same for two builds of it)
        assertThat(labels.get(prefix + "revision")).matches("[0-9a-f]{40}");
        assertThat(labels.get(prefix + "created")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    }

    @Test
    void itsJavaRuntimeCarriesNoNativeSymbolTable(@TempDir Path copied) throws Exception {
        // libjvm.so's symbol table is about 5 MB that nothing in a container reads: the build strips it (objcopy)
        String created = Docker.run("create", Docker.IMAGE);
        try {
            Docker.run("cp", created + ":/opt/java/openjdk/lib/server/libjvm.so", copied.toString());
        } finally {
            Docker.run("rm", created);
        }
        assertThat(ElfSymbolTables.count(copied.resolve("libjvm.so")))
                .as("symbol tables of the image's libjvm.so (built without binutils' objcopy?)")
                .isZero();
    }

    @Test
    void weighsUnderAHundredMegabytes() {
        // a runtime of the modules the server needs, its libraries, busybox, the jar and the cache: 83 MB
        long bytes = Long.parseLong(Docker.run("image", "inspect", "--format", "{{.Size}}", Docker.IMAGE));
        assertThat(bytes).isLessThan(100_000_000L);
    }

    /** A control endpoint's answer: POST with a body, GET without. */
    private HttpResponse<String> control(String url, String json) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url)).header("X-Service-API-Key", "mock-admin-key");
        return http.send(
                json == null
                        ? request.build()
                        : request.POST(HttpRequest.BodyPublishers.ofString(json))
                                .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesAsAnyUserOnAReadOnlyRootFilesystemWithinAMemoryLimit() throws Exception {
        // nothing written outside a mounted volume (no perf-data file, the cache only read), a heap sized to the limit;
        // as a user the image does not know, in the root group, as OpenShift runs a container; without capabilities
        // or a way to gain privileges, as Kubernetes' restricted profile runs it
        try (RunningContainer container = RunningContainer.start(
                List.of(
                        "--user",
                        "12345:0",
                        "--read-only",
                        "--cap-drop",
                        "ALL",
                        "--security-opt",
                        "no-new-privileges",
                        "--memory",
                        "256m"),
                List.of(8080),
                List.of())) {
            assertThat(get(container.publishedUrl(8080) + "/1/indexes", "QUARRYMOCK", "mock-admin-key"))
                    .isEqualTo(200);
            assertThat(Docker.run("exec", container.name(), "/opt/quarry/bin/busybox", "id", "-u"))
                    .isEqualTo("12345");
            // the health check too, as Docker runs it: as the container's user
            Docker.run("exec", container.name(), "/opt/quarry/bin/busybox", "sh", "/opt/quarry/healthcheck.sh");
            // a JVM started beside the server, in its container, sizes its heap to the container's limit
            long maxHeap = Docker.run(
                            "exec",
                            container.name(),
                            "/opt/java/openjdk/bin/java",
                            "-XX:+UseSerialGC",
                            "-XX:+PrintFlagsFinal",
                            "-version")
                    .lines()
                    .filter(line -> line.matches("\\s*size_t MaxHeapSize .*"))
                    .map(line -> Long.parseLong(line.trim().split(" +")[3]))
                    .findFirst()
                    .orElseThrow();
            assertThat(maxHeap).isLessThanOrEqualTo(128L * 1024 * 1024);
        }
    }

    @Test
    void stopsOnSigtermWithinASecond() {
        try (RunningContainer container = RunningContainer.start(List.of(), List.of(), List.of())) {
            Docker.run("stop", "--time", "1", container.name());
            // 143: the JVM ended on SIGTERM; 137 would be Docker's SIGKILL, a second after it
            assertThat(Docker.run("wait", container.name())).isEqualTo("143");
        }
    }

    @Test
    void onAPortAnotherProgramHoldsItStopsAtOnceNamingTheVariable() throws Exception {
        // on the host's network, as a CI job may run it: the port is the machine's, which another program may hold
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("0.0.0.0"))) {
            assertThatThrownBy(() -> RunningContainer.start(
                            List.of("--network", "host", "-e", "QUARRY_MOCK_PORT=" + taken.getLocalPort()),
                            List.of(),
                            List.of()))
                    .hasMessageContaining("error: cannot listen on 0.0.0.0, port " + taken.getLocalPort())
                    .hasMessageContaining("(from the environment: QUARRY_MOCK_PORT");
        }
    }

    @Test
    void runsOnAnotherCollectorAsTheReadmeSays() {
        // JAVA_TOOL_OPTIONS come before the image's -XX:+UseSerialGC, _JAVA_OPTIONS after it: the README's way
        String printed = Docker.run(
                "run",
                "--rm",
                "-e",
                "_JAVA_OPTIONS=-XX:-UseSerialGC -XX:+UseG1GC -Xlog:gc:stdout",
                Docker.IMAGE,
                "--version");

        assertThat(printed).contains("Using G1").contains("quarry mock-server ");
    }

    @Test
    void aCrashOfTheJvmIsReportedInTheContainersLog() {
        // the JVM's crash report, which it writes into a file by default where it can: in the container's /tmp, gone
        // with the container (docker run --rm) and out of what CI keeps, its log
        try (RunningContainer container = RunningContainer.start(List.of(), List.of(), List.of())) {
            // a SIGSEGV from outside, which the JVM reports as a crash of its own
            Docker.run("kill", "--signal", "SEGV", container.name());
            Docker.run("wait", container.name());

            assertThat(container.logs())
                    .contains("A fatal error has been detected by the Java Runtime Environment")
                    // the report itself, not only the lines that say where it went
                    .contains("S U M M A R Y");
        }
    }

    /** The console's journal of the server at {@code url}, as the admin key reads it. */
    private String journal(String url) throws IOException, InterruptedException {
        HttpResponse<String> journal = http.send(
                HttpRequest.newBuilder(URI.create(url + "/_mock/console/api/journal"))
                        .header("X-Service-Application-Id", "QUARRYMOCK")
                        .header("X-Service-API-Key", "mock-admin-key")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(journal.statusCode()).as(journal.body()).isEqualTo(200);
        return journal.body();
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
