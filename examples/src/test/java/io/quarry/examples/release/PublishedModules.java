package io.quarry.examples.release;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The modules a bundle must hold, by artifactId (all of group {@code io.quarry}).
 *
 * @param pomOnly   those published with a POM and nothing else
 * @param withJars  those published with a POM, a jar, a sources jar and a Javadoc jar
 * @param extraJars the jars some of them attach besides those three, as artifactId/classifier
 */
record PublishedModules(Set<String> pomOnly, Set<String> withJars, Set<String> extraJars) {

    /** The group of every published module. */
    static final String GROUP_ID = "io.quarry";

    /** What a Quarry release publishes, as docs/releasing.md lists it. */
    static final PublishedModules RELEASE = new PublishedModules(
            Set.of("quarry-parent", "bom"),
            Set.of(
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
                    "quarry-spring-boot-starter-test",
                    "quarry-testcontainers"),
            // The test jars that the build's own test helpers and the Spring Boot examples use, and the mock
            // server's standalone jar.
            Set.of("client-core/tests", "client-search/tests", "mock-server/all"));

    /** {@return every artifactId} */
    Set<String> all() {
        return Stream.concat(pomOnly.stream(), withJars.stream()).collect(Collectors.toUnmodifiableSet());
    }
}
