package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryBoot3HealthAutoConfiguration;
import io.quarry.spring.QuarryBoot4HealthAutoConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.AdditionalPathsMapper;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The checks as the health endpoint of the Boot line the project runs on evaluates them
 * ({@code /actuator/health/quarry}): together within one {@code quarry.health.timeout}, the contributor down when one
 * check is, a health group calling only the checks it includes, all at once, a search-only key up, a key the service does not
 * know down (the monitoring key too), and no key in what it shows.
 */
class BootLineHealthEndpointTest {

    /** The checks that need no data on the server to be up. */
    private static final List<String> CHECKS = List.of("search", "query-suggestions", "monitoring", "crawler");

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
                    QuarryBoot4HealthAutoConfiguration.class))
            .withConfiguration(AutoConfigurations.of(BootLineHealth.ENDPOINT_CONFIGURATIONS))
            .withPropertyValues(
                    "quarry.application-id=" + server.applicationId(),
                    "quarry.api-key=" + server.adminKey(),
                    "quarry.hosts=" + server.url(),
                    "quarry.monitoring.api-key=" + server.monitoringKey(),
                    "quarry.usage.api-key=" + server.usageKey(),
                    "quarry.crawler.user-id=" + server.crawlerUserId(),
                    "quarry.crawler.api-key=" + server.crawlerApiKey(),
                    "quarry.health.timeout=" + ANSWERED_WITHIN.toMillis() + "ms");

    private final ApplicationContextRunner everyCheck = runner.withPropertyValues(CHECKS.stream()
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
            BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
            assertThat(quarry.status()).as(quarry.toString()).isEqualTo("UP");
            assertThat(quarry.checks()).containsOnlyKeys(CHECKS).doesNotContainValue("DOWN");
        });
    }

    @Test
    void oneHostDownMakesItsCheckAndTheContributorDown() {
        MockHost down = server.hosts().get(1);
        down.faults().refuseConnections(Duration.ofMinutes(5));
        everyCheck.withPropertyValues("quarry.search.hosts=" + down.url()).run(context -> {
            BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
            assertThat(quarry.status()).as(quarry.toString()).isEqualTo("DOWN");
            assertThat(quarry.checks())
                    .containsEntry("search", "DOWN")
                    .containsEntry("query-suggestions", "UP")
                    .containsEntry("monitoring", "UP")
                    .containsEntry("crawler", "UP");
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
                    BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
                    Duration took = Duration.ofNanos(System.nanoTime() - started);

                    assertThat(quarry.status()).isEqualTo("DOWN");
                    assertThat(quarry.checks()).containsOnlyKeys(CHECKS).doesNotContainValue("UP");
                    // one after the other, the unanswered checks would take a timeout each at least
                    assertThat(took).isLessThan(TIMEOUT.multipliedBy(CHECKS.size()));
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
                    assertThat(BootLineHealth.pathStatus(context, "search")).isEqualTo("UP");
                    assertThat(search.requestCount()).isEqualTo(1);
                    assertThat(others.requestCount()).isZero();

                    // the whole contributor still calls every check
                    assertThat(BootLineHealth.quarry(context).status()).isEqualTo("UP");
                    assertThat(search.requestCount()).isEqualTo(2);
                    assertThat(others.requestCount()).isEqualTo(CHECKS.size() - 1);
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
                        "management.endpoint.health.group.listing.show-details=always")
                .run(context -> {
                    BootLineHealth.Evaluated quarry = BootLineHealth.quarryInGroup(context, "listing");

                    assertThat(quarry.checks())
                            .containsOnlyKeys("crawler", "search")
                            .doesNotContainValue("UP");
                    // search, asked after crawler, started with it: not left uncalled once the timeout was up
                    quarry.details()
                            .forEach((check, details) -> assertThat(details.get("error"))
                                    .as(check)
                                    .asString()
                                    .containsAnyOf(TIMED_OUT)
                                    .doesNotContain("it was not called"));
                    assertThat(down.requestCount()).isEqualTo(2);
                });
    }

    @Test
    void theGroupsAdditionalPathsStayMappedBesideTheChecks() {
        everyCheck
                .withPropertyValues(
                        "management.endpoint.health.group.search.include=quarry/search",
                        "management.endpoint.health.group.search.additional-path=server:/searchz")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    // what Spring Boot's web endpoints ask to map a group at its additional path
                    assertThat(context.getBeanProvider(AdditionalPathsMapper.class)
                                    .orderedStream()
                                    .map(mapper -> mapper.getAdditionalPaths(
                                            EndpointId.of("health"), WebServerNamespace.SERVER))
                                    .filter(Objects::nonNull)
                                    .flatMap(List::stream))
                            .containsExactly("/searchz");
                });
    }

    @Test
    void theMonitoringCheckIsDownWithAWrongMonitoringKeyAndUpWithTheRightOne() {
        ApplicationContextRunner monitoringCheck = runner.withPropertyValues("quarry.health.monitoring.enabled=true");

        monitoringCheck
                .withPropertyValues("quarry.monitoring.api-key=not-the-monitoring-key")
                .run(context -> {
                    BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
                    assertThat(quarry.status()).isEqualTo("DOWN");
                    assertThat(quarry.details().get("monitoring").get("fix"))
                            .asString()
                            .contains("does not know the credentials")
                            .contains("quarry.monitoring.api-key");
                    assertThat(quarry.toString()).doesNotContain("not-the-monitoring-key");
                });
        monitoringCheck.run(
                context -> assertThat(BootLineHealth.quarry(context).status()).isEqualTo("UP"));
    }

    @Test
    void aSearchOnlyKeyIsUpAndAnUnknownKeyDownShowingNoKey() {
        String searchOnly;
        try (SearchClient admin = SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build())) {
            searchOnly = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        }
        ApplicationContextRunner searchCheck = runner.withPropertyValues("quarry.health.search.enabled=true");

        searchCheck.withPropertyValues("quarry.api-key=" + searchOnly).run(context -> {
            BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
            assertThat(quarry.status()).isEqualTo("UP");
            assertThat(quarry.details().get("search").get("access")).asString().contains("listIndexes right");
            assertThat(quarry.toString()).doesNotContain(searchOnly);
        });
        searchCheck.withPropertyValues("quarry.api-key=not-a-key-of-the-server").run(context -> {
            BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
            assertThat(quarry.status()).isEqualTo("DOWN");
            assertThat(quarry.details().get("search").get("fix")).asString().contains("does not know the credentials");
            assertThat(quarry.toString()).doesNotContain("not-a-key-of-the-server");
        });
    }
}
