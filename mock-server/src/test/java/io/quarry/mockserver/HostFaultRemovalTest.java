package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.HostsOnOneServer;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One of a host's fault rules removed by its ID, in Java and over HTTP; the host's other rules stay. */
@Timeout(60)
class HostFaultRemovalTest {

    private final HostsOnOneServer fixture = new HostsOnOneServer(3);
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    /** The control requests go through host 0. */
    private final TestClient control = fixture.on(0);

    @AfterEach
    void close() {
        fixture.close();
    }

    private long script(int host, String json) {
        return control.post("/_mock/hosts/" + host + "/faults", json)
                .requireOk()
                .body()
                .get("id")
                .asLong();
    }

    @Test
    void aHostsRuleRemovedInJavaLeavesItsOtherRules() {
        HostFaults faults = hosts.get(1).faults();
        faults.during(Duration.ofMinutes(5), Fault.status(503));
        faults.next(10, Fault.status(500));
        List<Long> ids = faults.ruleIds();
        assertThat(ids).hasSize(2);

        assertThat(faults.remove(ids.get(0))).isTrue();

        assertThat(faults.ruleIds()).containsExactly(ids.get(1));
        assertThat(fixture.call(1)).isEqualTo(500);
        assertThat(faults.remove(ids.get(0))).as("already removed").isFalse();
        assertThat(hosts.get(2).faults().remove(ids.get(1)))
                .as("another host's rule")
                .isFalse();
        assertThat(faults.remove(ids.get(1))).isTrue();
        assertThat(fixture.call(1)).isEqualTo(200);
    }

    @Test
    void anIdFromBeforeAResetRemovesNothingAfterIt() {
        HostFaults faults = hosts.get(1).faults();
        faults.next(1, Fault.status(500));
        long before = faults.ruleIds().get(0);
        server.reset();
        faults.next(1, Fault.status(500));

        assertThat(faults.ruleIds()).doesNotContain(before);
        assertThat(faults.remove(before)).isFalse();
        assertThat(fixture.call(1)).isEqualTo(500);
    }

    @Test
    void theControlEndpointAnswersTheRulesIdAndRemovesIt() {
        long during = script(
                1,
                "{\"type\": \"during\", \"durationMs\": 60000, \"fault\": {\"type\": \"status\", "
                        + "\"status\": 503}}");
        long next = script(1, "{\"type\": \"next\", \"count\": 5, \"fault\": {\"type\": \"status\", \"status\": 500}}");
        assertThat(next).isNotEqualTo(during);
        assertThat(control.post("/_mock/hosts/2/faults", "{\"type\": \"hold\", \"durationMs\": 1}")
                        .requireOk()
                        .body()
                        .has("id"))
                .as("a hold is no rule")
                .isFalse();

        TestClient.Reply removed = control.delete("/_mock/hosts/1/faults/" + during);

        assertThat(removed.status()).isEqualTo(200);
        assertThat(removed.body().get("host").asInt()).isEqualTo(1);
        assertThat(removed.body().get("id").asLong()).isEqualTo(during);
        assertThat(fixture.call(1)).isEqualTo(500);
        assertThat(control.get("/_mock/hosts")
                        .requireOk()
                        .body()
                        .get("hosts")
                        .get(1)
                        .get("faults")
                        .findValuesAsString("id"))
                .containsExactly(String.valueOf(next));
    }

    @Test
    void anUnknownIdOrHostIsA404AndAMalformedIdA400() {
        long id = script(1, "{\"type\": \"next\", \"count\": 5, \"fault\": {\"type\": \"status\", \"status\": 500}}");

        TestClient.Reply elsewhere = control.delete("/_mock/hosts/2/faults/" + id);
        assertThat(elsewhere.status()).isEqualTo(404);
        assertThat(elsewhere.body().get("message").stringValue())
                .startsWith("No active fault rule " + id + " for host 2");
        assertThat(control.delete("/_mock/hosts/1/faults/x").status()).isEqualTo(400);
        assertThat(control.delete("/_mock/hosts/3/faults/" + id).status()).isEqualTo(404);
        assertThat(hosts.get(1).faults().ruleIds()).containsExactly(id);
    }

    @Test
    void removingAHostsRuleNeedsTheAdminKey() {
        long id = script(1, "{\"type\": \"next\", \"count\": 5, \"fault\": {\"type\": \"status\", \"status\": 500}}");
        TestClient stranger = new TestClient(server, server.applicationId(), "not-the-key").onHost(hosts.get(0));

        assertThat(stranger.delete("/_mock/hosts/1/faults/" + id).status()).isIn(401, 403);
        assertThat(hosts.get(1).faults().ruleIds()).containsExactly(id);
    }
}
