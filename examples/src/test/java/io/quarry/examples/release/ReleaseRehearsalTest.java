package io.quarry.examples.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rehearses the release as docs/releasing.md gives it, twice, each in a fresh copy of the repository's tracked files,
 * with a throwaway signing key: each bundle must be complete and correctly signed and checksummed, and the two
 * builds' jars and POMs the same bytes. The first bundle is kept, zipped and unzipped as a file repository, under
 * the repository's {@code target/release-rehearsal/}, and a user's project (the consumer project) is built from it
 * alone. Minutes long: only {@code -P release-rehearsal} runs it.
 */
class ReleaseRehearsalTest {

    /** Not a version anyone releases; a release one (no -SNAPSHOT), so the bundle is made as for a release. */
    private static final String VERSION = "1.0.0-rehearsal";

    private static final Path REPOSITORY = Path.of(System.getProperty("quarry.repository.root", ".."))
            .toAbsolutePath()
            .normalize();
    private static final Path BUNDLE = Path.of("target", "central-publishing", "central-bundle.zip");
    /** Where the verified bundle is kept: under the root's target/, so a clean of the root removes it. */
    private static final Path KEPT = REPOSITORY.resolve("target/release-rehearsal");
    /** The user's local repository, read (never written) by the consumer's build for third-party artifacts. */
    private static final Path USER_REPOSITORY =
            Path.of(System.getProperty("quarry.local.repository", System.getProperty("user.home") + "/.m2/repository"));

    private static final Duration BUILD_TIME_LIMIT = Duration.ofMinutes(30);
    private static final String UNPUBLISHED_LEAVES = "!examples,!examples/spring-boot-3,!examples/spring-boot-4,"
            + "!examples/old-jackson-annotations,!examples/spring-boot-3-starter,!examples/spring-boot-4-starter,"
            + "!benchmarks";

    @Test
    @Timeout(value = 70, unit = TimeUnit.MINUTES)
    void theDocumentedReleaseMakesTheSameCompleteSignedBundleTwice(
            @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) {
        ThrowawaySigningKey key = ThrowawaySigningKey.generate("rehearsal passphrase");
        ReleaseCommand command = ReleaseCommand.documentedIn(REPOSITORY.resolve("docs/releasing.md"))
                .withVersion(VERSION)
                // Only what makes it faster: the tests and checks ran in the build that checked this commit, and the
                // unpublished leaves (nothing published depends on them; test-support stays, the published modules'
                // tests need it) are not built. The bundle is made in full: every module, signatures, Javadoc.
                // Never an install into ~/.m2.
                .with(
                        "-DskipTests",
                        "-Dspotless.check.skip=true",
                        "-Denforcer.skip=true",
                        "-Dmaven.install.skip=true",
                        "-pl",
                        UNPUBLISHED_LEAVES);
        Map<String, String> secrets =
                Map.of("MAVEN_GPG_KEY", key.armoredSecretKey(), "MAVEN_GPG_PASSPHRASE", key.passphrase());
        BundleVerifier verifier = new BundleVerifier(key.publicKey(), VERSION, PublishedModules.RELEASE);

        Bundle first = build(temp.resolve("first"), command, secrets, verifier);
        KeptBundle kept = KeptBundle.keep(temp.resolve("first").resolve(BUNDLE), KEPT);
        System.out.printf(
                "release rehearsal: the verified bundle is kept: %s, unzipped as a file repository: %s%n",
                kept.zip(), kept.repository().toUri());
        NestedBuild consumer = BundleConsumer.build(REPOSITORY, kept, VERSION, USER_REPOSITORY, temp);
        System.out.printf(
                "release rehearsal: a project that takes io.quarry from the bundle alone built and passed its test"
                        + " in %d s (log: %s)%n",
                consumer.took().toSeconds(), consumer.log());
        Bundle second = build(temp.resolve("second"), command, secrets, verifier);

        Predicate<String> jarsAndPoms = path -> path.endsWith(".jar") || path.endsWith(".pom");
        assertThat(second.sha256(jarsAndPoms))
                .as("every jar and POM of the second build, byte for byte as in the first")
                .isEqualTo(first.sha256(jarsAndPoms));
    }

    private static Bundle build(
            Path copy, ReleaseCommand command, Map<String, String> secrets, BundleVerifier verifier) {
        int files = TrackedFiles.copy(REPOSITORY, copy);
        System.out.printf(
                "release rehearsal: %d tracked files copied to %s; running %s%n", files, copy, command.words());
        NestedBuild build = NestedBuild.run(copy, command.words(), secrets, BUILD_TIME_LIMIT);
        System.out.printf(
                "release rehearsal: the build in %s took %d s (log: %s)%n",
                copy.getFileName(), build.took().toSeconds(), build.log());

        Path zip = copy.resolve(BUNDLE);
        assertThat(zip).as("the bundle").isRegularFile();
        Bundle bundle = Bundle.read(zip);
        assertThat(verifier.problems(bundle))
                .as("problems of the bundle %s", zip)
                .isEmpty();
        assertThat(extraJars(bundle))
                .as("jars besides the main, sources and Javadoc ones")
                .isEqualTo(new TreeSet<>(PublishedModules.RELEASE.extraJars()));
        String poms = "io/quarry/%1$s/" + VERSION + "/%1$s-" + VERSION + ".pom";
        assertThat(PomRequirements.managedArtifactIds(bundle.files().get(poms.formatted("bom"))))
                .as("what the BOM pins")
                .isEqualTo(new TreeSet<>(PublishedModules.RELEASE.withJars()));
        assertThat(PomRequirements.managedArtifactIds(bundle.files().get(poms.formatted("quarry-parent"))))
                .as("what the parent pins: its dependencyManagement is published with it")
                .containsAll(PublishedModules.RELEASE.withJars())
                .contains("okhttp-jvm", "jackson-bom");
        return bundle;
    }

    /** The classified jars other than sources and Javadoc, as artifactId/classifier. */
    private static Set<String> extraJars(Bundle bundle) {
        Set<String> extras = new TreeSet<>();
        for (String path : BundleVerifier.publishedFiles(bundle)) {
            String[] parts = path.split("/");
            String module = parts[2];
            String prefix = module + "-" + VERSION + "-";
            String name = parts[parts.length - 1];
            if (name.startsWith(prefix) && name.endsWith(".jar")) {
                String classifier = name.substring(prefix.length(), name.length() - ".jar".length());
                if (!classifier.equals("sources") && !classifier.equals("javadoc")) {
                    extras.add(module + "/" + classifier);
                }
            }
        }
        return extras;
    }
}
