package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.autoconfigure.health.HealthContributorAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.health.HealthEndpointAutoConfiguration;
import org.springframework.boot.actuate.health.CompositeHealth;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The checks as Spring Boot 3.5's health endpoint evaluates them: the whole {@code quarry} contributor, whose checks
 * run at once within one {@code quarry.health.timeout}, its overall status, a health group calling only the checks
 * it includes, and what a key limited to the application's needs, or unknown to the service (the monitoring key
 * too), shows. The example projects check the same on both Boot lines.
 */
class QuarryHealthEndpointTest {

    private static final List<String> EVERY_CHECK =
            List.of("search", "personalization", "query-suggestions", "monitoring", "crawler");

    /** The limit of the checks of one health request, together, where a test expects answers: never reached. */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(30);

    /**
     * The limit where a test expects no answer: each such test waits it out, and what it tells apart is one limit for
     * all the checks of a request against one a check (four or five times it), which a second shows as well as two.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    /**
     * What a check without an answer shows: the round's timeout, or its client's own call deadline (the same
     * duration), whichever ends first.
     */
    private static final String[] TIMED_OUT = {"No answer within quarry.health.timeout", "call deadline"};

    private static MockServer server;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    QuarryAutoConfiguration.class,
                    QuarryBoot3HealthAutoConfiguration.class,
                    HealthContributorAutoConfiguration.class,
                    HealthEndpointAutoConfiguration.class))
            .withPropertyValues(MockServerProperties.of(server))
            .withPropertyValues("quarry.health.timeout=" + ANSWERED_WITHIN.toMillis() + "ms");

    private final ApplicationContextRunner everyCheck = runner.withPropertyValues(EVERY_CHECK.stream()
            .map(check -> "quarry.health." + check + ".enabled=true")
            .toArray(String[]::new));

    @BeforeAll
    static void startServer() {
        server = MockServer.builder().hosts(2).start();
    }

    @BeforeEach
    void resetServer() {
        server.reset(); // also ends the hosts' holds
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void everyCheckUpIsAnUpContributor() {
        everyCheck.run(context -> {
            setStrategy(context);
            CompositeHealth quarry = quarry(context);
            assertThat(quarry.getStatus()).isEqualTo(Status.UP);
            assertThat(quarry.getComponents()).containsOnlyKeys(EVERY_CHECK);
            quarry.getComponents()
                    .forEach((check, health) ->
                            assertThat(health.getStatus()).as(check).isEqualTo(Status.UP));
        });
    }

    @Test
    void aCheckWhoseHostIsDownIsDownAndSoIsTheContributorWhileTheOthersAreUp() {
        MockHost down = server.hosts().get(1);
        down.faults().refuseConnections(Duration.ofMinutes(5));
        everyCheck.withPropertyValues("quarry.search.hosts=" + down.url()).run(context -> {
            setStrategy(context);
            CompositeHealth quarry = quarry(context);
            assertThat(quarry.getStatus()).isEqualTo(Status.DOWN);
            Health search = (Health) quarry.getComponents().get("search");
            assertThat(search.getStatus()).isEqualTo(Status.DOWN);
            assertThat(search.getDetails().get("error")).asString().contains("UnreachableHostsException");
            quarry.getComponents().entrySet().stream()
                    .filter(check -> !check.getKey().equals("search"))
                    .forEach(check -> assertThat(check.getValue().getStatus())
                            .as(check.getKey())
                            .isEqualTo(Status.UP));
        });
    }

    @Test
    void theChecksOfOneRequestRunAtOnceWithinOneTimeout() {
        MockHost down = server.hosts().get(1);
        down.faults().hold(Duration.ofMinutes(5)); // connections accepted, requests never answered
        everyCheck
                .withPropertyValues("quarry.hosts=" + down.url(), "quarry.health.timeout=" + TIMEOUT.toMillis() + "ms")
                .run(context -> {
                    long started = System.nanoTime();
                    CompositeHealth quarry = quarry(context);
                    Duration took = Duration.ofNanos(System.nanoTime() - started);

                    assertThat(quarry.getStatus()).isEqualTo(Status.DOWN);
                    quarry.getComponents()
                            .forEach((check, health) ->
                                    assertThat(health.getStatus()).as(check).isEqualTo(Status.DOWN));
                    // one after another, five unanswered checks take five timeouts at least; at once, one and some
                    // overhead
                    assertThat(took).isLessThan(TIMEOUT.multipliedBy(EVERY_CHECK.size()));
                    assertThat(down.requestCount()).isEqualTo(EVERY_CHECK.size());
                });
    }

    @Test
    void aHealthGroupOfOneCheckCallsThatCheckAlone() {
        MockHost others = server.hosts().get(0);
        MockHost search = server.hosts().get(1);
        everyCheck
                .withPropertyValues(
                        "quarry.search.hosts=" + search.url(),
                        "management.endpoint.health.group.search.include=quarry/search")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    HealthEndpoint endpoint = context.getBean(HealthEndpoint.class);

                    assertThat(endpoint.healthForPath("search").getStatus()).isEqualTo(Status.UP);
                    assertThat(search.requestCount()).isEqualTo(1);
                    assertThat(others.requestCount()).isZero();

                    // the whole contributor still calls every check
                    assertThat(quarry(context).getStatus()).isEqualTo(Status.UP);
                    assertThat(search.requestCount()).isEqualTo(2);
                    assertThat(others.requestCount()).isEqualTo(EVERY_CHECK.size() - 1);
                });
    }

    @Test
    void theWholeContributorStartsEveryCheckAtOnceBesideAGroupOfItsFirstCheck() {
        MockHost down = server.hosts().get(1);
        down.faults().hold(Duration.ofMinutes(5)); // connections accepted, requests never answered
        // the group of the crawler check alone could be the one walking when crawler is asked first (the checks are
        // asked by name); the walk names the group it serves, so the others start with crawler, not after it
        everyCheck
                .withPropertyValues(
                        "quarry.hosts=" + down.url(),
                        "quarry.health.timeout=" + TIMEOUT.toMillis() + "ms",
                        "management.endpoint.health.group.crawler.include=quarry/crawler")
                .run(context -> {
                    CompositeHealth quarry = quarry(context);

                    assertEveryCheckTimedOut(quarry, EVERY_CHECK);
                    assertThat(down.requestCount()).isEqualTo(EVERY_CHECK.size());
                });
    }

    @Test
    void twoGroupsSharingTheirFirstCheckStartTheirOwnChecksAtOnce() {
        MockHost down = server.hosts().get(1);
        down.faults().hold(Duration.ofMinutes(5)); // connections accepted, requests never answered
        everyCheck
                .withPropertyValues(
                        "quarry.hosts=" + down.url(),
                        "quarry.health.timeout=" + TIMEOUT.toMillis() + "ms",
                        "management.endpoint.health.group.listing.include=quarry/crawler,quarry/search",
                        "management.endpoint.health.group.operations.include=quarry/crawler,quarry/monitoring",
                        "management.endpoint.health.group.listing.show-components=always",
                        "management.endpoint.health.group.listing.show-details=always")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    CompositeHealth listing = (CompositeHealth)
                            context.getBean(HealthEndpoint.class).healthForPath("listing");
                    CompositeHealth quarry =
                            (CompositeHealth) listing.getComponents().get("quarry");

                    // after crawler, search would be asked once the timeout was up, and not called
                    assertEveryCheckTimedOut(quarry, List.of("crawler", "search"));
                    assertThat(down.requestCount()).isEqualTo(2);
                });
    }

    @Test
    void aWalkThatNamesNoGroupStartsTheChecksSureToBeAskedAndTheOthersJoinWhenAsked() {
        MockHost down = server.hosts().get(1);
        down.faults().hold(Duration.ofMinutes(5)); // connections accepted, requests never answered
        // walked by hand, not by the endpoint, no group is asked about the checks: with the group of the crawler check
        // alone, crawler, asked first (the checks are asked by name), cannot tell that the others will be asked, so
        // they join the round when asked, after its deadline
        everyCheck
                .withPropertyValues(
                        "quarry.hosts=" + down.url(),
                        "quarry.health.timeout=" + TIMEOUT.toMillis() + "ms",
                        "management.endpoint.health.group.crawler.include=quarry/crawler")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    CompositeHealthContributor quarry =
                            context.getBean("quarryHealthContributor", CompositeHealthContributor.class);
                    long started = System.nanoTime();
                    Map<String, Health> checks = new LinkedHashMap<>();
                    quarry.forEach(
                            check -> checks.put(check.getName(), ((HealthIndicator) check.getContributor()).health()));
                    Duration took = Duration.ofNanos(System.nanoTime() - started);

                    checks.forEach((check, health) ->
                            assertThat(health.getStatus()).as(check).isEqualTo(Status.DOWN));
                    // each check waiting a timeout of its own would take five at least
                    assertThat(took).isLessThan(TIMEOUT.multipliedBy(EVERY_CHECK.size()));
                    assertThat(checks.get("search").getDetails().get("error"))
                            .asString()
                            .contains("it was not called");
                    assertThat(down.requestCount()).isEqualTo(1);
                });
    }

    /** Asserts that the contributor shows these checks, each down for want of an answer within the timeout. */
    private static void assertEveryCheckTimedOut(CompositeHealth quarry, List<String> checks) {
        assertThat(quarry.getComponents()).containsOnlyKeys(checks);
        quarry.getComponents().forEach((check, health) -> {
            assertThat(health.getStatus()).as(check).isEqualTo(Status.DOWN);
            assertThat(((Health) health).getDetails().get("error"))
                    .as(check)
                    .asString()
                    .containsAnyOf(TIMED_OUT)
                    .doesNotContain("it was not called");
        });
    }

    @Test
    void theMonitoringCheckIsDownWithAWrongMonitoringKeyAndUpWithTheRightOne() {
        String wrong = "not-the-monitoring-key";
        ApplicationContextRunner monitoringCheck = runner.withPropertyValues("quarry.health.monitoring.enabled=true");

        monitoringCheck.withPropertyValues("quarry.monitoring.api-key=" + wrong).run(context -> {
            CompositeHealth quarry = quarry(context);
            assertThat(quarry.getStatus()).isEqualTo(Status.DOWN);
            Health monitoring = (Health) quarry.getComponents().get("monitoring");
            assertThat(monitoring.getDetails().get("fix"))
                    .asString()
                    .contains("does not know the credentials")
                    .contains("quarry.application-id or quarry.monitoring.api-key")
                    .contains("quarry.health.monitoring.enabled=false");
            assertNoKeyShown(quarry, wrong);
        });
        monitoringCheck.run(context -> {
            CompositeHealth quarry = quarry(context);
            assertThat(quarry.getStatus()).isEqualTo(Status.UP);
            assertThat(((Health) quarry.getComponents().get("monitoring")).getDetails())
                    .isEmpty();
        });
    }

    @Test
    void aSearchOnlyKeyIsUpSayingItLacksTheChecksRight() {
        String searchOnly = newKey(Acl.SEARCH);
        runner.withPropertyValues(
                        "quarry.health.search.enabled=true",
                        "quarry.health.personalization.enabled=true",
                        "quarry.api-key=" + searchOnly)
                .run(context -> {
                    CompositeHealth quarry = quarry(context);
                    assertThat(quarry.getStatus()).isEqualTo(Status.UP);
                    // refused with 403 by the search API, with 401 by personalization's, the key known to both
                    Map.of("search", "listIndexes right", "personalization", "recommendation right")
                            .forEach((check, right) -> {
                                Health health = (Health) quarry.getComponents().get(check);
                                assertThat(health.getStatus()).as(check).isEqualTo(Status.UP);
                                assertThat(health.getDetails()).as(check).containsOnlyKeys("access");
                                assertThat(health.getDetails().get("access"))
                                        .asString()
                                        .contains("accepted the key")
                                        .contains(right);
                            });
                    assertNoKeyShown(quarry, searchOnly);
                });
    }

    @Test
    void aKeyTheServiceDoesNotKnowIsDownWithTheFix() {
        String unknown = "not-a-key-of-the-server";
        runner.withPropertyValues(
                        "quarry.health.search.enabled=true",
                        "quarry.health.personalization.enabled=true",
                        "quarry.api-key=" + unknown)
                .run(context -> {
                    CompositeHealth quarry = quarry(context);
                    assertThat(quarry.getStatus()).isEqualTo(Status.DOWN);
                    // 403 on the search API, 401 on personalization's: both a key the service does not know
                    Map.of("search", "ForbiddenException", "personalization", "UnauthorizedException")
                            .forEach((check, error) -> {
                                Health health = (Health) quarry.getComponents().get(check);
                                assertThat(health.getStatus()).as(check).isEqualTo(Status.DOWN);
                                assertThat(health.getDetails().get("error"))
                                        .asString()
                                        .contains(error);
                                assertThat(health.getDetails().get("fix"))
                                        .asString()
                                        .contains("does not know the credentials")
                                        .contains("quarry.application-id or quarry.api-key")
                                        .contains("quarry.health." + check + ".enabled=false");
                            });
                    assertNoKeyShown(quarry, unknown);
                });
    }

    @Test
    void aKeyRefusedByItsRestrictionIsDown() {
        String refererBound = newKey(Acl.LIST_INDEXES, "https://shop.example.com/*");
        runner.withPropertyValues("quarry.health.search.enabled=true", "quarry.api-key=" + refererBound)
                .run(context -> {
                    Health search = (Health) quarry(context).getComponents().get("search");
                    assertThat(search.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(search.getDetails().get("fix"))
                            .asString()
                            .contains("a restriction of the key")
                            .contains("quarry.health.search.enabled=false");
                });
    }

    private static void assertNoKeyShown(CompositeHealth quarry, String key) {
        assertThat(quarry.getComponents().toString()).doesNotContain(key);
        quarry.getComponents()
                .values()
                .forEach(health -> ((Health) health)
                        .getDetails()
                        .values()
                        .forEach(detail -> assertThat(String.valueOf(detail)).doesNotContain(key)));
    }

    private static String newKey(Acl right, String... referers) {
        try (SearchClient admin = SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build())) {
            return admin.apiKeys().add(ApiKey.of(right).referers(referers)).key();
        }
    }

    private static void setStrategy(AssertableApplicationContext context) {
        context.getBean(PersonalizationClient.class)
                .setStrategy(PersonalizationStrategy.of(
                        List.of(EventScoring.of("Viewed", EventType.VIEW, 10)),
                        List.of(FacetScoring.of("brand", 100)),
                        50));
    }

    private static CompositeHealth quarry(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return (CompositeHealth) context.getBean(HealthEndpoint.class).healthForPath("quarry");
    }
}
