package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Valid batches of events with a few members set to odd values (wrong JSON types, empty, long and odd Unicode
 * text, lone surrogates, numbers past their types, nested arrays, lists of odd items), from a fixed seed: every
 * answer is a 200 or the service's 400 or 422 with a message, never a 500; a refused batch leaves no trace in any
 * of its users' profiles, an accepted one shows in each, and analytics still answers over what was accepted.
 */
class InsightsRandomBodiesHttpTest {

    private static final long SEED = 20_261_130L;
    private static final int ROUNDS = Integer.getInteger("quarry.insights.bodyRounds", 40);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Every member an event may hold, and some it may not. */
    private static final String[] MEMBERS = {
        "eventType",
        "eventSubtype",
        "eventName",
        "index",
        "userToken",
        "authenticatedUserToken",
        "timestamp",
        "queryID",
        "objectIDs",
        "filters",
        "positions",
        "objectData",
        "currency",
        "value",
        "unknown"
    };

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private String queryID;

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'products':{'settings':{'attributesForFaceting':['brand']},'records':["
                + "{'objectID':'1','name':'running shoes','brand':'Acme'},"
                + "{'objectID':'2','name':'hiking boots','brand':'Zeta'}]}}}"));
        client.post(
                        "/1/strategies/personalization",
                        jq("{'eventsScoring':[{'eventName':'Clicked','eventType':'click','score':5},"
                                + "{'eventName':'Seen','eventType':'view','score':1},"
                                + "{'eventName':'Bought','eventType':'conversion','score':10}],"
                                + "'facetsScoring':[{'facetName':'brand','score':100}],'personalizationImpact':100}"))
                .requireOk();
        queryID = client.post("/1/indexes/products/query", jq("{'query':'shoes','clickAnalytics':true}"))
                .requireOk()
                .body()
                .get("queryID")
                .asString();
    }

    @Test
    void oddEventsAreAcceptedOrRefusedWholeNeverA500() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            ArrayNode events = NODES.arrayNode();
            int count = 1 + random.nextInt(3);
            for (int i = 0; i < count; i++) {
                events.add(validEvent(random, "r" + round + "u" + i));
            }
            List<String> users = new ArrayList<>();
            events.forEach(event -> users.add(event.get("userToken").asString()));
            for (int i = random.nextInt(3); i >= 0; i--) {
                ObjectNode event = (ObjectNode) events.get(random.nextInt(count));
                String member = MEMBERS[random.nextInt(MEMBERS.length)];
                if (random.nextInt(6) == 0) {
                    event.remove(member);
                } else {
                    event.set(member, odd(random));
                }
            }
            String body = ascii(NODES.objectNode().set("events", events));
            String what = "seed " + SEED + ", round " + round + ": " + body;

            Reply reply = client.post("/1/events", body);

            assertThat(reply.status()).as(what).isIn(200, 400, 422);
            assertThat(reply.body().get("message").isString()).as(what).isTrue();
            for (int i = 0; i < count; i++) {
                JsonNode sent = events.get(i).get("userToken");
                // an accepted event's user is the one sent; a refused batch's users were never seen
                String user = reply.status() == 200 ? sent.asString() : users.get(i);
                Reply profile = client.get("/1/profiles/personalization/" + user);
                assertThat(profile.status()).as(what + ", user " + user).isEqualTo(reply.status() == 200 ? 200 : 404);
                if (profile.status() == 200) {
                    assertThat(Instant.parse(profile.body().get("lastEventAt").asString()))
                            .as(what)
                            .isNotNull();
                }
            }
        }
        Reply analytics = client.get("/2/searches?index=products&clickAnalytics=true");
        assertThat(analytics.status()).as(analytics.toString()).isEqualTo(200);
    }

    /** A click after the search, a view of filters or a conversion with every optional member, for one user. */
    private ObjectNode validEvent(Random random, String user) {
        ObjectNode event = NODES.objectNode().put("index", "products").put("userToken", user);
        switch (random.nextInt(3)) {
            case 0 -> {
                event.put("eventType", "click").put("eventName", "Clicked").put("queryID", queryID);
                event.putArray("objectIDs").add("1").add("2");
                event.putArray("positions").add(1).add(2);
            }
            case 1 -> {
                event.put("eventType", "view").put("eventName", "Seen");
                event.putArray("filters").add("brand:Acme").add("brand:caf%C3%A9");
            }
            default -> {
                event.put("eventType", "conversion")
                        .put("eventSubtype", "purchase")
                        .put("eventName", "Bought")
                        .put("authenticatedUserToken", "account-" + user)
                        .put("timestamp", System.currentTimeMillis() - 60_000)
                        .put("queryID", queryID)
                        .put("currency", "EUR")
                        .put("value", "19.90");
                event.putArray("objectIDs").add("1");
                event.putArray("objectData").addObject().put("price", 19.9).put("quantity", 1);
            }
        }
        return event;
    }

    private static JsonNode odd(Random random) {
        return switch (random.nextInt(22)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.stringNode("");
            case 2 -> NODES.stringNode("x".repeat(70));
            case 3 -> NODES.stringNode("\ud800");
            case 4 -> NODES.stringNode("caf\u00e9 \ud83d\ude00 \u0000 \u0085");
            case 5 -> NODES.stringNode("brand:%ZZ");
            case 6 -> NODES.stringNode("conversion");
            case 7 -> NODES.numberNode(-1);
            case 8 -> NODES.numberNode(0);
            case 9 -> NODES.numberNode(Long.MAX_VALUE);
            case 10 -> NODES.numberNode(Long.MIN_VALUE);
            case 11 -> NODES.numberNode(new BigInteger("99999999999999999999999"));
            case 12 -> NODES.numberNode(2.5);
            case 13 -> NODES.numberNode(1e308);
            case 14 -> NODES.booleanNode(random.nextBoolean());
            case 15 -> NODES.arrayNode();
            case 16 -> NODES.arrayNode().add(NODES.arrayNode().add("nested")).add(7);
            case 17 -> NODES.arrayNode().add("1").addNull();
            case 18 -> NODES.arrayNode().add(0).add(Integer.MAX_VALUE + 1L);
            case 19 -> NODES.arrayNode().add("\udc00").add("brand:Acme");
            case 20 -> NODES.objectNode().put("eventType", "click");
            default -> {
                ArrayNode many = NODES.arrayNode();
                for (int i = 0; i < 21; i++) {
                    many.add(i + 1);
                }
                yield many;
            }
        };
    }

    /** The body with every character beyond printable ASCII as an escape, as JSON carries a lone surrogate. */
    private static String ascii(JsonNode body) {
        StringBuilder out = new StringBuilder();
        body.toString()
                .chars()
                .forEach(c ->
                        out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
        return out.toString();
    }
}
