package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.HostConnections;
import io.quarry.mockserver.testing.HostsOnOneServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The hosts' own faults scripted over HTTP, as a test of a standalone server does: {@code GET /_mock/hosts},
 * {@code POST} and {@code DELETE /_mock/hosts/{host}/faults}.
 */
@Timeout(60)
class HostFaultsHttpTest {

    private final HostsOnOneServer fixture = new HostsOnOneServer(3);
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    /** The control requests go through host 0. */
    private final TestClient control = fixture.on(0);

    @AfterEach
    void close() {
        fixture.close();
    }

    private TestClient.Reply script(int host, String json) {
        return control.post("/_mock/hosts/" + host + "/faults", json);
    }

    private JsonNode listed(int host) {
        return control.get("/_mock/hosts").requireOk().body().get("hosts").get(host);
    }

    @Test
    void theListShowsEachHostsPortRequestsAndState() {
        fixture.call(1);
        fixture.call(1);
        script(2, "{\"type\": \"next\", \"count\": 1, \"fault\": {\"type\": \"status\", \"status\": 503}}")
                .requireOk();

        JsonNode all = control.get("/_mock/hosts").requireOk().body().get("hosts");

        assertThat(all).hasSize(3);
        assertThat(all.get(1).get("host").asInt()).isEqualTo(1);
        assertThat(all.get(1).get("port").asInt()).isEqualTo(hosts.get(1).port());
        assertThat(all.get(1).get("requestCount").asLong()).isEqualTo(2);
        assertThat(all.get(1).get("acceptsConnections").asBoolean()).isTrue();
        assertThat(all.get(2).get("faults")).hasSize(1);
        assertThat(all.get(2).get("faults").get(0).get("fault").get("status").asInt())
                .isEqualTo(503);
    }

    @Test
    void aHostRefusesConnectionsUntilItsTimeHasPassedOrItsFaultsAreCleared() throws Exception {
        script(1, "{\"type\": \"refuseConnections\", \"durationMs\": 30000}").requireOk();

        assertThat(HostConnections.accepted(hosts.get(1))).isFalse();
        assertThat(listed(1).get("acceptsConnections").asBoolean()).isFalse();
        assertThat(fixture.call(2)).isEqualTo(200);
        clock.advance(Duration.ofSeconds(30));
        Eventually.waitUntil("host 1 to listen again", () -> hosts.get(1).acceptsConnections());
        assertThat(fixture.call(1)).isEqualTo(200);

        script(1, "{\"type\": \"refuseConnections\", \"durationMs\": 3600000}").requireOk();
        control.delete("/_mock/hosts/1/faults").requireOk();
        assertThat(HostConnections.accepted(hosts.get(1))).isTrue();
    }

    @Test
    void theListShowsARefusalAndAHoldWithTheirEndsBeforeTheRules() {
        Instant start = clock.instant();
        script(1, "{\"type\": \"refuseConnections\", \"durationMs\": 30000}").requireOk();
        script(2, "{\"type\": \"hold\", \"durationMs\": 5000}").requireOk();
        script(2, "{\"type\": \"next\", \"count\": 1, \"fault\": {\"type\": \"status\", \"status\": 503}}")
                .requireOk();

        JsonNode refusing = listed(1).get("faults");
        assertThat(refusing).hasSize(1);
        assertThat(refusing.get(0).get("type").stringValue()).isEqualTo("refuseConnections");
        assertThat(refusing.get(0).get("until").stringValue())
                .isEqualTo(start.plusSeconds(30).toString());
        JsonNode holding = listed(2).get("faults");
        assertThat(holding).hasSize(2);
        assertThat(holding.get(0).get("type").stringValue()).isEqualTo("hold");
        assertThat(holding.get(0).get("until").stringValue())
                .isEqualTo(start.plusSeconds(5).toString());
        assertThat(holding.get(1).get("fault").get("status").asInt()).isEqualTo(503);

        clock.advance(Duration.ofSeconds(30));
        assertThat(listed(1).get("faults"))
                .as("a refusal over is no longer listed")
                .isEmpty();
        assertThat(listed(2).get("faults")).hasSize(1);
    }

    @Test
    void aHostCannotBeToldToRefuseTheConnectionTheRequestCameThrough() {
        TestClient.Reply refused = script(0, "{\"type\": \"refuseConnections\", \"durationMs\": 30000}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").stringValue()).contains("through another host");
        assertThat(hosts.get(0).acceptsConnections()).isTrue();
    }

    @Test
    void aStatusForAWhileAndForTheNextRequests() {
        script(1, "{\"type\": \"during\", \"durationMs\": 30000, \"fault\": {\"type\": \"status\", \"status\": 503}}")
                .requireOk();
        script(2, "{\"type\": \"next\", \"count\": 1, \"fault\": {\"type\": \"status\", \"status\": 500}}")
                .requireOk();

        assertThat(fixture.call(1)).isEqualTo(503);
        assertThat(fixture.call(1)).isEqualTo(503);
        assertThat(fixture.call(2)).isEqualTo(500);
        assertThat(fixture.call(2)).isEqualTo(200);
        assertThat(fixture.call(0)).isEqualTo(200);
        clock.advance(Duration.ofSeconds(30));
        assertThat(fixture.call(1)).isEqualTo(200);
    }

    @Test
    void aHeldRequestIsClosedUnansweredWhenTheHostsFaultsAreCleared() throws Exception {
        script(1, "{\"type\": \"hold\", \"durationMs\": 3600000}").requireOk();
        CompletableFuture<HttpResponse<String>> answer = fixture.writeReceivedBy(1);
        assertThat(answer).isNotDone();

        control.delete("/_mock/hosts/1/faults").requireOk();

        Eventually.waitUntil("the held request to end", answer::isDone);
        assertThatThrownBy(answer::get).isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IOException.class);
        assertThat(fixture.on(1).get("/1/indexes/books/1").status())
                .as("not applied")
                .isEqualTo(404);
        Eventually.waitUntil(
                "the held request's close counted",
                () -> listed(1).path("closedWithoutAnswer").path("HELD").asLong() == 1);
    }

    @Test
    void malformedScriptsAreA400AndAnUnknownHostA404AndAMalformedOneA400() {
        assertThat(script(1, "{\"type\": \"sometimes\"}").status()).isEqualTo(400);
        assertThat(script(1, "{\"type\": \"hold\"}").status()).isEqualTo(400);
        assertThat(script(1, "{\"type\": \"hold\", \"durationMs\": 0}").status())
                .isEqualTo(400);
        assertThat(script(1, "{\"type\": \"during\", \"durationMs\": 1000}").status())
                .isEqualTo(400);
        assertThat(script(1, "{\"type\": \"next\", \"count\": 0, \"fault\": {\"type\": \"status\", \"status\": 503}}")
                        .status())
                .isEqualTo(400);
        assertThat(script(3, "{\"type\": \"hold\", \"durationMs\": 1000}").status())
                .isEqualTo(404);
        assertThat(script(-1, "{\"type\": \"hold\", \"durationMs\": 1000}").status())
                .isEqualTo(400);
        assertThat(control.delete("/_mock/hosts/x/faults").status()).isEqualTo(400);
        assertThat(fixture.call(1)).isEqualTo(200);
    }

    @Test
    void theHostControlNeedsTheAdminKey() {
        TestClient stranger = new TestClient(server, server.applicationId(), "not-the-key").onHost(hosts.get(0));

        assertThat(stranger.get("/_mock/hosts").status()).isIn(401, 403);
        assertThat(stranger.post("/_mock/hosts/1/faults", "{\"type\": \"hold\", \"durationMs\": 1000}")
                        .status())
                .isIn(401, 403);
        assertThat(fixture.call(1)).isEqualTo(200);
    }
}
