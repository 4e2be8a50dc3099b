package io.quarry.examples.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The release every later version's public API is held to: its version and commit as {@code api/baseline.properties}
 * names them, and the folder where {@code .ci/api-baseline} builds that commit's published modules' jars.
 *
 * @param version the baseline's version, such as {@code 1.0.0}
 * @param commit the full hash of its commit; empty while no release is named
 * @param jars the folder of its jars, one {@code <module>.jar} per published module once built
 */
record ApiBaseline(String version, String commit, Path jars) {

    /** Where the baseline is named. */
    static final Path FILE = PublishedModules.ROOT.resolve("api/baseline.properties");

    /** Builds the baseline when it is not yet, then runs the gate: one command for a developer and for CI. */
    static final String GATE_COMMAND = ".ci/api-gate";

    /** Marks a folder that {@code .ci/api-baseline} has finished. */
    private static final String COMPLETE = "complete";

    /**
     * The baseline the build is held to: the commit of {@code -Dquarry.api.baseline} (which {@code .ci/api-gate
     * <commit>} sets) or else the file's, with the file's version.
     *
     * @return the baseline, named or not
     */
    static ApiBaseline named() {
        Properties file = new Properties();
        try (InputStream in = Files.newInputStream(FILE)) {
            file.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE, e);
        }
        String version = file.getProperty("version", "").trim();
        if (version.isEmpty()) {
            throw new IllegalStateException(FILE + " names no version");
        }
        String commit = System.getProperty("quarry.api.baseline", file.getProperty("commit", ""))
                .trim();
        return new ApiBaseline(version, commit, cache().resolve(commit));
    }

    /**
     * Whether a release is named as the baseline.
     *
     * @return false before 1.0.0 is released (nothing was promised before it)
     */
    boolean isNamed() {
        return !commit.isEmpty();
    }

    /**
     * Whether the baseline's jars are there to compare with.
     *
     * @return whether {@code .ci/api-baseline} has built this commit
     */
    boolean isBuilt() {
        return isNamed() && Files.exists(jars.resolve(COMPLETE));
    }

    /**
     * Why the gate cannot run, in one line that says how to make it run.
     *
     * @return the reason
     */
    String absence() {
        return isNamed()
                ? "the API baseline " + version + " (" + commit + ") is not built in " + jars + ": " + GATE_COMMAND
                        + " builds it (about a minute) and runs the gate"
                : "api/baseline.properties names no commit yet (nothing is promised before 1.0.0)";
    }

    /**
     * A module's baseline jar.
     *
     * @param module the module's directory relative to the root
     * @return its jar, empty when the module was not published in the baseline
     */
    Optional<Path> jar(String module) {
        Path jar = jars.resolve(module.replace('/', '-') + ".jar");
        return Files.exists(jar) ? Optional.of(jar) : Optional.empty();
    }

    /**
     * Every jar of the baseline: the class path its classes were compiled against, as far as Quarry's own go.
     *
     * @return the jars
     */
    List<String> classPath() {
        try (Stream<Path> files = Files.list(jars)) {
            return files.filter(file -> file.toString().endsWith(".jar"))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The modules the baseline published.
     *
     * @return their directory names, from the jars' names
     */
    List<String> modules() {
        return classPath().stream()
                .map(jar -> Path.of(jar).getFileName().toString().replaceFirst("\\.jar$", ""))
                .toList();
    }

    /** The same folder as {@code .ci/api-baseline}'s: QUARRY_API_BASELINE_CACHE, else ~/.cache/quarry/api-baseline. */
    private static Path cache() {
        String folder = System.getenv("QUARRY_API_BASELINE_CACHE");
        return folder != null && !folder.isBlank()
                ? Path.of(folder)
                : Path.of(System.getProperty("user.home"), ".cache", "quarry", "api-baseline");
    }
}
