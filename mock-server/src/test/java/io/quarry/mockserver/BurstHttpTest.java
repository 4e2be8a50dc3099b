package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Burst;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import tools.jackson.databind.JsonNode;

/**
 * A load test's burst against a mock server with the builder's defaults: 2,000 searches in flight at once, each on
 * its own connection, are all answered 200 with the right hits (none refused as overload). Every search is held on
 * its handler's turn until all 2,000 have reached the server, so each holds a turn or waits for one, however fast the
 * machine handles them: with too few turns and places to wait, the searches past them are refused (503). Every
 * connection is open and its search written before the first answer is read ({@link Burst}). About ten seconds of
 * two cores, so it runs in the soak run ({@code -Psoak}, or {@code -Dquarry.burst.http=true}); the default run holds the
 * same bounds with {@link DefaultWorkerBoundsTest} and {@code internal.http.BurstHeldTest}.
 */
@EnabledIfSystemProperty(named = "quarry.burst.http", matches = "true")
@Timeout(300) // a hang guard, as the waits below: on a loaded machine 2,000 connections take many seconds to arrive
class BurstHttpTest {

    private static final int SEARCHES = 2_000;
    private static final Duration HANG_GUARD = Duration.ofSeconds(240);

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger handled = new AtomicInteger();

    @Test
    void twoThousandSearchesInFlightAtOnceAreAllAnswered() throws Exception {
        MockServer.Builder defaults = MockServer.builder().searchStep((indexName, parameters, request) -> {
            handled.incrementAndGet();
            try {
                release.await(HANG_GUARD.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return request;
        });
        try (MockServer server = defaults.start()) {
            TestClient admin = new TestClient(server);
            admin.post(
                            "/1/indexes/burst/batch",
                            jq("{'requests':[{'action':'addObject','body':{'objectID':'a','name':'red apple'}},"
                                    + "{'action':'addObject','body':{'objectID':'b','name':'green pear'}}]}"))
                    .requireOk();
            byte[] search = Burst.request(
                    "POST",
                    "/1/indexes/burst/query",
                    server.applicationId(),
                    server.adminKey(),
                    jq("{'query':'apple'}"));
            MockHost host = server.hosts().get(0);
            long before = host.requestCount();
            Map<String, Integer> outcomes;
            try (Burst burst = new Burst(server.host(), server.port(), search, SEARCHES, HANG_GUARD)) {
                try {
                    Eventually.waitUntil(
                            "every search to reach the server",
                            () -> host.requestCount() - before >= SEARCHES,
                            HANG_GUARD);
                } finally {
                    release.countDown();
                }
                outcomes = burst.outcomes(answer -> answer.status() != 200
                        ? String.valueOf(answer.status())
                        : hitsOf(TestClient.json(answer.body())));
            }
            // on a failure, the server's side too: how many searches were handled, the connections it closed
            // unanswered, by reason
            assertThat(outcomes)
                    .as(() -> handled.get() + " searches handled; hosts as the server saw them: " + serverSide(admin))
                    .isEqualTo(Map.of("[a]", SEARCHES));
        }
    }

    /**
     * {@return the hosts as the server counts them (the connections it closed unanswered, by reason), or why it did
     *     not say: bounded well within the test's timeout, so that a server no longer answering still lets the
     *     outcomes be reported}
     */
    private static String serverSide(TestClient admin) {
        try {
            return String.valueOf(admin.send(admin.request("GET", "/_mock/hosts", null)
                            .timeout(Duration.ofSeconds(5))
                            .build())
                    .body());
        } catch (RuntimeException e) {
            return "not told: " + e;
        }
    }

    private static String hitsOf(JsonNode body) {
        List<String> ids = new ArrayList<>();
        body.get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
        return ids.toString();
    }
}
