package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.AppServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random hostile input to the personalization routes and to personalized searches: every answer is a
 * success or the documented refusal (422 for a strategy, 400 for a search parameter), never a 500, and a refused
 * strategy leaves the one set before.
 */
class PersonalizationHostileInputHttpTest {

    private static final long SEED = 2026_1129_04L;
    /** More rounds with {@code -Dquarry.personalization.rounds=N}. */
    private static final int ROUNDS = Integer.getInteger("quarry.personalization.rounds", 60);

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final String STRATEGY = "{'eventsScoring':[{'eventName':'seen','eventType':'view','score':5}],"
            + "'facetsScoring':[{'facetName':'brand','score':100}],'personalizationImpact':50}";

    /** Values of any JSON type, odd ones first. */
    private static final List<String> VALUES = List.of(
            "null",
            "true",
            "0",
            "-1",
            "101",
            "2147483648",
            "1e300",
            "5.5",
            "''",
            "' '",
            "'x'",
            "'\\u0000'",
            "'\\ud800'",
            "'purchase'",
            "'view'",
            "[]",
            "[null]",
            "[1]",
            "{}",
            "{'a':1}",
            "'" + "x".repeat(5000) + "'");

    private static final List<String> MEMBERS = List.of(
            "eventsScoring", "facetsScoring", "personalizationImpact", "eventName", "eventType", "facetName", "score");
    private static final List<String> SEARCH_PARAMS = List.of(
            "enablePersonalization", "userToken", "personalizationImpact", "optionalFilters", "sumOrFiltersScores");

    private static AppServer server;

    @BeforeAll
    static void start() {
        server = new AppServer(new MutableClock(NOW));
        server.seed(
                "{'indices':{'shop':{'settings':{'attributesForFaceting':['brand']},'records':["
                        + "{'objectID':'1','name':'phone','brand':'-minus'},{'objectID':'2','name':'phone','brand':'acme'}]}}}");
        server.send("POST", "/1/strategies/personalization", STRATEGY).requireOk();
        server.recordEvents(new TrackedEvent(
                NOW.toEpochMilli(), "view", null, "seen", "shop", "u1", null, List.of("1"), List.of(), List.of()));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aMalformedStrategyIsA422AndLeavesTheStrategySetBefore() {
        Random random = new Random(SEED);
        String before = server.send("GET", "/1/strategies/personalization", null)
                .requireOk()
                .body()
                .toString();
        for (int round = 0; round < ROUNDS; round++) {
            String body = mutatedStrategy(random);

            Reply reply = server.send("POST", "/1/strategies/personalization", body);

            assertThat(reply.status())
                    .as("seed %d, round %d: %s", SEED, round, reply)
                    .isIn(200, 400, 422);
            if (reply.status() != 200) {
                assertThat(reply.body().get("message").asString()).isNotBlank();
                assertThat(server.send("GET", "/1/strategies/personalization", null)
                                .body()
                                .toString())
                        .isEqualTo(before);
            } else {
                before = server.send("GET", "/1/strategies/personalization", null)
                        .requireOk()
                        .body()
                        .toString();
            }
        }
    }

    @Test
    void aPersonalizedSearchWithOddParametersAnswersOrRefusesWithA400() {
        Random random = new Random(SEED + 1);
        for (int round = 0; round < ROUNDS; round++) {
            ObjectNode query = Json.object().put("query", "phone");
            query.put("enablePersonalization", true).put("userToken", "u1");
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                String value = VALUES.get(random.nextInt(VALUES.size()));
                query.set(SEARCH_PARAMS.get(random.nextInt(SEARCH_PARAMS.size())), Json.parse(jsonOf(value)));
            }

            Reply reply = server.send("POST", "/1/indexes/shop/query", query.toString());

            assertThat(reply.status())
                    .as("seed %d, round %d: %s -> %s", SEED, round, query, reply)
                    .isIn(200, 400);
        }
    }

    /** The strategy set up, with one to three members (at any depth) replaced by a value of any type. */
    private static String mutatedStrategy(Random random) {
        ObjectNode strategy = (ObjectNode) Json.parse(jsonOf(STRATEGY));
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            String member = MEMBERS.get(random.nextInt(MEMBERS.size()));
            ObjectNode target = strategy;
            if (!member.endsWith("Scoring") && !member.equals("personalizationImpact")) {
                boolean facet = member.startsWith("facet") || member.equals("score") && random.nextBoolean();
                JsonNode list = strategy.get(facet ? "facetsScoring" : "eventsScoring");
                if (list == null
                        || !list.isArray()
                        || list.isEmpty()
                        || !list.get(0).isObject()) {
                    continue;
                }
                target = (ObjectNode) list.get(0);
            }
            if (random.nextInt(6) == 0) {
                target.remove(member);
            } else {
                target.set(member, Json.parse(jsonOf(VALUES.get(random.nextInt(VALUES.size())))));
            }
        }
        return strategy.toString();
    }

    private static String jsonOf(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }
}
