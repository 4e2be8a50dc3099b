package io.quarry.examples.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release rehearsal's bundle checks catch what would make the central repository refuse a bundle, or publish a
 * wrong one: a bundle made here, right, then spoiled one way at a time.
 */
class BundleVerifierTest {

    private static final String VERSION = "1.2.3";
    // Few modules, so few signatures to make: the checks are the same for each.
    private static final PublishedModules MODULES =
            new PublishedModules(Set.of("bom"), Set.of("client-usage", "mock-server"), Set.of());
    private static final String JAR = "io/quarry/client-usage/1.2.3/client-usage-1.2.3.jar";
    private static final String POM = "io/quarry/client-usage/1.2.3/client-usage-1.2.3.pom";

    /**
     * The keys' size: the checks read signatures of any size alike, and a release-sized key took most of the class's
     * CPU to make (two of them).
     */
    private static final int KEY_BITS = 1024;

    private static ThrowawaySigningKey key;
    private static BundleVerifier verifier;
    private static Map<String, byte[]> complete;

    @BeforeAll
    static void makeTheKeyAndACompleteBundle() {
        key = ThrowawaySigningKey.generate("test passphrase", KEY_BITS);
        verifier = new BundleVerifier(key.publicKey(), VERSION, MODULES);
        // Signed once for all the tests: each spoils its own copy.
        complete = new TreeMap<>();
        MODULES.pomOnly().forEach(module -> addModule(complete, module, false));
        MODULES.withJars().forEach(module -> addModule(complete, module, true));
    }

    @Test
    void aCompleteBundleReadFromItsZipHasNoProblem(@TempDir Path temp) throws IOException {
        Path zip = temp.resolve("central-bundle.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (Map.Entry<String, byte[]> file : completeBundle().entrySet()) {
                out.putNextEntry(new ZipEntry(file.getKey()));
                out.write(file.getValue());
            }
        }

        assertThat(verifier.problems(Bundle.read(zip))).isEmpty();
    }

    @Test
    void aFileChangedAfterSigningFailsItsSignatureAndItsChecksums() {
        Map<String, byte[]> files = completeBundle();
        files.put(JAR, "a jar changed after the build".getBytes(StandardCharsets.UTF_8));

        assertThat(verifier.problems(new Bundle(files)))
                .containsExactlyInAnyOrder(
                        JAR + ".asc: not a valid signature of its file by the release key",
                        JAR + ".md5: does not match its file",
                        JAR + ".sha1: does not match its file");
    }

    @Test
    void aWrongChecksumIsReported() {
        Map<String, byte[]> files = completeBundle();
        files.put(POM + ".sha1", Bundle.digest("SHA-1", new byte[] {1}).getBytes(StandardCharsets.US_ASCII));

        assertThat(verifier.problems(new Bundle(files))).containsExactly(POM + ".sha1: does not match its file");
    }

    @Test
    void aSignatureByAnotherKeyIsReported() {
        Map<String, byte[]> files = completeBundle();
        ThrowawaySigningKey someoneElse = ThrowawaySigningKey.generate("another passphrase", KEY_BITS);
        byte[] signature = someoneElse.sign(files.get(JAR));
        withChecksums(files, JAR + ".asc", signature);

        assertThat(verifier.problems(new Bundle(files)))
                .containsExactly(JAR + ".asc: not a valid signature of its file by the release key");
    }

    @Test
    void missingSignaturesChecksumsFilesAndModulesAreReported() {
        Map<String, byte[]> files = completeBundle();
        files.remove(JAR + ".asc.md5");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar.md5");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar.sha1");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar.asc");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar.asc.md5");
        files.remove("io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar.asc.sha1");
        files.keySet().removeIf(path -> path.startsWith("io/quarry/bom/"));
        files.remove(POM + ".asc");
        files.remove(POM + ".asc.md5");
        files.remove(POM + ".asc.sha1");
        addModule(files, "test-support", false);

        assertThat(verifier.problems(new Bundle(files)))
                .containsExactlyInAnyOrder(
                        JAR + ".asc: no .md5",
                        POM + ": no .asc",
                        "modules missing: [bom]",
                        "modules not to publish: [test-support]",
                        "io/quarry/client-usage/1.2.3/client-usage-1.2.3-javadoc.jar: missing");
    }

    @Test
    void aPomWithoutScmOrWithAnUnresolvedVersionIsReported() {
        Map<String, byte[]> files = completeBundle();
        String pom = pom("client-usage", "${revision}").replaceAll("(?s)<scm>.*</scm>", "");
        withSignatureAndChecksums(files, POM, pom.getBytes(StandardCharsets.UTF_8));

        assertThat(verifier.problems(new Bundle(files)))
                .containsExactlyInAnyOrder(
                        POM + ": references ${revision}",
                        POM + ": has version ${revision}, not 1.2.3",
                        POM + ": has no scm url",
                        POM + ": has no scm connection",
                        POM + ": has no scm developerConnection");
    }

    @Test
    void aPomThatStillNamesASnapshotAnywhereIsReported() {
        Map<String, byte[]> files = completeBundle();
        String pom = pom("client-usage", VERSION)
                .replace("</scm>", "</scm>\n  <properties><revision>1.2.4-SNAPSHOT</revision></properties>");
        withSignatureAndChecksums(files, POM, pom.getBytes(StandardCharsets.UTF_8));

        assertThat(verifier.problems(new Bundle(files))).containsExactly(POM + ": contains SNAPSHOT");
    }

    @Test
    void aFileOutsideTheReleasedVersionIsReported() {
        Map<String, byte[]> files = completeBundle();
        files.put("io/quarry/client-usage/1.2.2/client-usage-1.2.2.jar", new byte[] {1});

        assertThat(verifier.problems(new Bundle(files)))
                .containsExactly("io/quarry/client-usage/1.2.2/client-usage-1.2.2.jar: not a file of io.quarry at 1.2.3"
                        + " in repository layout");
    }

    /** A bundle as the release makes it: every published module, everything signed, everything checksummed. */
    private static Map<String, byte[]> completeBundle() {
        return new TreeMap<>(complete);
    }

    private static void addModule(Map<String, byte[]> files, String module, boolean withJars) {
        String base = "io/quarry/" + module + "/" + VERSION + "/" + module + "-" + VERSION;
        withSignatureAndChecksums(files, base + ".pom", pom(module, VERSION).getBytes(StandardCharsets.UTF_8));
        if (withJars) {
            for (String suffix : new String[] {".jar", "-sources.jar", "-javadoc.jar"}) {
                byte[] content = (module + suffix).getBytes(StandardCharsets.UTF_8);
                withSignatureAndChecksums(files, base + suffix, content);
            }
        }
    }

    private static void withSignatureAndChecksums(Map<String, byte[]> files, String path, byte[] content) {
        withChecksums(files, path, content);
        withChecksums(files, path + ".asc", key.sign(content));
    }

    private static void withChecksums(Map<String, byte[]> files, String path, byte[] content) {
        files.put(path, content);
        files.put(path + ".md5", Bundle.digest("MD5", content).getBytes(StandardCharsets.US_ASCII));
        files.put(path + ".sha1", Bundle.digest("SHA-1", content).getBytes(StandardCharsets.US_ASCII));
    }

    private static String pom(String artifactId, String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>io.quarry</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                  <name>Quarry</name>
                  <description>A module.</description>
                  <url>https://github.com/quarry-sdk/quarry-java</url>
                  <licenses>
                    <license>
                      <name>Apache License, Version 2.0</name>
                      <url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>
                    </license>
                  </licenses>
                  <developers>
                    <developer>
                      <name>The Quarry developers</name>
                    </developer>
                  </developers>
                  <scm>
                    <url>https://github.com/quarry-sdk/quarry-java</url>
                    <connection>scm:git:https://github.com/quarry-sdk/quarry-java.git</connection>
                    <developerConnection>scm:git:git@github.com:quarry-sdk/quarry-java.git</developerConnection>
                  </scm>
                </project>
                """.formatted(artifactId, version);
    }
}
