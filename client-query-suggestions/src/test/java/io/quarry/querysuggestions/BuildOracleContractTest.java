package io.quarry.querysuggestions;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Seeded random records, searches, external suggestions and configurations: each build's suggestions index holds
 * exactly what an oracle written here expects from the searches sent and the external records (popularity, letters,
 * exclusions, hits found, singular and plural forms from a table of the words used), each suggestion with the hits
 * its source finds.
 */
class BuildOracleContractTest {

    private static final long SEED = 20_261_129_22L;
    private static final int ROUNDS = Integer.getInteger("quarry.suggestions.oracleRounds", 4);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Each word of the vocabulary and its singular form, so the oracle needs no plural rule of its own. */
    private static final Map<String, String> SINGULAR = Map.ofEntries(
            Map.entry("shoe", "shoe"),
            Map.entry("shoes", "shoe"),
            Map.entry("boot", "boot"),
            Map.entry("boots", "boot"),
            Map.entry("city", "city"),
            Map.entry("cities", "city"),
            Map.entry("box", "box"),
            Map.entry("boxes", "box"),
            Map.entry("glass", "glass"),
            Map.entry("red", "red"),
            Map.entry("trail", "trail"),
            Map.entry("cheap", "cheap"),
            Map.entry("x1", "x1"));

    private static final List<String> WORDS =
            SINGULAR.keySet().stream().sorted().toList();

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final QuerySuggestionsClient client =
            QuerySuggestionsClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private final RawHttp raw = new RawHttp(MOCK.server());

    @Test
    void eachBuildHoldsWhatTheSearchesAndTheConfigurationCallFor() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            String source = "products" + round;
            String suggestions = "suggestions" + round;
            String what = "seed " + SEED + ", round " + round;
            for (int i = 0; i < 8; i++) {
                raw.send("PUT", "/1/indexes/" + source + "/" + i, "{'name':'" + phrase(random, 3) + "'}");
            }
            boolean tagged = random.nextBoolean();
            Map<String, Long> searched = new HashMap<>();
            for (int i = 0; i < 15; i++) {
                String query = phrase(random, 2);
                boolean web = random.nextBoolean();
                for (int times = 1 + random.nextInt(3); times > 0; times--) {
                    // one user per search, so no search reads as a keystroke of the next
                    raw.send(
                            "POST",
                            "/1/indexes/" + source + "/query",
                            "{'query':'" + typed(random, query) + "','userToken':'u" + round + "-" + i + "-" + times
                                    + "','analyticsTags':['" + (web ? "web" : "app") + "']}");
                    if (web || !tagged) {
                        searched.merge(query, 1L, Long::sum);
                    }
                }
            }
            String external = "external" + round;
            for (int i = random.nextInt(4); i > 0; i--) {
                String query = phrase(random, 2);
                int count = random.nextInt(6);
                raw.send(
                        "PUT",
                        "/1/indexes/" + external + "/" + i,
                        "{'query':'" + typed(random, query) + "','count':" + count + "}");
                searched.merge(query, (long) count, Long::sum);
            }
            int minHits = random.nextInt(3);
            int minLetters = random.nextInt(9);
            List<String> exclude = new ArrayList<>();
            for (int i = random.nextInt(3); i > 0; i--) {
                String word = WORDS.get(random.nextInt(WORDS.size()));
                exclude.add(random.nextBoolean() ? word : "*" + word.substring(1) + "*");
            }
            boolean languages = random.nextBoolean();
            SourceIndex sourceIndex = SourceIndex.of(source)
                    .minHits(minHits)
                    .minLetters(minLetters)
                    .external(external);
            QuerySuggestionsConfig config = QuerySuggestionsConfig.of(
                            suggestions, tagged ? sourceIndex.analyticsTags("web") : sourceIndex)
                    .exclude(exclude.toArray(String[]::new));
            if (languages) {
                config = config.languages("en");
            }

            Instant before = Instant.now();
            client.createConfig(config);
            client.waitForBuild(suggestions, before, FAST);

            Map<String, Long> expected = new HashMap<>();
            Map<String, Long> hits = new HashMap<>();
            searched.forEach((query, popularity) -> {
                long found = nbHits(source, query);
                if (letters(query) >= minLetters
                        && exclude.stream().noneMatch(entry -> excludes(entry, query))
                        && found >= minHits) {
                    expected.put(query, popularity);
                    hits.put(query, found);
                }
            });
            if (languages) {
                keepTheMostPopularForm(expected);
            }
            JsonNode built = search(suggestions);
            Map<String, Long> actual = new HashMap<>();
            for (JsonNode hit : built.get("hits")) {
                String query = hit.get("query").asString();
                actual.put(query, hit.get("popularity").asLong());
                assertThat(hit.at("/" + source + "/exact_nb_hits").asLong())
                        .as("%s: hits of %s", what, query)
                        .isEqualTo(hits.get(query));
            }
            assertThat(actual)
                    .as("%s: %s after searches %s", what, config, searched)
                    .isEqualTo(expected);
        }
    }

    /** One to {@code most} words of the vocabulary. */
    private static String phrase(Random random, int most) {
        List<String> words = new ArrayList<>();
        for (int i = 1 + random.nextInt(most); i > 0; i--) {
            words.add(WORDS.get(random.nextInt(WORDS.size())));
        }
        return String.join(" ", words);
    }

    /** The query as a user may type it: other case, more spaces, which the service reads as the same query. */
    private static String typed(Random random, String query) {
        return switch (random.nextInt(3)) {
            case 0 -> query.toUpperCase(Locale.ROOT);
            case 1 -> " " + query.replace(" ", "  ") + " ";
            default -> query;
        };
    }

    private static int letters(String query) {
        return query.replace(" ", "").length();
    }

    /** A word or phrase excludes a suggestion holding it as whole words; {@code *x*} one containing {@code x}. */
    private static boolean excludes(String entry, String query) {
        if (entry.startsWith("*")) {
            return query.contains(entry.substring(1, entry.length() - 1));
        }
        return List.of(query.split(" ")).contains(entry);
    }

    /** Of suggestions whose words have the same singular forms, the most popular, then the shortest, stays. */
    private static void keepTheMostPopularForm(Map<String, Long> suggestions) {
        Map<String, String> best = new LinkedHashMap<>();
        Comparator<String> better = Comparator.<String>comparingLong(suggestions::get)
                .thenComparing(Comparator.comparingInt(String::length).reversed())
                .thenComparing(Comparator.<String>reverseOrder());
        suggestions
                .keySet()
                .forEach(query -> best.merge(singular(query), query, (a, b) -> better.compare(a, b) >= 0 ? a : b));
        suggestions.keySet().retainAll(best.values());
    }

    private static String singular(String query) {
        StringBuilder key = new StringBuilder();
        for (String word : query.split(" ")) {
            key.append(SINGULAR.get(word)).append(' ');
        }
        return key.toString();
    }

    private long nbHits(String index, String query) {
        return read(raw.send(
                        "POST",
                        "/1/indexes/" + index + "/query",
                        "{'query':'" + query + "','hitsPerPage':0,'analytics':false}"))
                .get("nbHits")
                .asLong();
    }

    private JsonNode search(String index) {
        return read(raw.send("POST", "/1/indexes/" + index + "/query", "{'query':'','hitsPerPage':1000}"));
    }

    private static JsonNode read(String body) {
        return JSON.readTree(body);
    }
}
