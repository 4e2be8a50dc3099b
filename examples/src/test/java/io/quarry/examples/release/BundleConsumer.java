package io.quarry.examples.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds the consumer project (examples/src/test/consumer: Quarry's BOM, client-search and the mock server in a
 * test) as a user's project, with a kept bundle as the only place io.quarry can come from.
 *
 * <p>The build is offline but for the bundle's {@code file:} repository. Its local repository is new and empty; the
 * user's (~/.m2) is chained behind it read-only ({@code maven.repo.local.tail}), for the third-party libraries and
 * plugins that the reactor's build has fetched already: nothing is downloaded, nothing is written to ~/.m2, and an
 * io.quarry artifact found there would not be downloaded into the new one, which the check after the build requires.
 */
final class BundleConsumer {

    private static final Duration BUILD_TIME_LIMIT = Duration.ofMinutes(10);

    private BundleConsumer() {}

    /**
     * Copies the consumer project into a folder of its own and builds it through its tests.
     *
     * @param repositoryRoot  this repository (its consumer project, its parent POM's versions, its Maven Wrapper)
     * @param bundle          the kept bundle
     * @param version         the bundle's version
     * @param userRepository  the local repository of the build that runs this (read, never written)
     * @param work            an empty folder for the copy and its local repository
     * @return the finished build
     */
    static NestedBuild build(Path repositoryRoot, KeptBundle bundle, String version, Path userRepository, Path work) {
        Path project = work.resolve("consumer");
        Path localRepository = work.resolve("consumer-repository");
        copyTree(repositoryRoot.resolve("examples/src/test/consumer"), project);
        BuildVersions pinned = BuildVersions.of(repositoryRoot.resolve("pom.xml"));
        List<String> command = List.of(
                repositoryRoot.resolve("mvnw").toString(),
                "-B",
                "--offline",
                "-Daether.offline.protocols=file",
                "-Dmaven.repo.local=" + localRepository,
                "-Dmaven.repo.local.tail=" + userRepository,
                "-Dquarry.repository=" + bundle.repository().toUri(),
                "-Dquarry.version=" + version,
                "-Djunit.version=" + pinned.property("junit.version"),
                "-Dassertj.version=" + pinned.property("assertj.version"),
                "-Dresources.plugin.version=" + pinned.plugin("maven-resources-plugin"),
                "-Dcompiler.plugin.version=" + pinned.plugin("maven-compiler-plugin"),
                "-Dsurefire.plugin.version=" + pinned.plugin("maven-surefire-plugin"),
                "test");
        NestedBuild build = NestedBuild.run(project, command, Map.of(), BUILD_TIME_LIMIT);

        for (String module : List.of("bom", "client-search", "client-core", "mock-server")) {
            Path fetched = localRepository.resolve("io/quarry/" + module + "/" + version);
            assertThat(fetched)
                    .as("%s fetched from the bundle into the consumer's own local repository (%s)", module, build.log())
                    .isDirectoryContaining("glob:**/" + module + "-" + version + ".pom");
        }
        return build;
    }

    private static void copyTree(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path source : all.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the consumer project to " + to, e);
        }
    }
}
