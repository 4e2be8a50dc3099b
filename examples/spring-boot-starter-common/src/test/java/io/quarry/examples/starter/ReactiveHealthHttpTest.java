package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checks as a reactive (WebFlux) application serves them over HTTP, on the Boot line the project runs on. Boot
 * adapts a blocking indicator to its reactive endpoint by asking it on its bounded elastic scheduler, each child of a
 * composite at once; so the checks need no reactive indicator of their own, and this pins what that gives: the
 * statuses and details, a health group (also at its additional path), and one {@code quarry.health.timeout} for all of
 * them when the service never answers.
 */
class ReactiveHealthHttpTest {

    /** The checks that need no data on the server to be up. */
    private static final List<String> CHECKS = List.of("search", "query-suggestions", "monitoring", "crawler");

    /** The limit of the checks where a test expects answers: never reached. */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(30);

    /**
     * The limit where a test expects no answer: each such test waits it out, and what it tells apart is one limit for
     * all the checks of a request against one a check (four times it). Two seconds, not one: a request over HTTP on a
     * busy machine took 4.6 s with a one-second limit, past the four seconds checks one after the other would take.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * What a check without an answer shows: the round's timeout, or its client's own call deadline (the same
     * duration), whichever ends first.
     */
    private static final String[] TIMED_OUT = {"No answer within quarry.health.timeout", "call deadline"};

    private static MockServer server;

    /** How long each request and the application's close took, in order. */
    private final List<Step> steps = new ArrayList<>();

    /**
     * {@return a client of its own for one request} Each request goes on a new HTTP/1.1 connection. Reactor Netty 1.2.11
     * (Boot 3.5's) can bind a request that arrives on a kept-alive connection before the previous exchange has ended to
     * that exchange, and graceful shutdown then waits its whole phase (30 s) for an exchange that never ends (upstream
     * issue 4188); the release that fixes it can instead leave such a connection unread (issue 4361). Neither is what
     * these tests are about, and a probe or load balancer asking once in a while does not reuse connections this fast.
     */
    private static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** The application the tests start: auto-configuration only, so that it scans none of the examples' beans. */
    @EnableAutoConfiguration
    static class ReactiveApplication {}

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
    void theEndpointAndAGroupShowEachCheckWithItsDetails() throws Exception {
        String searchOnly = timed("the key's creation", ReactiveHealthHttpTest::searchOnlyKey);
        ConfigurableApplicationContext app = timed(
                "the start",
                () -> start(
                        server.url(),
                        "--quarry.api-key=" + searchOnly,
                        "--quarry.monitoring.api-key=not-the-monitoring-key",
                        "--quarry.health.timeout=" + ANSWERED_WITHIN.toMillis() + "ms"));
        try {
            HttpResponse<String> health = get(app, "/actuator/health");
            assertThat(health.statusCode()).as(health.body()).isEqualTo(503);
            JsonNode quarry = JSON.readTree(health.body()).path("components").path("quarry");
            assertThat(quarry.path("status").asString()).isEqualTo("DOWN");
            assertThat(statuses(quarry))
                    .containsExactlyInAnyOrder("search UP", "query-suggestions UP", "monitoring DOWN", "crawler UP");
            JsonNode checks = quarry.path("components");
            assertThat(checks.path("search").path("details").path("access").asString())
                    .contains("listIndexes right");
            assertThat(checks.path("monitoring").path("details").path("fix").asString())
                    .contains("does not know the credentials")
                    .contains("quarry.monitoring.api-key");
            assertThat(health.body()).doesNotContain(searchOnly).doesNotContain("not-the-monitoring-key");

            // the group at its path under the endpoint, and at its additional path on the main port
            for (String path : List.of("/actuator/health/search", "/searchz")) {
                HttpResponse<String> group = get(app, path);
                assertThat(group.statusCode()).as(path + " " + group.body()).isEqualTo(200);
                JsonNode groupQuarry =
                        JSON.readTree(group.body()).path("components").path("quarry");
                assertThat(statuses(groupQuarry)).as(path).containsExactly("search UP");
            }
        } finally {
            timed("the close", () -> {
                app.close();
                return null;
            });
        }
        // neither a request nor the close waited out the checks' timeout or Boot's shutdown phase (both 30 s): the
        // steps' times name the one that did
        steps.stream()
                .filter(step -> step.what().startsWith("GET") || step.what().equals("the close"))
                .forEach(step -> assertThat(step.took()).as("%s", steps).isLessThan(ANSWERED_WITHIN));
    }

    @Test
    void anOutageTakesOneTimeoutForEveryCheckOfARequest() throws Exception {
        MockHost held = server.hosts().get(1);
        held.faults().hold(Duration.ofMinutes(5)); // connections accepted, requests never answered
        try (ConfigurableApplicationContext app = start(
                held.url(),
                "--quarry.api-key=" + server.adminKey(),
                "--quarry.monitoring.api-key=" + server.monitoringKey(),
                "--quarry.health.timeout=" + TIMEOUT.toMillis() + "ms")) {
            // both paths asked at once, each on a connection of its own: each request's checks wait out the timeout
            // as they would alone, and the test waits it out once, not once a path
            Map<String, CompletableFuture<Answer>> answers = new LinkedHashMap<>();
            for (String path : List.of("/actuator/health", "/actuator/health/dependencies")) {
                long started = System.nanoTime();
                answers.put(
                        path,
                        newHttpClient()
                                .sendAsync(request(app, path), HttpResponse.BodyHandlers.ofString())
                                .thenApply(
                                        health -> new Answer(health, Duration.ofNanos(System.nanoTime() - started))));
            }
            for (Map.Entry<String, CompletableFuture<Answer>> answer : answers.entrySet()) {
                String path = answer.getKey();
                HttpResponse<String> health = answer.getValue().get().health();
                Duration took = answer.getValue().get().took();

                assertThat(health.statusCode()).as(health.body()).isEqualTo(503);
                JsonNode quarry =
                        JSON.readTree(health.body()).path("components").path("quarry");
                assertThat(statuses(quarry))
                        .as(path)
                        .containsExactlyInAnyOrderElementsOf(
                                CHECKS.stream().map(check -> check + " DOWN").toList());
                quarry.path("components")
                        .forEach(check -> assertThat(
                                        check.path("details").path("error").asString())
                                .containsAnyOf(TIMED_OUT));
                // a hang guard: one after the other, the unanswered checks would take a timeout each at least
                assertThat(took).as(path).isLessThan(TIMEOUT.multipliedBy(CHECKS.size()));
            }
        }
    }

    /** A request's answer and how long it took to come. */
    private record Answer(HttpResponse<String> health, Duration took) {}

    /**
     * {@return the application started, its clients calling the host, with every check on and two health groups}
     *
     * @param host   the URL of the host every client calls
     * @param quarry further arguments
     */
    private static ConfigurableApplicationContext start(String host, String... quarry) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.docker.compose.enabled=false",
                // the event loops end at once at close: nothing is in flight by then, and the default quiet period
                // (2 s) was a fifth of the class's time on each Boot line
                "--spring.reactor.netty.shutdown-quiet-period=0s",
                "--quarry.application-id=" + server.applicationId(),
                "--quarry.hosts=" + host,
                "--quarry.search.hosts=" + host, // the test resources' properties name one of its own
                "--quarry.crawler.user-id=" + server.crawlerUserId(),
                "--quarry.crawler.api-key=" + server.crawlerApiKey(),
                "--quarry.usage.api-key=" + server.usageKey(),
                "--management.endpoints.web.exposure.include=health",
                "--management.endpoint.health.show-details=always",
                "--management.endpoint.health.group.search.include=quarry/search",
                "--management.endpoint.health.group.search.show-details=always",
                "--management.endpoint.health.group.search.additional-path=server:/searchz",
                "--management.endpoint.health.group.dependencies.include=quarry",
                "--management.endpoint.health.group.dependencies.show-details=always"));
        CHECKS.forEach(check -> args.add("--quarry.health." + check + ".enabled=true"));
        args.addAll(List.of(quarry));
        return new SpringApplicationBuilder(ReactiveApplication.class)
                .web(WebApplicationType.REACTIVE)
                .run(args.toArray(String[]::new));
    }

    private HttpResponse<String> get(ConfigurableApplicationContext app, String path) throws Exception {
        HttpRequest request = request(app, path);
        return timed("GET " + path, () -> newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private static HttpRequest request(ConfigurableApplicationContext app, String path) {
        String port = app.getEnvironment().getProperty("local.server.port");
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(60)) // a hang guard only
                .build();
    }

    /** {@return what the step gives} Notes how long it took, whether it ended or threw. */
    private <T> T timed(String what, Callable<T> body) throws Exception {
        long started = System.nanoTime();
        try {
            return body.call();
        } finally {
            steps.add(new Step(what, Duration.ofNanos(System.nanoTime() - started)));
        }
    }

    /** One step of a test and how long it took: the message of a test that took far longer than usual. */
    private record Step(String what, Duration took) {
        @Override
        public String toString() {
            return what + " took " + took.toMillis() + " ms";
        }
    }

    /** {@return each check of the {@code quarry} component as "name STATUS"} */
    private static List<String> statuses(JsonNode quarry) {
        return quarry.path("components").properties().stream()
                .map(check ->
                        check.getKey() + " " + check.getValue().path("status").asString())
                .toList();
    }

    private static String searchOnlyKey() {
        try (SearchClient admin = SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build())) {
            return admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        }
    }
}
