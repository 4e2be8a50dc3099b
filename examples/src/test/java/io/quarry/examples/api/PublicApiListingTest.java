package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each published module's public API, as its compiled classes give it, is the listing committed in
 * {@code <module>/api/public-api.txt}: a change to the API fails the build, with the difference, until the listing
 * is updated with it, so every API change shows in review. With {@code -Dquarry.api.update} the test writes the
 * listings instead ({@link ModuleListing#UPDATE_COMMAND}), but never records a removed or changed line that the
 * compatibility gate finds incompatible with the baseline release ({@link ListingUpdateGuard}).
 */
class PublicApiListingTest {

    /** {@code -Dquarry.api.update} on Maven's command line (surefire passes it on): write, do not compare. */
    private static final boolean UPDATE = Boolean.getBoolean("quarry.api.update");

    static List<String> publishedModules() {
        return PublishedModules.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("publishedModules")
    void theApiIsTheCommittedListing(String module) {
        List<String> compiled = ModuleListing.compiled(module);
        Optional<List<String>> committed = ModuleListing.committed(module);
        if (UPDATE) {
            committed
                    .flatMap(listed -> ListingUpdateGuard.refusal(module, listed, compiled))
                    .ifPresent(refusal -> fail(refusal));
            if (!committed.equals(Optional.of(compiled))) {
                ModuleListing.write(module, compiled);
                System.out.println("wrote " + module + "/" + ModuleListing.FILE);
            }
            return;
        }
        ModuleListing.problem(module, committed, compiled).ifPresent(problem -> fail(problem));
    }

    @Test
    void theReactorBuildsEveryPublishedModuleBeforeTheExamples() {
        Map<String, String> modulesByArtifact = new HashMap<>();
        PublishedModules.buildModules()
                .forEach(module -> modulesByArtifact.put(PublishedModules.artifactId(module), module));
        // Maven builds a module after every module its pom names, at any depth, whatever the scope or exclusions.
        Set<String> upstream = new HashSet<>();
        Deque<String> next = new ArrayDeque<>(List.of("examples"));
        while (!next.isEmpty()) {
            for (String artifact : PublishedModules.dependencies(next.pop())) {
                String module = modulesByArtifact.get(artifact);
                if (module != null && upstream.add(module)) {
                    next.add(module);
                }
            }
        }
        assertThat(upstream)
                .as("modules built before the examples; add the others to examples/pom.xml's dependencies (test scope, "
                        + "every transitive dependency excluded) so that their classes exist when this test reads them")
                .containsAll(publishedModules());
    }

    @Test
    void everyUnpublishedEntryNamesAModuleOfTheBuild() {
        List<String> modules = PublishedModules.buildModules();
        assertThat(PublishedModules.UNPUBLISHED)
                .allSatisfy(entry -> assertThat(modules)
                        .as("modules of the build that %s names", entry)
                        .anyMatch(module -> PublishedModules.matches(entry, module)));
    }

    @Test
    void onlyPublishedModulesHaveAListing() throws IOException {
        List<String> published = publishedModules();
        try (Stream<Path> directories = Files.list(PublishedModules.ROOT)) {
            List<String> stale = directories
                    .filter(directory -> Files.exists(directory.resolve(ModuleListing.FILE)))
                    .map(directory -> directory.getFileName().toString())
                    .filter(module -> !published.contains(module))
                    .toList();
            assertThat(stale)
                    .as("listings of modules that are not published (left behind by a removed module?)")
                    .isEmpty();
        }
    }
}
