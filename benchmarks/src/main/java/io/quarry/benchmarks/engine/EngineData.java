package io.quarry.benchmarks.engine;

import io.quarry.benchmarks.data.Catalogue;
import io.quarry.benchmarks.data.Product;
import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Catalogue records as the engine takes them (JSON objects), the index settings, and loading helpers. */
final class EngineData {

    /** Records per write group, as one HTTP batch of the service holds. */
    static final int GROUP = 1000;

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private EngineData() {}

    /**
     * Fresh JSON records (the index owns what it is given, so each load needs its own).
     *
     * @param count how many
     * @return the records
     */
    static List<ObjectNode> records(int count) {
        Catalogue catalogue = new Catalogue();
        List<ObjectNode> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Product product = catalogue.product(i);
            records.add(MAPPER.valueToTree(product));
        }
        return records;
    }

    /**
     * Writes records in groups of {@value #GROUP}, each group atomic, as the server applies batches.
     *
     * @param data the index
     * @param records the records
     */
    static void load(IndexData data, List<ObjectNode> records) {
        for (int from = 0; from < records.size(); from += GROUP) {
            List<ObjectNode> group = records.subList(from, Math.min(records.size(), from + GROUP));
            data.write(writer -> {
                group.forEach(writer::put);
                return null;
            });
        }
    }

    /** {@return a catalogue's settings: searchable text, facets on brand and categories, popular first} */
    static IndexConfig config() {
        ObjectNode settings = MAPPER.createObjectNode();
        settings.putArray("searchableAttributes")
                .add("name")
                .add("brand")
                .add("categories")
                .add("description");
        settings.putArray("attributesForFaceting")
                .add("brand")
                .add("categories")
                .add("filterOnly(inStock)");
        settings.putArray("customRanking").add("desc(reviews)");
        return new IndexConfig(settings, List.of(), List.of());
    }

    /** {@return an empty JSON object, to build requests from} */
    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }
}
