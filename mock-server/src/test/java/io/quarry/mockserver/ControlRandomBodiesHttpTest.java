package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.JsonMutations;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Valid bodies of the control endpoints (seed, fault rules, a host's faults, monitoring incidents, statuses and
 * inventory), each with a few members swapped for odd values from a fixed seed: every answer is a success or the
 * service's error with a short message (long texts cut, not echoed whole), never a 500; an inventory accepted reads
 * back as sent, each member of the type it was sent as.
 */
class ControlRandomBodiesHttpTest {

    private static final long SEED = 1_129_2026L;
    private static final int ROUNDS = Integer.getInteger("quarry.controlBodies.rounds", 60);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String LONG = "y".repeat(5_000);

    private static final Map<String, String> BODIES = Map.of(
            "POST /_mock/seed",
            "{'indices': {'a': {'settings': {'replicas': ['r']}, 'synonyms': [{'objectID': 's', 'type': 'synonym',"
                    + " 'synonyms': ['a', 'b']}], 'rules': [{'objectID': 'q', 'conditions': [{'pattern': 'x',"
                    + " 'anchoring': 'is'}], 'consequence': {'params': {'query': 'y'}}}], 'records': [{'objectID':"
                    + " '1', 't': 'v'}]}}, 'keys': [{'value': 'seeded-key', 'acl': ['search'], 'index': 'a',"
                    + " 'validity': 10}]}",
            "POST /_mock/faults",
            "{'method': 'POST', 'path': '/1/indexes/*/nothing', 'count': 2, 'share': 1.0, 'seed': 0, 'fault':"
                    + " {'type': 'status', 'status': 503, 'headers': {'Retry-After': '1'}, 'delayMs': 0}}",
            "POST /_mock/hosts/0/faults",
            "{'type': 'next', 'count': 1, 'fault': {'type': 'status', 'status': 503}}",
            "POST /_mock/monitoring/incidents",
            "{'server': 'mock-cluster-1', 'title': 't', 'body': 'b', 'status': 'degraded_performance'}",
            "POST /_mock/monitoring/status",
            "{'server': 'mock-cluster-1-1', 'status': 'operational'}",
            "PUT /_mock/monitoring/inventory",
            "{'servers': [{'name': 's-1', 'region': 'eu', 'is_replica': false, 'cluster': 'c-1', 'status':"
                    + " 'PRODUCTION', 'type': 'cluster'}], 'probes': [{'name': 'p', 'city': 'Paris', 'country':"
                    + " 'FR', 'latitude': 48.8, 'longitude': 2.3, 'regions': ['eu']}]}");

    private static MockServer server;
    private static TestClient client;

    @BeforeAll
    static void start() {
        server = MockServer.builder().start();
        client = new TestClient(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void oddControlBodiesAreAppliedOrRefusedBriefly() {
        Random random = new Random(SEED);
        List<String> endpoints = new ArrayList<>(BODIES.keySet());
        endpoints.sort(null);
        for (int round = 0; round < ROUNDS; round++) {
            String endpoint = endpoints.get(random.nextInt(endpoints.size()));
            ObjectNode body = (ObjectNode) TestClient.json(jq(BODIES.get(endpoint)));
            JsonMutations.mutate(body, random, 1 + random.nextInt(3), ControlRandomBodiesHttpTest::odd);
            String method = endpoint.substring(0, endpoint.indexOf(' '));
            String path = endpoint.substring(endpoint.indexOf(' ') + 1);
            String what = "seed " + SEED + ", round " + round + ": " + endpoint + " " + shortly(body);

            Reply reply = client.send(method, path, body.toString());

            assertThat(reply.status()).as(what).isBetween(200, 499);
            if (reply.status() >= 400) {
                assertThat(reply.body().get("message").asString()).as(what).hasSizeLessThan(1_000);
            } else if (path.endsWith("/inventory")) {
                assertReadsBackAsSent(body, what);
            }
            client.post("/_mock/reset", null).requireOk();
        }
    }

    /** Each server and probe as sent: a member sent as a string, a boolean or a number reads back as that. */
    private static void assertReadsBackAsSent(ObjectNode sent, String what) {
        TestClient monitoring = new TestClient(server, server.applicationId(), server.monitoringKey());
        if (sent.has("servers")) {
            JsonNode servers =
                    monitoring.get("/1/inventory/servers").requireOk().body().get("inventory");
            assertSameMembers(sent.get("servers"), servers, what);
        }
        if (sent.has("probes")) {
            JsonNode probes =
                    monitoring.get("/1/inventory/probes").requireOk().body().get("probes");
            assertSameMembers(sent.get("probes"), probes, what);
        }
    }

    private static void assertSameMembers(JsonNode sent, JsonNode read, String what) {
        assertThat(read.size()).as(what).isEqualTo(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            JsonNode item = read.get(i);
            sent.get(i).properties().forEach(member -> {
                if (!member.getValue().isNull()) {
                    assertThat(item.get(member.getKey()))
                            .as(what + ": " + member.getKey())
                            .isEqualTo(member.getValue());
                }
            });
        }
    }

    private static String shortly(JsonNode body) {
        String text = body.toString().replace(LONG, "<5,000 y>");
        return text.length() > 2_000 ? text.substring(0, 2_000) + "..." : text;
    }

    private static JsonNode odd(Random random) {
        return switch (random.nextInt(12)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.stringNode("");
            case 2 -> NODES.stringNode(LONG);
            case 3 -> NODES.stringNode("caf\u00e9 \ud83d\ude00 \u0000");
            case 4 -> NODES.stringNode("true");
            case 5 -> NODES.numberNode(-1);
            case 6 -> NODES.numberNode(new java.math.BigInteger("99999999999999999999999"));
            case 7 -> NODES.numberNode(2.5);
            case 8 -> NODES.booleanNode(random.nextBoolean());
            case 9 -> NODES.arrayNode().add(NODES.arrayNode().add("nested")).add(7);
            case 10 -> NODES.stringNode("48.8");
            default -> NODES.objectNode().put("x", "y");
        };
    }
}
