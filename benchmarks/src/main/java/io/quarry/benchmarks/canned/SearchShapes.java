package io.quarry.benchmarks.canned;

import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Search answers of other shapes than the canned one, each served under an index of its own
 * ({@code /1/indexes/<index>/query}): 20 or 1,000 hits, with or without {@code _highlightResult}. They are built
 * from the canned answer's 20 hits, repeated with distinct objectIDs, so that every shape holds the same records.
 */
public final class SearchShapes {

    /** The hit counts served. */
    static final int[] HIT_COUNTS = {20, 1000};

    private SearchShapes() {}

    /**
     * The index that serves a shape.
     *
     * @param hits        20 or 1000
     * @param highlighted whether the hits carry {@code _highlightResult}
     * @return its name
     */
    public static String index(int hits, boolean highlighted) {
        return "shape-" + hits + (highlighted ? "-highlighted" : "-plain");
    }

    /** {@return every shape's answer, by index name} */
    static Map<String, byte[]> answers() {
        JsonMapper mapper = JsonMapper.builder().build();
        JsonNode canned = mapper.readTree(CannedServer.resource("search-response.json"));
        Map<String, byte[]> answers = new TreeMap<>();
        for (int hits : HIT_COUNTS) {
            for (boolean highlighted : new boolean[] {true, false}) {
                answers.put(index(hits, highlighted), mapper.writeValueAsBytes(shaped(canned, hits, highlighted)));
            }
        }
        return answers;
    }

    private static ObjectNode shaped(JsonNode canned, int count, boolean highlighted) {
        ObjectNode answer = (ObjectNode) canned.deepCopy();
        ArrayNode source = (ArrayNode) canned.get("hits");
        ArrayNode hits = answer.putArray("hits");
        for (int i = 0; i < count; i++) {
            ObjectNode hit = (ObjectNode) source.get(i % source.size()).deepCopy();
            hit.put("objectID", Integer.toString(100000 + i));
            if (!highlighted) {
                hit.remove("_highlightResult");
            }
            hits.add(hit);
        }
        answer.put("hitsPerPage", count);
        answer.put("nbHits", Math.max(count, answer.path("nbHits").asLong()));
        return answer;
    }
}
