package io.quarry.examples.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's test command finds the JDKs a user has, wherever they are: {@code .ci/run} with {@code
 * QUARRY_CI_PLAN=1} prints the passes it would run and stops, and {@code QUARRY_JDK_DIRS} hides the install roots,
 * so each case sees only the JDKs it names.
 */
class CiRunJdksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static Path runningJdk;

    @TempDir
    Path noJdks;

    @BeforeAll
    static void findTheRunningJdk() {
        runningJdk = Path.of(System.getProperty("java.home"));
    }

    @Test
    void onlyAJdk25OnJavaHomeRunsOnePassOnIt() throws Exception {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assumeTrue(Files.isExecutable(jdk25.resolve("bin/javac")), "no JDK 25 here");

        Run run = plan(Map.of("JAVA_HOME", jdk25.toString()));

        assertThat(run.exitCode).as(run.output).isZero();
        assertThat(run.output)
                .contains("first pass on JDK 25 (" + jdk25 + ")")
                .contains("second pass SKIPPED: no JDK 17 found");
    }

    @Test
    void theJdkOnJavaHomeRunsWhateverItsRelease() throws Exception {
        String release = System.getProperty("java.specification.version");

        Run run = plan(Map.of("JAVA_HOME", runningJdk.toString()));

        assertThat(run.exitCode).as(run.output).isZero();
        assertThat(run.output).contains("first pass on JDK " + release + " (" + runningJdk + ")");
    }

    @Test
    void ciRefusesToRunWithOneJdk() throws Exception {
        Run run = plan(Map.of("JAVA_HOME", runningJdk.toString(), "CI", "true"));

        assertThat(run.exitCode).isNotZero();
        assertThat(run.output).contains("CI needs both JDK 17 and JDK 25");
    }

    @Test
    void noJdkAtAllSaysWhatToSet() throws Exception {
        Run run = plan(Map.of("JAVA_HOME", noJdks.toString()));

        assertThat(run.exitCode).isNotZero();
        assertThat(run.output).contains("no JDK 17 or newer found: set JAVA_HOME");
    }

    @Test
    void aJdkUnderAnInstallRootIsFoundWithoutJavaHomeOrJavaOnThePath() throws Exception {
        Path roots = Files.createDirectory(noJdks.resolve("roots"));
        Path link = Files.createSymbolicLink(roots.resolve("some-jdk"), runningJdk);
        Run run;
        try {
            run = plan(
                    Map.of(
                            "QUARRY_JDK_DIRS",
                            roots.toString(),
                            "PATH",
                            toolsWithoutJava().toString()),
                    "JAVA_HOME");
        } finally {
            Files.delete(link);
        }

        assertThat(run.exitCode).as(run.output).isZero();
        assertThat(run.output)
                .contains("first pass on JDK " + System.getProperty("java.specification.version") + " (" + link + ")");
    }

    /** A PATH folder holding only the tools the script uses besides the JDK's. */
    private Path toolsWithoutJava() throws IOException {
        Path bin = Files.createDirectory(noJdks.resolve("bin"));
        for (String tool : List.of("dirname", "sed", "head")) {
            Files.copy(Path.of("/usr/bin", tool), bin.resolve(tool));
            bin.resolve(tool).toFile().setExecutable(true);
        }
        return bin;
    }

    private static Run plan(Map<String, String> variables, String... unset) throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder("bash", ".ci/run").directory(ROOT.toFile()).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        // The case names every JDK it wants seen; CI's own variables would change the rules.
        environment.remove("CI");
        environment.remove("QUARRY_JDK17");
        environment.remove("QUARRY_JDK25");
        for (String name : unset) {
            environment.remove(name);
        }
        environment.put("QUARRY_JDK_DIRS", "");
        environment.put("QUARRY_CI_PLAN", "1");
        environment.putAll(variables);
        Process process = builder.start();
        List<String> lines = new ArrayList<>();
        try (var reader = process.inputReader(StandardCharsets.UTF_8)) {
            reader.lines().forEach(lines::add);
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), String.join("\n", lines));
    }

    private record Run(int exitCode, String output) {}
}
