package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.quarry.micrometer.DefaultQuarryObservationConvention;
import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockServer;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.search.SearchClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The opt-in health checks on Spring Boot 3.5's health API: Boot's switch for them, what each indicator reports
 * alone, and that their calls are not the application's. {@link QuarryHealthEndpointTest} checks them as Boot's
 * health endpoint evaluates them together; the example projects check the contributor on both Boot lines.
 */
class QuarryHealthAutoConfigurationTest {

    /** How late the server answers a check that should time out: far past the 500 ms timeout the checks have. */
    private static final Duration UNANSWERED_FOR = Duration.ofSeconds(30);

    private static MockServer server;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(QuarryAutoConfiguration.class, QuarryBoot3HealthAutoConfiguration.class))
            .withPropertyValues(MockServerProperties.of(server))
            .withPropertyValues("quarry.health.timeout=500ms");

    private final ApplicationContextRunner withSearchCheck =
            runner.withPropertyValues("quarry.health.search.enabled=true");

    @BeforeAll
    static void startServer() {
        server = MockServer.builder().start();
    }

    @BeforeEach
    void resetServer() {
        server.reset();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void noCheckIsMadeUnlessAskedFor() {
        runner.run(QuarryHealthAutoConfigurationTest::assertNoCheck);
    }

    @Test
    void eachCheckAskedForIsAnIndicatorOfTheQuarryContributor() {
        runner.withPropertyValues(
                        "quarry.health.search.enabled=true",
                        "quarry.health.personalization.enabled=true",
                        "quarry.health.query-suggestions.enabled=true",
                        "quarry.health.monitoring.enabled=true",
                        "quarry.health.crawler.enabled=true")
                .run(context -> {
                    context.getBean(PersonalizationClient.class)
                            .setStrategy(PersonalizationStrategy.of(
                                    List.of(EventScoring.of("Viewed", EventType.VIEW, 10)),
                                    List.of(FacetScoring.of("brand", 100)),
                                    50));
                    CompositeHealthContributor quarry = contributor(context);
                    assertThat(quarry)
                            .extracting(named -> named.getName())
                            .containsExactlyInAnyOrder(
                                    "search", "personalization", "query-suggestions", "monitoring", "crawler");
                    quarry.forEach(
                            named -> assertThat(health(quarry, named.getName()).getStatus())
                                    .as(named.getName())
                                    .isEqualTo(Status.UP));
                });
    }

    @Test
    void personalizationIsUpBeforeAnyStrategyIsSet() {
        runner.withPropertyValues("quarry.health.personalization.enabled=true").run(context -> {
            // the service answers the strategy's read with 404 until one is set
            assertThat(health(contributor(context), "personalization").getStatus())
                    .isEqualTo(Status.UP);
        });
    }

    @Test
    void personalizationIsDownWhenTheKeyIsRefused() {
        runner.withPropertyValues("quarry.health.personalization.enabled=true", "quarry.api-key=not-a-key")
                .run(context -> assertThat(
                                health(contributor(context), "personalization").getStatus())
                        .isEqualTo(Status.DOWN));
    }

    @Test
    void aClientNotAskedForHasNoIndicator() {
        withSearchCheck.run(context ->
                assertThat(contributor(context).getContributor("monitoring")).isNull());
    }

    @Test
    void anApplicationsOwnQuarryContributorWins() {
        HealthIndicator own = () -> Health.up().withDetail("own", true).build();
        withSearchCheck
                .withBean("quarryHealthContributor", HealthIndicator.class, () -> own)
                .run(context ->
                        assertThat(context.getBean("quarryHealthContributor")).isSameAs(own));
    }

    @Test
    void springBootsSwitchTurnsTheChecksOff() {
        withSearchCheck
                .withPropertyValues("management.health.quarry.enabled=false")
                .run(QuarryHealthAutoConfigurationTest::assertNoCheck);
    }

    @Test
    void springBootsDefaultForHealthIndicatorsAppliesUnlessQuarrysSwitchIsSet() {
        ApplicationContextRunner defaultsOff =
                withSearchCheck.withPropertyValues("management.health.defaults.enabled=false");
        defaultsOff.run(QuarryHealthAutoConfigurationTest::assertNoCheck);
        defaultsOff
                .withPropertyValues("management.health.quarry.enabled=true")
                .run(context -> assertThat(contributor(context).getContributor("search"))
                        .isNotNull());
    }

    @Test
    void withoutSpringBootsHealthApiNoCheckIsMade() {
        withSearchCheck
                .withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.health"))
                .run(QuarryHealthAutoConfigurationTest::assertNoCheck);
    }

    @Test
    void aCheckIsDownWhenTheServiceDoesNotAnswerWithinTheTimeout() {
        withSearchCheck.run(context -> {
            server.faults().next(10, "GET", "/1/indexes", Fault.delay(UNANSWERED_FOR));

            long started = System.nanoTime();
            Health health = health(contributor(context), "search");
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsKey("error").doesNotContainKey("fix");
            // ended by the check's 500 ms timeout, not by the answer: well under the delay, however loaded the machine
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(UNANSWERED_FOR.dividedBy(2));
        });
    }

    @Test
    void theChecksCallsAreNotTheApplicationsCalls() {
        withSearchCheck
                .withConfiguration(AutoConfigurations.of(QuarryObservationAutoConfiguration.class))
                .withBean(ObservationRegistry.class, TestObservationRegistry::create)
                .run(context -> {
                    TestObservationRegistry registry =
                            (TestObservationRegistry) context.getBean(ObservationRegistry.class);
                    SearchClient search = context.getBean(SearchClient.class);

                    assertThat(health(contributor(context), "search").getStatus())
                            .isEqualTo(Status.UP);
                    TestObservationRegistryAssert.assertThat(registry).doesNotHaveAnyObservation();

                    search.listIndices();
                    assertThat(search.config().callObserver()).containsInstanceOf(MicrometerCallObserver.class);
                    TestObservationRegistryAssert.assertThat(registry)
                            .hasNumberOfObservationsWithNameEqualTo(DefaultQuarryObservationConvention.NAME, 1);
                });
    }

    @Test
    void theChecksOwnClientsAreClosedWithTheContext() {
        AtomicReference<CompositeHealthContributor> quarry = new AtomicReference<>();
        withSearchCheck.run(context -> quarry.set(contributor(context)));

        Health health = health(quarry.get(), "search");
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(health.getDetails().get("error")).asString().contains("ClientClosedException");
    }

    private static void assertNoCheck(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        assertThat(context).doesNotHaveBean("quarryHealthContributor");
        assertThat(context).doesNotHaveBean(HealthProbe.class);
        // nor are the health endpoint's groups wrapped
        assertThat(context).doesNotHaveBean(HealthEndpointGroupsPostProcessor.class);
    }

    private static CompositeHealthContributor contributor(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean("quarryHealthContributor", CompositeHealthContributor.class);
    }

    private static Health health(CompositeHealthContributor quarry, String client) {
        return ((HealthIndicator) quarry.getContributor(client)).health();
    }
}
