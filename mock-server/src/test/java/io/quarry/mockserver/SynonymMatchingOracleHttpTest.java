package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random synonyms of every kind, including chains and cycles, against an independent reading: a query word
 * matches its own records and those of its direct alternatives (its regular groups' members, its one-way
 * synonyms, its alternative corrections unless typos are off, the placeholders it is a replacement of), never an
 * alternative of an alternative. Records write some words as placeholders ({@code <dog>}). Run more cases with
 * {@code -Dquarry.synonyms.oracle.rounds=N} and another start with {@code -Dquarry.synonyms.oracle.seed=S}.
 */
class SynonymMatchingOracleHttpTest {

    private static final long SEED = Long.getLong("quarry.synonyms.oracle.seed", 20261129L);
    private static final int ROUNDS = Integer.getInteger("quarry.synonyms.oracle.rounds", 40);
    // Three letters, too short for a typo: only synonyms link two words.
    private static final List<String> WORDS = List.of("cat", "dog", "elk", "fox", "gnu", "hen");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void aQueryWordMatchesItsDirectAlternativesOnly() {
        for (int round = 0; round < ROUNDS; round++) {
            long seed = SEED + round;
            check(new Random(seed), "s" + round, "seed " + seed);
        }
    }

    private void check(Random random, String index, String seed) {
        ArrayNode records = JSON.arrayNode();
        List<List<String>> names = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            List<String> name = List.of(word(random), word(random));
            names.add(name);
            records.addObject()
                    .put("action", "updateObject")
                    .putObject("body")
                    .put("objectID", "o" + i)
                    .put("name", written(random, name));
        }
        client.post(
                        "/1/indexes/" + index + "/batch",
                        JSON.objectNode().set("requests", records).toString())
                .requireOk();
        ArrayNode synonyms = JSON.arrayNode();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            synonyms.add(randomSynonym(random, "syn" + i));
        }
        client.post("/1/indexes/" + index + "/synonyms/batch", synonyms.toString())
                .requireOk();

        String query = random.nextBoolean() ? word(random) : wordOf(random, synonyms);
        ObjectNode search = JSON.objectNode().put("query", query);
        boolean typos = random.nextBoolean();
        if (!typos && random.nextBoolean()) {
            search.put("typoTolerance", false);
        } else if (!typos) {
            search.put("typoTolerance", "false");
        }
        Set<String> alternatives = alternatives(query, synonyms, typos);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).stream().anyMatch(alternatives::contains)) {
                expected.add("o" + i);
            }
        }
        List<String> found =
                client.post("/1/indexes/" + index + "/query", search.toString()).hitIds();
        assertThat(found)
                .as(seed + ": synonyms " + synonyms + ", search " + search + ", records " + names)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    private static ObjectNode randomSynonym(Random random, String id) {
        ObjectNode synonym = JSON.objectNode().put("objectID", id);
        switch (random.nextInt(5)) {
            case 0 -> words(synonym.put("type", "synonym").putArray("synonyms"), random, 2 + random.nextInt(2));
            case 1 ->
                words(
                        synonym.put("type", random.nextBoolean() ? "onewaysynonym" : "oneWaySynonym")
                                .put("input", word(random))
                                .putArray("synonyms"),
                        random,
                        1 + random.nextInt(2));
            case 2 ->
                words(
                        synonym.put("type", "placeholder")
                                .put("placeholder", "<" + word(random) + ">")
                                .putArray("replacements"),
                        random,
                        1 + random.nextInt(2));
            default ->
                words(
                        synonym.put("type", random.nextBoolean() ? "altcorrection1" : "altCorrection2")
                                .put("word", word(random))
                                .putArray("corrections"),
                        random,
                        1 + random.nextInt(2));
        }
        return synonym;
    }

    /** The query word and what one step of any synonym leads to from it. */
    private static Set<String> alternatives(String query, ArrayNode synonyms, boolean typos) {
        Set<String> found = new HashSet<>(Set.of(query));
        synonyms.forEach(synonym -> {
            List<String> listed = new ArrayList<>();
            synonym.path("synonyms").forEach(word -> listed.add(word.asString()));
            synonym.path("corrections").forEach(word -> listed.add(word.asString()));
            synonym.path("replacements").forEach(word -> listed.add(word.asString()));
            switch (synonym.get("type").asString()) {
                case "synonym" -> {
                    if (listed.contains(query)) {
                        found.addAll(listed);
                    }
                }
                case "onewaysynonym", "oneWaySynonym" -> {
                    if (synonym.get("input").asString().equals(query)) {
                        found.addAll(listed);
                    }
                }
                case "placeholder" -> {
                    if (listed.contains(query)) {
                        // The record word of <dog> is dog.
                        String placeholder = synonym.get("placeholder").asString();
                        found.add(placeholder.substring(1, placeholder.length() - 1));
                    }
                }
                default -> {
                    if (typos && synonym.get("word").asString().equals(query)) {
                        found.addAll(listed);
                    }
                }
            }
        });
        return found;
    }

    /** A word a random synonym reads in a query (its input or word, else a member), so most searches meet one. */
    private static String wordOf(Random random, ArrayNode synonyms) {
        ObjectNode synonym = (ObjectNode) synonyms.get(random.nextInt(synonyms.size()));
        for (String lookedUp : List.of("input", "word")) {
            if (synonym.has(lookedUp)) {
                return synonym.get(lookedUp).asString();
            }
        }
        List<String> members = new ArrayList<>();
        synonym.path("synonyms").forEach(word -> members.add(word.asString()));
        synonym.path("replacements").forEach(word -> members.add(word.asString()));
        return members.get(random.nextInt(members.size()));
    }

    /** The record's text: each word as it is, or as a placeholder, which reads as the same word. */
    private static String written(Random random, List<String> words) {
        List<String> written = new ArrayList<>();
        words.forEach(word -> written.add(random.nextInt(4) == 0 ? "<" + word + ">" : word));
        return String.join(" ", written);
    }

    private static void words(ArrayNode into, Random random, int count) {
        for (int i = 0; i < count; i++) {
            into.add(word(random));
        }
    }

    private static String word(Random random) {
        return WORDS.get(random.nextInt(WORDS.size()));
    }
}
