package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random rules against an independent reading of what rules do: which rules apply (anchoring, context,
 * {@code enabled}, validity on a fixed clock), which records they hide, and where promoted records land, over one
 * page and page by page. Run more cases with {@code -Dquarry.rules.oracle.rounds=N} and another start with
 * {@code -Dquarry.rules.oracle.seed=S}.
 */
class RuleOutcomeOracleHttpTest {

    private static final long SEED = Long.getLong("quarry.rules.oracle.seed", 20261129L);
    private static final int ROUNDS = Integer.getInteger("quarry.rules.oracle.rounds", 100);
    private static final long NOW = 1_900_000_000L;
    // Three letters: no typo reaches another word, and no word is a prefix of another.
    private static final List<String> WORDS = List.of("cat", "dog", "elk", "fox", "gnu");
    private static final List<String> ANCHORINGS = List.of("is", "startsWith", "endsWith", "contains");
    private static final List<String> CONTEXTS = List.of("mobile", "desk");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC)))
            .build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void appliedRulesHiddenAndPromotedRecordsFollowTheOracle() {
        for (int round = 0; round < ROUNDS; round++) {
            long seed = SEED + round;
            check(new Random(seed), "r" + round, "seed " + seed);
        }
    }

    private void check(Random random, String index, String seed) {
        int records = 3 + random.nextInt(6);
        ArrayNode batch = JSON.arrayNode();
        for (int i = 0; i < records; i++) {
            ObjectNode record = JSON.objectNode().put("objectID", "o" + i).put("name", words(random, 1, 3));
            batch.addObject().put("action", "updateObject").set("body", record);
        }
        client.post(
                        "/1/indexes/" + index + "/batch",
                        JSON.objectNode().set("requests", batch).toString())
                .requireOk();
        List<ObjectNode> rules = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            rules.add(randomRule(random, "rule" + i, records));
        }
        Reply saved = client.post("/1/indexes/" + index + "/rules/batch", rules.toString());
        assertThat(saved.status()).as(seed + " " + saved).isEqualTo(200);

        List<String> query = List.of(words(random, 1, 3).split(" "));
        List<String> contexts = new ArrayList<>();
        CONTEXTS.forEach(context -> {
            if (random.nextBoolean()) {
                contexts.add(context);
            }
        });
        List<String> base = search(index, query, contexts, false, 1000, 0).hitIds();

        List<ObjectNode> applied = new ArrayList<>();
        rules.stream().filter(rule -> applies(rule, query, contexts)).forEach(applied::add);
        List<String> expected = arrange(base, applied, records);
        String why = seed + ": rules " + rules + ", query " + query + ", contexts " + contexts + ", base " + base;

        Reply all = search(index, query, contexts, true, 1000, 0);
        assertThat(all.hitIds()).as(why).isEqualTo(expected);
        assertThat(all.body().path("nbHits").asInt()).as(why).isEqualTo(expected.size());
        List<String> appliedIds = new ArrayList<>();
        all.body()
                .path("appliedRules")
                .forEach(rule -> appliedIds.add(rule.path("objectID").asString()));
        assertThat(appliedIds).as(why).isEqualTo(ids(applied));
        List<JsonNode> userData = new ArrayList<>();
        all.body().path("userData").forEach(userData::add);
        assertThat(userData)
                .as(why)
                .isEqualTo(applied.stream()
                        .map(rule -> rule.path("consequence").path("userData"))
                        .toList());

        int hitsPerPage = 1 + random.nextInt(3);
        List<String> paged = new ArrayList<>();
        for (int page = 0; page * hitsPerPage < expected.size(); page++) {
            paged.addAll(search(index, query, contexts, true, hitsPerPage, page).hitIds());
        }
        assertThat(paged).as(why + ", " + hitsPerPage + " a page").isEqualTo(expected);
    }

    private Reply search(
            String index, List<String> query, List<String> contexts, boolean rules, int hitsPerPage, int page) {
        ObjectNode body = JSON.objectNode()
                .put("query", String.join(" ", query))
                .put("enableRules", rules)
                .put("hitsPerPage", hitsPerPage)
                .put("page", page);
        ArrayNode ruleContexts = body.putArray("ruleContexts");
        contexts.forEach(ruleContexts::add);
        return client.post("/1/indexes/" + index + "/query", body.toString()).requireOk();
    }

    private static ObjectNode randomRule(Random random, String id, int records) {
        ObjectNode rule = JSON.objectNode().put("objectID", id);
        ObjectNode condition = rule.putArray("conditions").addObject();
        boolean contextOnly = random.nextInt(5) == 0;
        if (!contextOnly) {
            condition.put("pattern", words(random, 1, 2));
            condition.put("anchoring", ANCHORINGS.get(random.nextInt(ANCHORINGS.size())));
        }
        if (contextOnly || random.nextInt(4) == 0) {
            condition.put("context", CONTEXTS.get(random.nextInt(CONTEXTS.size())));
        }
        if (random.nextInt(6) == 0) {
            rule.put("enabled", false);
        }
        if (random.nextInt(3) == 0) {
            // Ranges around the fixed clock, ends included: ended just now, begins next, or holding now exactly.
            long from = NOW + random.nextInt(5) - 2;
            ObjectNode range = rule.putArray("validity").addObject();
            range.put("from", from);
            range.put("until", from + random.nextInt(3));
        }
        ObjectNode consequence = rule.putObject("consequence");
        consequence.putObject("userData").put("rule", id);
        ArrayNode promote = consequence.putArray("promote");
        for (int i = random.nextInt(3); i > 0; i--) {
            // Records past the last one are missing: a promotion of them does nothing.
            ObjectNode item = promote.addObject().put("position", random.nextInt(records + 2));
            if (random.nextBoolean()) {
                item.put("objectID", "o" + random.nextInt(records + 1));
            } else {
                ArrayNode ids = item.putArray("objectIDs");
                for (int j = 1 + random.nextInt(3); j > 0; j--) {
                    ids.add("o" + random.nextInt(records + 1));
                }
            }
        }
        ArrayNode hide = consequence.putArray("hide");
        for (int i = random.nextInt(3); i > 0; i--) {
            hide.addObject().put("objectID", "o" + random.nextInt(records));
        }
        return rule;
    }

    private static String words(Random random, int least, int most) {
        List<String> words = new ArrayList<>();
        for (int i = least + random.nextInt(most - least + 1); i > 0; i--) {
            words.add(WORDS.get(random.nextInt(WORDS.size())));
        }
        return String.join(" ", words);
    }

    /** Enabled, within a validity range (ends included) if it has any, and a condition holds. */
    private static boolean applies(ObjectNode rule, List<String> query, List<String> contexts) {
        if (!rule.path("enabled").asBoolean(true)) {
            return false;
        }
        JsonNode validity = rule.path("validity");
        if (!validity.isEmpty()) {
            JsonNode range = validity.get(0);
            if (NOW < range.get("from").asLong() || NOW > range.get("until").asLong()) {
                return false;
            }
        }
        JsonNode condition = rule.path("conditions").get(0);
        if (condition.has("context")
                && !contexts.contains(condition.get("context").asString())) {
            return false;
        }
        if (!condition.has("pattern")) {
            return true;
        }
        List<String> pattern = List.of(condition.get("pattern").asString().split(" "));
        int n = query.size();
        int m = pattern.size();
        return switch (condition.get("anchoring").asString()) {
            case "is" -> query.equals(pattern);
            case "startsWith" -> m <= n && query.subList(0, m).equals(pattern);
            case "endsWith" -> m <= n && query.subList(n - m, n).equals(pattern);
            default ->
                java.util.stream.IntStream.rangeClosed(0, n - m)
                        .anyMatch(i -> query.subList(i, i + m).equals(pattern));
        };
    }

    /**
     * The hits once the applied rules act: hidden records leave; each record is promoted once, by its first
     * promotion in rule order ({@code objectIDs} take consecutive positions), unless hidden or missing; a
     * promoted record takes its position, the earlier promotion first when two name the same one, and promoted
     * records whose position is past the other hits follow them in position order.
     */
    private static List<String> arrange(List<String> base, List<ObjectNode> applied, int records) {
        Set<String> hidden = new LinkedHashSet<>();
        applied.forEach(rule -> rule.path("consequence")
                .path("hide")
                .forEach(item -> hidden.add(item.get("objectID").asString())));
        List<String[]> promoted = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ObjectNode rule : applied) {
            for (JsonNode item : rule.path("consequence").path("promote")) {
                int position = item.get("position").asInt();
                List<String> ids = new ArrayList<>();
                if (item.has("objectID")) {
                    ids.add(item.get("objectID").asString());
                } else {
                    item.get("objectIDs").forEach(id -> ids.add(id.asString()));
                }
                for (String id : ids) {
                    int at = position++;
                    boolean exists = Integer.parseInt(id.substring(1)) < records;
                    if (seen.add(id) && exists && !hidden.contains(id)) {
                        promoted.add(new String[] {id, Integer.toString(at)});
                    }
                }
            }
        }
        // Stable: promotions at the same position keep rule order.
        promoted.sort(java.util.Comparator.comparingInt(p -> Integer.parseInt(p[1])));
        Set<String> promotedIds = new LinkedHashSet<>();
        promoted.forEach(p -> promotedIds.add(p[0]));
        List<String> rest = new ArrayList<>(base);
        rest.removeIf(id -> hidden.contains(id) || promotedIds.contains(id));
        List<String> out = new ArrayList<>();
        int next = 0;
        int taken = 0;
        while (next < promoted.size() || taken < rest.size()) {
            if (next < promoted.size()
                    && (Integer.parseInt(promoted.get(next)[1]) <= out.size() || taken == rest.size())) {
                out.add(promoted.get(next++)[0]);
            } else {
                out.add(rest.get(taken++));
            }
        }
        return out;
    }

    private static List<String> ids(List<ObjectNode> rules) {
        return rules.stream().map(rule -> rule.get("objectID").asString()).toList();
    }
}
