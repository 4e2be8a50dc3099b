package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application as it starts in production, on this Boot line: with the personalization and query-suggestions
 * modules on its class path, no {@code quarry.region} and no hosts of theirs (the test resources'
 * application.properties give the search client's alone), Spring Boot's failure report names the region. Captures the
 * standard streams, the whole JVM's, so it runs alone.
 */
@Isolated
@ExtendWith(OutputCaptureExtension.class)
class RegionFailureReportTest {

    /** No web server, no Compose: the Quarry beans are what starts. */
    private static final String[] PRODUCTION = {
        "--spring.main.web-application-type=none", "--spring.docker.compose.enabled=false"
    };

    @Test
    void withoutTheRegionTheFailureReportNamesItAndTheModule(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplication(CatalogApplication.class).run(PRODUCTION))
                .hasStackTraceContaining("quarry.region is not set");

        assertThat(output.getOut() + output.getErr())
                .contains("APPLICATION FAILED TO START")
                .contains("quarry.region is not set: the ")
                .containsPattern("module client-(personalization|query-suggestions)")
                .contains("Set quarry.region (environment variable QUARRY_REGION) to us or eu")
                .doesNotContain("not-a-real-key");
    }

    @Test
    void withTheRegionTheApplicationStarts() {
        String[] args = {PRODUCTION[0], PRODUCTION[1], "--quarry.region=eu"};
        try (ConfigurableApplicationContext context = new SpringApplication(CatalogApplication.class).run(args)) {
            assertThat(context.getBean(PersonalizationClient.class).config().hosts())
                    .isEmpty();
            assertThat(context.getBean(QuerySuggestionsClient.class).config().hosts())
                    .isEmpty();
        }
    }
}
