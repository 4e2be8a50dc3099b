package io.quarry.mockserver.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes the search engine through its public API on a tiny index: any filter string, and any search parameters
 * (a URL-encoded {@code params} string, or a JSON object), may only end in a result or an {@link EngineException}
 * (a 4xx), never another exception or an error. Under {@code mvn verify} each test replays its inputs in
 * {@code src/test/resources/io/quarry/mockserver/fuzz/EngineFuzzTestInputs}; with {@code JAZZER_FUZZ=1} it fuzzes.
 */
// Alone: Jazzer prepares its agent and options once per JVM, in static state its fuzz tests share.
@Isolated
class EngineFuzzTest {

    private static final SearchEngine ENGINE = new SearchEngine();
    private static final IndexData DATA = new IndexData();
    private static final IndexConfig CONFIG = new IndexConfig(
            (ObjectNode) Json.parse("{\"attributesForFaceting\": [\"brand\", \"searchable(color)\", \"price\"],"
                    + " \"searchableAttributes\": [\"title\", \"brand\"], \"customRanking\": [\"desc(price)\"]}"),
            List.of(),
            List.of());

    static {
        DATA.write(writer -> {
            writer.put((ObjectNode) Json.parse("{\"objectID\": \"1\", \"title\": \"red running shoe\", \"brand\":"
                    + " \"Acme\", \"color\": [\"red\"], \"price\": 50, \"_tags\": [\"sale\"],"
                    + " \"_geoloc\": {\"lat\": 48.85, \"lng\": 2.35}}"));
            writer.put((ObjectNode) Json.parse("{\"objectID\": \"2\", \"title\": \"blue hiking boot\", \"brand\":"
                    + " \"Summit\", \"color\": [\"blue\", \"black\"], \"price\": 120.5, \"stock\": null}"));
            writer.put((ObjectNode) Json.parse("{\"objectID\": \"3\", \"title\": \"sandal\", \"brand\": \"Acme\","
                    + " \"price\": -3, \"nested\": {\"a\": [1, {\"b\": true}]}}"));
            return null;
        });
    }

    @FuzzTest(maxDuration = "60s")
    void filters(byte[] input) {
        ObjectNode request = Json.object();
        request.put("filters", new String(input, StandardCharsets.UTF_8));
        search(request);
    }

    @FuzzTest(maxDuration = "60s")
    void searchParameters(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        ObjectNode asParams = Json.object();
        asParams.put("params", text);
        search(asParams);
        JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (JacksonException notJson) {
            return;
        }
        if (parsed.isObject()) {
            search((ObjectNode) parsed);
        }
    }

    private static void search(ObjectNode request) {
        try {
            ENGINE.search(DATA, CONFIG, request, SearchContext.unrestricted("fuzz"));
        } catch (EngineException expected) {
            // a 4xx: the only failure allowed
        }
    }
}
