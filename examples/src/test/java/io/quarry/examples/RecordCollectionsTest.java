package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.testsupport.RecordCollections;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No client module's public record, nor one of the mock server's engine, shares a list, set or map with its caller
 * (see RecordCollections); the core's host, which refuses sample values, is checked by the core's own test.
 */
class RecordCollectionsTest {

    @Test
    void everyModulesRecordsKeepTheirOwnCollections() {
        assertThat(RecordCollections.problemsIn(
                        Set.of(Host.class),
                        "io.quarry.core",
                        "io.quarry.core.spi",
                        "io.quarry.search",
                        "io.quarry.search.model",
                        "io.quarry.analytics",
                        "io.quarry.analytics.model",
                        "io.quarry.insights",
                        "io.quarry.insights.model",
                        "io.quarry.personalization",
                        "io.quarry.personalization.model",
                        "io.quarry.answers",
                        "io.quarry.answers.model",
                        "io.quarry.querysuggestions",
                        "io.quarry.querysuggestions.model",
                        "io.quarry.monitoring",
                        "io.quarry.monitoring.model",
                        "io.quarry.usage",
                        "io.quarry.usage.model",
                        "io.quarry.crawler",
                        "io.quarry.crawler.model"))
                .isEmpty();
    }

    @Test
    void theMockServersEngineRecordsKeepTheirOwnCollections() {
        // listed public API: a caller's list must not change a configuration, a search's context or dictionaries
        assertThat(RecordCollections.problemsIn("io.quarry.mockserver.engine")).isEmpty();
    }
}
