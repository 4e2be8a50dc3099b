package io.quarry.spring.test;

import java.util.List;

/**
 * What a {@link QuarryMockServer} asks of the server; two test classes with equal settings share one context.
 *
 * @param https whether the server speaks HTTPS
 * @param hosts how many hosts (ports) the server listens on
 * @param seed  the seed resource locations
 */
record MockServerSettings(boolean https, int hosts, List<String> seed) {

    static MockServerSettings of(QuarryMockServer annotation) {
        return new MockServerSettings(annotation.https(), annotation.hosts(), List.of(annotation.seed()));
    }
}
