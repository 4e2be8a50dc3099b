package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stateless browse cursor: Base64 of the browse parameters, the page number and the sort key (customRanking
 * values and insertion sequence) of the last record returned. The next page starts strictly after that key, so
 * a cursor survives restarts and concurrent writes: records added since appear if they sort after the key,
 * removed records vanish, and no record is returned twice unless its customRanking values changed. The hit count
 * of the first call is carried along, so later pages do not count again.
 *
 * @param params the browse parameters
 * @param page the page number of the next call
 * @param customValues the customRanking values of the last record (Double, String or null each)
 * @param sequence the insertion sequence of the last record
 * @param nbHits the number of hits counted by the first call (reported by every later call)
 */
public record BrowseCursor(ObjectNode params, int page, List<Comparable<?>> customValues, long sequence, int nbHits) {

    /** {@return the opaque cursor string} */
    public String encode() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
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
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(Mapper.INSTANCE.writeValueAsString(node).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@return the decoded cursor}
     *
     * @param cursor a cursor string from a previous browse response
     * @throws EngineException 400 when the cursor is not one of ours
     */
    public static BrowseCursor decode(String cursor) {
        try {
            JsonNode node =
                    Mapper.INSTANCE.readTree(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
            if (!(node.get("params") instanceof ObjectNode params)
                    || !node.path("page").isInt()
                    || !node.path("after").isArray()
                    || !node.path("sequence").isIntegralNumber()
                    || !node.path("sequence").canConvertToLong()
                    || !node.path("nbHits").isInt()) {
                throw new EngineException(400, "Invalid cursor");
            }
            List<Comparable<?>> values = new ArrayList<>();
            for (JsonNode value : node.get("after")) {
                values.add(
                        value.isNumber()
                                ? (Comparable<?>) value.asDouble()
                                : value.isString() ? value.asString() : null);
            }
            return new BrowseCursor(
                    params,
                    node.get("page").asInt(),
                    values,
                    node.get("sequence").asLong(),
                    node.get("nbHits").asInt());
        } catch (IllegalArgumentException | JacksonException e) {
            throw new EngineException(400, "Invalid cursor");
        }
    }

    /** The mapper for cursors, built on first use: a mock server that never needs it never pays for it. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder().build();

        private Mapper() {}
    }
}
