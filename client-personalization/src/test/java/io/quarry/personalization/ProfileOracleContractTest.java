package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random events against an oracle written here from the rules alone: each event whose name and type the
 * strategy scores adds its score once to every value, of the scored facets, that its records or filters name, a
 * value stopping at 20; a personalized search then scores each record the sum, over its values in the profile, of
 * floor(value score x facet score / 100). The profile read through the client, the personalized search's ranking and
 * a plain search with {@link PersonalizationFilters}' filters must all agree with it.
 */
class ProfileOracleContractTest {

    private static final long SEED = 2026_1129_02L;
    /** More users with {@code -Dquarry.personalization.users=N}. */
    private static final int USERS = Integer.getInteger("quarry.personalization.users", 3);

    private static final List<String> BRANDS = List.of("acme", "globex", "initech", "umbrella");
    private static final List<String> COLORS = List.of("red", "green", "blue", "black", "white");
    private static final int RECORDS = 12;
    /** Event names and types; the last is scored by no strategy. */
    private static final List<String[]> EVENTS = List.of(
            new String[] {"Viewed", "view"},
            new String[] {"Clicked", "click"},
            new String[] {"Bought", "conversion"},
            new String[] {"Viewed", "conversion"});

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final PersonalizationClient client =
            PersonalizationClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private final MockServerCalls calls = new MockServerCalls(MOCK.server());

    @Test
    void profilesAndPersonalizedRankingsFollowTheEventsSent() {
        Random random = new Random(SEED);
        Map<String, Map<String, String>> records = seedRecords(random);
        PersonalizationStrategy strategy = new PersonalizationStrategy(
                List.of(
                        EventScoring.of("Viewed", EventType.VIEW, 1 + random.nextInt(5)),
                        EventScoring.of("Clicked", EventType.CLICK, 1 + random.nextInt(10)),
                        EventScoring.of("Bought", EventType.CONVERSION, 5 + random.nextInt(16))),
                List.of(
                        FacetScoring.of("brand", 1 + random.nextInt(100)),
                        FacetScoring.of("color", 1 + random.nextInt(100))),
                1 + random.nextInt(100));
        client.setStrategy(strategy);
        ArrayNode events = JSON.createArrayNode();
        Map<String, Map<String, Map<String, Integer>>> expected = new LinkedHashMap<>();
        for (int u = 0; u < USERS; u++) {
            String user = "oracle-user-" + u;
            expected.put(user, sendAndExpect(random, user, records, strategy, events));
        }
        ObjectNode body = JSON.createObjectNode();
        body.set("events", events);
        calls.send("POST", "/1/events", body.toString());

        for (Map.Entry<String, Map<String, Map<String, Integer>>> user : expected.entrySet()) {
            String why = "seed " + SEED + ", " + user.getKey();
            UserProfile profile = client.getUserProfile(user.getKey());
            Map<String, Integer> boosts = boosts(records, user.getValue(), strategy);

            assertThat(asIntegers(profile.scores())).as(why).isEqualTo(user.getValue());
            assertThat(filtersScores(personalizedSearch(user.getKey()))).as(why).isEqualTo(boosts);
            assertThat(filtersScores(searchWith(PersonalizationFilters.optionalFilters(profile, strategy))))
                    .as(why)
                    .isEqualTo(boosts);
        }
    }

    /** Records r0.. with one brand and one or two colors, seeded into the index {@code shop}. */
    private Map<String, Map<String, String>> seedRecords(Random random) {
        Map<String, Map<String, String>> records = new LinkedHashMap<>();
        ObjectNode seed = JSON.createObjectNode();
        ObjectNode shop = seed.putObject("indices").putObject("shop");
        shop.putObject("settings")
                .putArray("attributesForFaceting")
                .add("brand")
                .add("color");
        ArrayNode list = shop.putArray("records");
        for (int i = 0; i < RECORDS; i++) {
            String brand = BRANDS.get(random.nextInt(BRANDS.size()));
            Set<String> colors = new LinkedHashSet<>();
            for (int c = 1 + random.nextInt(2); c > 0; c--) {
                colors.add(COLORS.get(random.nextInt(COLORS.size())));
            }
            ObjectNode record = list.addObject()
                    .put("objectID", "r" + i)
                    .put("name", "item")
                    .put("brand", brand);
            colors.forEach(record.putArray("color")::add);
            Map<String, String> values = new LinkedHashMap<>();
            values.put("brand", brand);
            values.put("color", String.join(",", colors));
            records.put("r" + i, values);
        }
        MOCK.server().seed(seed.toString());
        return records;
    }

    /** Adds a user's random events to {@code events}; returns the profile the oracle expects. */
    private static Map<String, Map<String, Integer>> sendAndExpect(
            Random random,
            String user,
            Map<String, Map<String, String>> records,
            PersonalizationStrategy strategy,
            ArrayNode events) {
        Map<String, Map<String, Integer>> profile = new TreeMap<>();
        List<String> ids = new ArrayList<>(records.keySet());
        for (int e = 3 + random.nextInt(10); e > 0; e--) {
            String[] kind = EVENTS.get(random.nextInt(EVENTS.size()));
            ObjectNode event = events.addObject()
                    .put("eventType", kind[1])
                    .put("eventName", kind[0])
                    .put("index", "shop")
                    .put("userToken", user);
            Map<String, Set<String>> named = new TreeMap<>();
            if (random.nextBoolean()) {
                ArrayNode objectIDs = event.putArray("objectIDs");
                for (String id : distinct(random, ids, 1 + random.nextInt(3))) {
                    objectIDs.add(id);
                    records.get(id)
                            .forEach((facet, values) -> named.computeIfAbsent(facet, f -> new TreeSet<>())
                                    .addAll(List.of(values.split(","))));
                }
            } else {
                ArrayNode filters = event.putArray("filters");
                String facet = random.nextBoolean() ? "brand" : "color";
                for (String value : distinct(random, facet.equals("brand") ? BRANDS : COLORS, 1 + random.nextInt(2))) {
                    filters.add(facet + ":" + value);
                    named.computeIfAbsent(facet, f -> new TreeSet<>()).add(value);
                }
            }
            int score = eventScore(strategy, kind[0], kind[1]);
            if (score > 0) {
                named.forEach((facet, values) ->
                        values.forEach(value -> profile.computeIfAbsent(facet, f -> new TreeMap<>())
                                .merge(value, score, (a, b) -> Math.min(20, a + b))));
            }
        }
        return profile;
    }

    private static int eventScore(PersonalizationStrategy strategy, String name, String type) {
        for (EventScoring event : strategy.eventsScoring()) {
            if (event.eventName().equals(name) && event.eventType().name().equals(type)) {
                return event.score();
            }
        }
        return 0;
    }

    /** Each record's expected filters score: its values' floor(value score x facet score / 100), summed. */
    private static Map<String, Integer> boosts(
            Map<String, Map<String, String>> records,
            Map<String, Map<String, Integer>> profile,
            PersonalizationStrategy strategy) {
        Map<String, Integer> boosts = new TreeMap<>();
        records.forEach((id, values) -> {
            int boost = 0;
            for (Map.Entry<String, String> facet : values.entrySet()) {
                for (String value : facet.getValue().split(",")) {
                    int score = profile.getOrDefault(facet.getKey(), Map.of()).getOrDefault(value, 0);
                    boost += score * strategy.facetScore(facet.getKey()) / 100;
                }
            }
            boosts.put(id, boost);
        });
        return boosts;
    }

    private JsonNode personalizedSearch(String user) {
        return calls.send(
                "POST",
                "/1/indexes/shop/query",
                "{'query':'item','hitsPerPage':" + RECORDS + ",'getRankingInfo':true,'enablePersonalization':true,"
                        + "'userToken':'" + user + "'}");
    }

    private JsonNode searchWith(List<String> optionalFilters) {
        ObjectNode query = JSON.createObjectNode()
                .put("query", "item")
                .put("hitsPerPage", RECORDS)
                .put("getRankingInfo", true);
        optionalFilters.forEach(query.putArray("optionalFilters")::add);
        return calls.send("POST", "/1/indexes/shop/query", query.toString());
    }

    /** Each hit's filters score, after checking that hits come in decreasing filters score. */
    private static Map<String, Integer> filtersScores(JsonNode answer) {
        Map<String, Integer> scores = new TreeMap<>();
        int previous = Integer.MAX_VALUE;
        for (JsonNode hit : answer.get("hits")) {
            int score = hit.at("/_rankingInfo/filters").asInt();
            assertThat(score).as("hits in decreasing filters score: %s", answer).isLessThanOrEqualTo(previous);
            previous = score;
            scores.put(hit.get("objectID").asString(), score);
        }
        return scores;
    }

    private static Map<String, Map<String, Integer>> asIntegers(Map<String, Map<String, Double>> scores) {
        Map<String, Map<String, Integer>> integers = new TreeMap<>();
        scores.forEach((facet, values) -> {
            Map<String, Integer> facetScores = new TreeMap<>();
            values.forEach((value, score) -> facetScores.put(value, score.intValue()));
            integers.put(facet, facetScores);
        });
        return integers;
    }

    private static List<String> distinct(Random random, List<String> from, int count) {
        List<String> pool = new ArrayList<>(from);
        Collections.shuffle(pool, random);
        return pool.subList(0, Math.min(count, pool.size()));
    }
}
