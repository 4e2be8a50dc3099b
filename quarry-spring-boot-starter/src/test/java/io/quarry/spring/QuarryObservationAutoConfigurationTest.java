package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.ObservedCall;
import io.quarry.micrometer.DefaultQuarryObservationConvention;
import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.mockserver.MockServer;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The clients' calls reported to the application's observation registry, when there is one and it is wanted. */
class QuarryObservationAutoConfigurationTest {

    private static final String INDEX = "products";

    private static MockServer server;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(QuarryObservationAutoConfiguration.class, QuarryAutoConfiguration.class))
            .withPropertyValues(MockServerProperties.of(server));

    private final ApplicationContextRunner withRegistry =
            runner.withBean(ObservationRegistry.class, TestObservationRegistry::create);

    @BeforeAll
    static void startServer() {
        server = MockServer.builder()
                .seedJson("{\"indices\": {\"" + INDEX + "\": {\"records\": ["
                        + "{\"objectID\": \"lamp-1\", \"name\": \"Brass desk lamp\"},"
                        + "{\"objectID\": \"chair-1\", \"name\": \"Oak chair\"}]}}}")
                .start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void eachSearchIsOneObservationOfTheApplicationsRegistry() {
        withRegistry.run(context -> {
            assertThat(context).hasNotFailed();
            TestObservationRegistry registry = (TestObservationRegistry) context.getBean(ObservationRegistry.class);
            SearchClient search = context.getBean(SearchClient.class);

            search.index(INDEX).search(SearchQuery.of("lamp"), FreeFormRecord.class);
            search.index(INDEX).search(SearchQuery.of("chair"), FreeFormRecord.class);

            TestObservationRegistryAssert.assertThat(registry)
                    .hasNumberOfObservationsWithNameEqualTo(DefaultQuarryObservationConvention.NAME, 2)
                    .forAllObservationsWithNameEqualTo(
                            DefaultQuarryObservationConvention.NAME,
                            observation -> observation
                                    .hasLowCardinalityKeyValue("quarry.product", "search")
                                    .hasLowCardinalityKeyValue("quarry.operation", "search")
                                    // only known once the call has ended
                                    .hasLowCardinalityKeyValue("quarry.outcome", "SUCCESS")
                                    .hasHighCardinalityKeyValue("quarry.index", INDEX));
        });
    }

    @Test
    void everyClientGetsTheObserver() {
        withRegistry.run(context -> context.getBeansOfType(ClientHandle.class)
                .values()
                .forEach(
                        client -> assertThat(((ClientHandle<?>) client).config().callObserver())
                                .as(client.getClass().getSimpleName())
                                .containsInstanceOf(MicrometerCallObserver.class)));
    }

    @Test
    void anApplicationsOwnCustomizerCanReplaceTheObserver() {
        CallObserver own = call -> ObservedCall.NONE;
        withRegistry
                .withBean(QuarryClientConfigCustomizer.class, () -> builder -> builder.callObserver(own))
                .run(context -> assertThat(
                                context.getBean(SearchClient.class).config().callObserver())
                        .containsSame(own));
    }

    @Test
    void withAMeterRegistryTheRecordsOfBatchWritesAreCounted() {
        withRegistry.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
            assertThat(context).hasNotFailed();
            context.getBean(SearchClient.class)
                    .index("counted")
                    .saveObjects(
                            IntStream.range(0, 12)
                                    .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i))
                                    .toList(),
                            BatchOptions.of().chunkSize(5));

            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.get(MicrometerCallObserver.INGEST_RECORDS)
                            .tag("quarry.operation", "saveObjects")
                            .tag("quarry.outcome", "SUCCESS")
                            .counter()
                            .count())
                    .isEqualTo(12);
        });
    }

    @Test
    void withoutMicrometerCoreCallsAreStillObserved() {
        withRegistry
                .withClassLoader(new FilteredClassLoader("io.micrometer.core"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(SearchClient.class).config().callObserver())
                            .containsInstanceOf(MicrometerCallObserver.class);
                });
    }

    @Test
    void withoutARegistryNoObserverIsSet() {
        runner.run(context -> assertNoObserver(context));
    }

    @Test
    void thePropertyTurnsItOff() {
        withRegistry
                .withPropertyValues("quarry.observation.enabled=false")
                .run(QuarryObservationAutoConfigurationTest::assertNoObserver);
    }

    @Test
    void withoutTheObservationModuleNoObserverIsSet() {
        withRegistry
                .withClassLoader(new FilteredClassLoader("io.quarry.micrometer"))
                .run(QuarryObservationAutoConfigurationTest::assertNoObserver);
    }

    private static void assertNoObserver(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        assertThat(context).doesNotHaveBean(QuarryObservationAutoConfiguration.class);
        assertThat(context.getBean(SearchClient.class).config().callObserver()).isEmpty();
    }
}
