package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stateless browse cursor: the browse parameters, the page number and the sort key (customRanking
 * values and insertion sequence) of the last record returned. The next page starts strictly after that key, so
 * a cursor survives concurrent writes: records added since appear if they sort after the key, removed records
 * vanish, and no record is returned twice unless its customRanking values changed. The hit count of the first call
 * is carried along, so later pages do not count again.
 *
 * <p>A cursor also names what its positions are positions in: the index, its content's lineage (drawn anew when the
 * index is created, cleared, replaced by a move, copy or seed, or the server reset) and the customRanking order. A
 * cursor presented where any of them differs is refused, since following it would skip or repeat records
 * silently.
 *
 * <p>A cursor is signed by its engine's {@link CursorSeal}, so one the caller made or edited is refused before its
 * contents are read; the checks of its contents stay as a second guard.
 *
 * @param index the index browsed
 * @param lineage the lineage of the index's content when the browse started
 * @param ranking the customRanking entries that order the browse
 * @param params the browse parameters
 * @param page the page number of the next call, at least 1
 * @param customValues the customRanking values of the last record (Double, String or null each)
 * @param sequence the insertion sequence of the last record
 * @param nbHits the number of hits counted by the first call (reported by every later call)
 */
public record BrowseCursor(
        String index,
        long lineage,
        List<String> ranking,
        ObjectNode params,
        int page,
        List<Comparable<?>> customValues,
        long sequence,
        int nbHits) {

    /**
     * {@return the opaque cursor string}
     *
     * @param seal the engine's seal, which signs the cursor
     */
    public String encode(CursorSeal seal) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("index", index);
        node.put("lineage", lineage);
        ArrayNode order = node.putArray("ranking");
        ranking.forEach(order::add);
        node.set("params", params);
        node.put("page", page);
        ArrayNode values = node.putArray("after");
        for (Comparable<?> value : customValues) {
            if (value instanceof Double number) {
                values.add(number);
            } else if (value instanceof String text) {
                values.add(text);
            } else {
                values.addNull();
            }
        }
        node.put("sequence", sequence);
        node.put("nbHits", nbHits);
        return seal.seal(Mapper.INSTANCE.writeValueAsString(node).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@return the decoded cursor}
     *
     * @param cursor a cursor string from a previous browse response
     * @param seal the engine's seal: a cursor it did not sign is refused before it is read
     * @throws EngineException 400 when the cursor is not one of ours
     */
    public static BrowseCursor decode(String cursor, CursorSeal seal) {
        byte[] contents = seal.open(cursor);
        try {
            JsonNode node = Mapper.INSTANCE.readTree(new String(contents, StandardCharsets.UTF_8));
            if (!(node.get("params") instanceof ObjectNode params)
                    || !node.path("index").isString()
                    || !isLong(node.path("lineage"))
                    || !node.path("ranking").isArray()
                    || !node.path("page").isInt()
                    || node.get("page").asInt() < 1
                    || node.get("page").asInt() == Integer.MAX_VALUE
                    || !node.path("after").isArray()
                    || !isLong(node.path("sequence"))
                    || node.get("sequence").asLong() < 0
                    || !node.path("nbHits").isInt()
                    || node.get("nbHits").asInt() < 0) {
                throw new EngineException(400, "Invalid cursor");
            }
            List<String> ranking = new ArrayList<>();
            for (JsonNode entry : node.get("ranking")) {
                if (!entry.isString()) {
                    throw new EngineException(400, "Invalid cursor");
                }
                ranking.add(entry.asString());
            }
            List<Comparable<?>> values = new ArrayList<>();
            for (JsonNode value : node.get("after")) {
                values.add(
                        value.isNumber()
                                ? (Comparable<?>) value.asDouble()
                                : value.isString() ? value.asString() : null);
            }
            return new BrowseCursor(
                    node.get("index").asString(),
                    node.get("lineage").asLong(),
                    ranking,
                    params,
                    node.get("page").asInt(),
                    values,
                    node.get("sequence").asLong(),
                    node.get("nbHits").asInt());
        } catch (IllegalArgumentException | JacksonException e) {
            throw new EngineException(400, "Invalid cursor");
        }
    }

    /**
     * Checks that this cursor continues a browse of what is browsed now.
     *
     * @param indexName the index browsed now
     * @param currentLineage the lineage of its content now
     * @param currentRanking its customRanking entries now
     * @throws EngineException 400 naming what differs
     */
    public void requireSameContent(String indexName, long currentLineage, List<String> currentRanking) {
        if (!index.equals(indexName)) {
            throw new EngineException(400, "Invalid cursor: it continues a browse of another index");
        }
        if (lineage != currentLineage) {
            throw new EngineException(
                    400, "Invalid cursor: the index was cleared or replaced since this browse started");
        }
        if (!ranking.equals(currentRanking)) {
            throw new EngineException(
                    400, "Invalid cursor: the index's customRanking changed since this browse started");
        }
    }

    private static boolean isLong(JsonNode node) {
        return node.isIntegralNumber() && node.canConvertToLong();
    }

    /** The mapper for cursors, built on first use: a mock server that never needs it never pays for it. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder().build();

        private Mapper() {}
    }
}
