package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.PropertyNamingStrategies;

/**
 * The application's Jackson 3 customizers (Spring Boot 4's type, on this module's class path beside Boot 3.5)
 * applied to the records the auto-configured clients write, when the application asks for it. Spring Boot's own
 * customizer, which needs Boot 4 itself, is checked by the Boot 4 example.
 */
class QuarryJacksonRecordMapperAutoConfigurationTest {

    private static final String INDEX = "lamps";

    private static MockServer server;

    record Lamp(String objectID, String shadeColour) {}

    private final ApplicationContextRunner withSnakeCase = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    QuarryAutoConfiguration.class, QuarryJacksonRecordMapperAutoConfiguration.class))
            .withPropertyValues(MockServerProperties.of(server))
            .withBean(
                    JsonMapperBuilderCustomizer.class,
                    () -> mapper -> mapper.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));

    @BeforeAll
    static void startServer() {
        server = MockServer.builder().start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void withThePropertyTheApplicationsCustomizersShapeTheStoredRecord() {
        withSnakeCase
                .withPropertyValues("quarry.record-mapper.use-jackson-customizers=true")
                .run(context -> assertThat(storedNames(context, "lamp-1")).containsExactly("objectID", "shade_colour"));
    }

    @Test
    void withoutThePropertyTheRecordKeepsItsOwnNames() {
        withSnakeCase.run(context -> {
            assertThat(context).doesNotHaveBean(QuarryJacksonRecordMapperAutoConfiguration.class);
            assertThat(storedNames(context, "lamp-2")).containsExactly("objectID", "shadeColour");
        });
    }

    @Test
    void anApplicationsOwnCustomizerRunsAfterAndCanSetAnotherMapper() {
        withSnakeCase
                .withPropertyValues("quarry.record-mapper.use-jackson-customizers=true")
                .withBean(QuarryClientConfigCustomizer.class, () -> builder -> builder.recordMapper(mapper -> {}))
                .run(context -> assertThat(storedNames(context, "lamp-3")).containsExactly("objectID", "shadeColour"));
    }

    @Test
    void onSpringBoot3WithoutTheJackson3CustomizerTypeThePropertyDoesNothing() {
        withSnakeCase
                .withPropertyValues("quarry.record-mapper.use-jackson-customizers=true")
                .withClassLoader(new FilteredClassLoader("org.springframework.boot.jackson"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(QuarryJacksonRecordMapperAutoConfiguration.class);
                    assertThat(context.getBean(SearchClient.class).config().recordMapper())
                            .isEmpty();
                });
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
