package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.FactoryNames;
import org.junit.jupiter.api.Test;

/** Every client module's public types follow the factory naming convention (see FactoryNames). */
class FactoryNamesTest {

    @Test
    void everyModuleNamesItsFactoriesTheSameWay() {
        assertThat(FactoryNames.problemsIn(
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
}
