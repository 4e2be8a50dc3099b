package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryJacksonRecordMapperAutoConfiguration;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Boot 4 only: Spring Boot's own Jackson 3 customizer, and so the spring.jackson.* properties, applied to the
 * records the auto-configured clients write when the application asks for it. The starter's module tests check the
 * application's own customizers.
 */
class QuarryJacksonRecordMapperAutoConfigurationTest {

    private static final String INDEX = "lamps";

    private static MockServer server;

    record Lamp(String objectID, String shadeColour) {}

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    QuarryAutoConfiguration.class, QuarryJacksonRecordMapperAutoConfiguration.class))
            .withPropertyValues(
                    "quarry.application-id=" + server.applicationId(),
                    "quarry.api-key=" + server.adminKey(),
                    "quarry.hosts=" + server.url(),
                    "quarry.monitoring.api-key=" + server.monitoringKey(),
                    "quarry.usage.api-key=" + server.usageKey(),
                    "quarry.crawler.user-id=" + server.crawlerUserId(),
                    "quarry.crawler.api-key=" + server.crawlerApiKey(),
                    "quarry.crawler.hosts=" + server.url() + "/api/1");

    @BeforeAll
    static void startServer() {
        server = MockServer.builder().start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void springBootsOwnCustomizerBringsTheSpringJacksonProperties() {
        runner.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
                .withPropertyValues(
                        "quarry.record-mapper.use-jackson-customizers=true",
                        "spring.jackson.property-naming-strategy=SNAKE_CASE")
                .run(context -> assertThat(storedNames(context, "lamp-3")).containsExactly("objectID", "shade_colour"));
    }

    /** Saves a lamp through the auto-configured client and reads it back with the SDK's own mapping. */
    private static Set<String> storedNames(AssertableApplicationContext context, String objectID) {
        assertThat(context).hasNotFailed();
        SearchIndex lamps = context.getBean(SearchClient.class).index(INDEX);
        lamps.waitForTask(
                lamps.saveObject(objectID, new Lamp(objectID, "brass")).taskID());
        FreeFormRecord stored = lamps.getObject(objectID, FreeFormRecord.class);
        assertThat(stored.objectID()).contains(objectID);
        return stored.names();
    }
}
