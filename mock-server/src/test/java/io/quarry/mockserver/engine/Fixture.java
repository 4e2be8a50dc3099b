package io.quarry.mockserver.engine;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Builds indices, configs and requests for engine tests from JSON text. */
final class Fixture {

    static final ObjectMapper JSON = JsonMapper.builder().build();

    final IndexData data = new IndexData();
    ObjectNode settings = JSON.createObjectNode();
    final List<ObjectNode> synonyms = new ArrayList<>();
    final List<ObjectNode> rules = new ArrayList<>();
    final SearchEngine engine = new SearchEngine();

    static ObjectNode json(String text) {
        return (ObjectNode) JSON.readTree(text.replace('\'', '"'));
    }

    Fixture records(String... records) {
        data.write(w -> {
            for (String record : records) {
                w.put(json(record));
            }
            return null;
        });
        return this;
    }

    Fixture settings(String settingsJson) {
        settings = json(settingsJson);
        return this;
    }

    Fixture synonym(String synonymJson) {
        synonyms.add(json(synonymJson));
        return this;
    }

    Fixture rule(String ruleJson) {
        rules.add(json(ruleJson));
        return this;
    }

    IndexConfig config() {
        return new IndexConfig(settings, synonyms, rules);
    }

    ObjectNode search(String requestJson) {
        return engine.search(data, config(), json(requestJson), SearchContext.unrestricted("test"));
    }

    List<String> ids(String requestJson) {
        List<String> ids = new ArrayList<>();
        search(requestJson).get("hits").forEach(h -> ids.add(h.get("objectID").asString()));
        return ids;
    }
}
