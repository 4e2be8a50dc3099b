package io.quarry.examples.release;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a release publishes, as docs/releasing.md lists it: the bundle must hold exactly this. */
final class PublishedModules {

    /** The group of every published module. */
    static final String GROUP_ID = "io.quarry";

    /** Published with a POM and nothing else. */
    static final Set<String> POM_ONLY = Set.of("quarry-parent", "bom");

    /** Published with a POM, a jar, a sources jar and a Javadoc jar. */
    static final Set<String> WITH_JARS = Set.of(
            "client-core",
            "client-search",
            "client-analytics",
            "client-insights",
            "client-personalization",
            "client-answers",
            "client-query-suggestions",
            "client-monitoring",
            "client-usage",
            "client-crawler",
            "mock-server",
            "observation-micrometer",
            "observation-opentelemetry",
            "quarry-spring-boot-starter",
            "quarry-spring-boot-starter-test");

    /**
     * The jars that some modules attach besides those three (artifactId/classifier): the test jars that the build's
     * own test helpers and the Spring Boot examples use, and the mock server's standalone jar.
     */
    static final Set<String> EXTRA_JARS = Set.of("client-core/tests", "client-search/tests", "mock-server/all");

    private PublishedModules() {}

    /** {@return every published artifactId} */
    static Set<String> all() {
        return Stream.concat(POM_ONLY.stream(), WITH_JARS.stream()).collect(Collectors.toUnmodifiableSet());
    }
}
