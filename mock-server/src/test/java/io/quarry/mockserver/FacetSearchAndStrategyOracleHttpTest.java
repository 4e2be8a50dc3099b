package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facet value searches and the stopIfEnoughMatches strategy against a count made apart, on a seeded index: each
 * value's count is the number of records holding it (once per record, however often it holds it) among those the
 * filter keeps, values sorted by count then value and cut at {@code maxFacetHits}; a multi-search entry runs only
 * while every search entry before it had fewer hits than its {@code hitsPerPage}. Set
 * {@code -Dquarry.facets.rounds=N} for a longer run; the seed is in every failure message.
 */
class FacetSearchAndStrategyOracleHttpTest {

    private static final long SEED = Long.getLong("quarry.facets.seed", 4242L);
    private static final int ROUNDS = Integer.getInteger("quarry.facets.rounds", 4);
    private static final String[] TAGS = {"red", "rose", "green", "grey", "blue", "black", "Brown"};

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Random random = new Random(SEED);
    private final List<List<String>> tagsOf = new ArrayList<>();
    private final List<Boolean> even = new ArrayList<>();

    @BeforeEach
    void seed(MockServer server) {
        ArrayNode records = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < 120; i++) {
            List<String> tags = new ArrayList<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                tags.add(TAGS[random.nextInt(TAGS.length)]); // repeats on purpose
            }
            tagsOf.add(tags);
            even.add(i % 2 == 0);
            ObjectNode record = records.addObject().put("objectID", "r" + i).put("even", i % 2 == 0);
            tags.forEach(record.putArray("tags")::add);
        }
        ObjectNode seed = (ObjectNode) TestClient.json(
                jq("{'indices':{'items':{'settings':{'attributesForFaceting':['searchable(tags)','even']}}}}"));
        ((ObjectNode) seed.get("indices").get("items")).set("records", records);
        server.seed(seed.toString());
    }

    @Test
    void facetValueCountsAndOrderMatchAnIndependentCount() {
        for (int round = 0; round < ROUNDS; round++) {
            String prefix =
                    random.nextBoolean() ? "" : TAGS[random.nextInt(TAGS.length)].substring(0, 1 + random.nextInt(2));
            Boolean onlyEven = random.nextBoolean() ? null : random.nextBoolean();
            int maxFacetHits = 1 + random.nextInt(8);
            String seen = "seed " + SEED + ", round " + round + ", prefix " + prefix + ", even " + onlyEven
                    + ", maxFacetHits " + maxFacetHits;
            Map<String, Integer> counts = new HashMap<>();
            for (int i = 0; i < tagsOf.size(); i++) {
                if (onlyEven == null || onlyEven == even.get(i)) {
                    for (String tag : new LinkedHashSet<>(tagsOf.get(i))) {
                        if (tag.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT))) {
                            counts.merge(tag, 1, Integer::sum);
                        }
                    }
                }
            }
            List<String> expected = counts.keySet().stream()
                    .sorted(Comparator.<String>comparingInt(counts::get)
                            .reversed()
                            .thenComparing(Comparator.naturalOrder()))
                    .limit(maxFacetHits)
                    .toList();
            ObjectNode body = JsonNodeFactory.instance
                    .objectNode()
                    .put("facetQuery", prefix)
                    .put("maxFacetHits", maxFacetHits)
                    .put("params", onlyEven == null ? "" : "filters=even%3A" + onlyEven);
            JsonNode hits = client.post("/1/indexes/items/facets/tags/query", body.toString())
                    .requireOk()
                    .body()
                    .get("facetHits");
            List<String> values = new ArrayList<>();
            for (JsonNode hit : hits) {
                values.add(hit.get("value").stringValue());
                assertThat(hit.get("count").intValue())
                        .as("%s, %s", seen, hit)
                        .isEqualTo(counts.get(hit.get("value").stringValue()));
            }
            assertThat(values).as(seen).isEqualTo(expected);
        }
    }

    @Test
    void stopIfEnoughMatchesRunsAnEntryOnlyWhileEveryEarlierSearchHadFewerHitsThanItsPage() {
        for (int round = 0; round < ROUNDS; round++) {
            ArrayNode requests = JsonNodeFactory.instance.arrayNode();
            List<Boolean> facet = new ArrayList<>();
            for (int n = 1 + random.nextInt(6); n > 0; n--) {
                boolean isFacet = random.nextInt(4) == 0;
                facet.add(isFacet);
                ObjectNode entry = requests.addObject().put("indexName", "items");
                if (isFacet) {
                    entry.put("type", "facet").put("facet", "tags");
                } else {
                    String tag = TAGS[random.nextInt(TAGS.length)];
                    entry.put("params", "hitsPerPage=" + random.nextInt(40) + "&filters=tags%3A" + tag);
                }
            }
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("strategy", "stopIfEnoughMatches");
            body.set("requests", requests);
            String seen = "seed " + SEED + ", round " + round + ", " + body;
            JsonNode results = client.post("/1/indexes/*/queries", body.toString())
                    .requireOk()
                    .body()
                    .get("results");
            assertThat(results).as(seen).hasSize(requests.size());
            boolean enough = false;
            for (int i = 0; i < results.size(); i++) {
                JsonNode result = results.get(i);
                if (facet.get(i)) {
                    assertThat(result.has("facetHits"))
                            .as("%s: entry %d", seen, i)
                            .isTrue();
                    continue;
                }
                assertThat(result.has("processed"))
                        .as("%s: entry %d skipped", seen, i)
                        .isEqualTo(enough);
                if (enough) {
                    assertThat(result.get("hits")).as(seen).isEmpty();
                } else {
                    enough = result.get("nbHits").intValue()
                            >= result.get("hitsPerPage").intValue();
                }
            }
        }
    }
}
