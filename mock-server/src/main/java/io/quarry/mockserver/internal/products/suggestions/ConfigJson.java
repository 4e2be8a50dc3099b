package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.LanguageCodes;
import io.quarry.mockserver.internal.products.suggestions.SuggestionsConfig.FacetConfig;
import io.quarry.mockserver.internal.products.suggestions.SuggestionsConfig.SourceConfig;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Configurations to and from JSON. Reading validates every member (400 with the member named) and applies the
 * service's defaults: no minimum of hits or letters (0), empty lists, {@code replicas} false in each source index;
 * the minimum hits may be spelled {@code minHits} or {@code minHit} (a null one counts as absent). Index names
 * (the suggestions index, from the body or the path, source and external indices) follow the rule of every other
 * route and are not blank. Writing gives every member of each source index, the minimum hits spelled
 * {@code minHit} as the service's reads do. Sizes are bounded so a build stays
 * small.
 */
final class ConfigJson {

    /** A source index without {@code minHits} has no minimum, as the service documents it. */
    static final int DEFAULT_MIN_HITS = 0;
    /** A source index without {@code minLetters} has no minimum, as the service documents it. */
    static final int DEFAULT_MIN_LETTERS = 0;

    static final int MAX_SOURCE_INDICES = 20;
    static final int MAX_LIST = 100;
    static final int MAX_EXCLUDE = 1000;
    static final int MAX_FACET_AMOUNT = 1000;
    static final int MAX_TEXT = 512;

    private ConfigJson() {}

    /**
     * {@return the configuration}
     *
     * @param body the request body
     * @param pathIndexName the index named by the path ({@code PUT}), or {@code null} ({@code POST})
     * @throws ApiException 400 for an invalid member
     */
    static SuggestionsConfig read(JsonNode body, String pathIndexName) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("The configuration must be a JSON object");
        }
        String indexName;
        if (pathIndexName == null) {
            indexName = indexName(body, "indexName", "indexName");
        } else {
            indexName = validIndexName(pathIndexName, "indexName");
            JsonNode named = body.get("indexName");
            if (named != null && !named.isNull() && !(named.isString() && pathIndexName.equals(named.asString()))) {
                throw ApiException.badRequest("indexName in the body must be the index of the path");
            }
        }
        JsonNode sources = body.get("sourceIndices");
        if (sources == null || !sources.isArray() || sources.isEmpty()) {
            throw ApiException.badRequest("sourceIndices is required: a non-empty array of source indices");
        }
        if (sources.size() > MAX_SOURCE_INDICES) {
            throw ApiException.badRequest("sourceIndices holds at most " + MAX_SOURCE_INDICES + " indices");
        }
        List<SourceConfig> sourceIndices = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            sourceIndices.add(source(sources.get(i), "sourceIndices[" + i + "]"));
        }
        return new SuggestionsConfig(
                indexName,
                sourceIndices,
                languages(body.get("languages")),
                strings(body.get("exclude"), "exclude", MAX_EXCLUDE));
    }

    private static SourceConfig source(JsonNode node, String where) {
        if (!node.isObject()) {
            throw ApiException.badRequest(where + " must be an object");
        }
        JsonNode minHits = node.get("minHits");
        if (minHits == null || minHits.isNull()) {
            minHits = node.get("minHit");
        }
        return new SourceConfig(
                indexName(node, "indexName", where + ".indexName"),
                strings(node.get("analyticsTags"), where + ".analyticsTags", MAX_LIST),
                list(node.get("facets"), where + ".facets", MAX_LIST, ConfigJson::facet),
                count(minHits, where + ".minHits", DEFAULT_MIN_HITS),
                count(node.get("minLetters"), where + ".minLetters", DEFAULT_MIN_LETTERS),
                list(node.get("generate"), where + ".generate", MAX_LIST, ConfigJson::generateList),
                list(node.get("external"), where + ".external", MAX_LIST, ConfigJson::externalIndex),
                flag(node.get("replicas"), where + ".replicas"));
    }

    private static boolean flag(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw ApiException.badRequest(where + " must be a boolean");
        }
        return node.booleanValue();
    }

    private static FacetConfig facet(JsonNode node, String where) {
        if (!node.isObject()) {
            throw ApiException.badRequest(where + " must be an object with attribute and amount");
        }
        String attribute = requiredText(node, "attribute", where + ".attribute");
        JsonNode amount = node.get("amount");
        if (amount == null || !amount.isIntegralNumber() || amount.asLong() < 1 || amount.asLong() > MAX_FACET_AMOUNT) {
            throw ApiException.badRequest(where + ".amount must be an integer from 1 to " + MAX_FACET_AMOUNT);
        }
        return new FacetConfig(attribute, amount.asInt());
    }

    private static List<String> generateList(JsonNode node, String where) {
        List<String> attributes = strings(node, where, 10);
        if (attributes.isEmpty()) {
            throw ApiException.badRequest(where + " must name at least one facet attribute");
        }
        return attributes;
    }

    private interface ItemReader<T> {
        T read(JsonNode node, String where);
    }

    private static <T> List<T> list(JsonNode node, String where, int max, ItemReader<T> reader) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw ApiException.badRequest(where + " must be an array");
        }
        if (node.size() > max) {
            throw ApiException.badRequest(where + " holds at most " + max + " items");
        }
        List<T> items = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            items.add(reader.read(node.get(i), where + "[" + i + "]"));
        }
        return List.copyOf(items);
    }

    private static List<String> strings(JsonNode node, String where, int max) {
        return list(node, where, max, (item, at) -> {
            if (!item.isString() || item.asString().isBlank() || item.asString().length() > MAX_TEXT) {
                throw ApiException.badRequest(
                        at + " must be a non-empty string of at most " + MAX_TEXT + " characters");
            }
            return item.asString();
        });
    }

    private static List<String> languages(JsonNode node) {
        return list(node, "languages", MAX_LIST, (item, at) -> {
            if (!item.isString() || !LanguageCodes.isKnownWithCountry(item.asString())) {
                throw ApiException.badRequest(at + " must be a language code the service supports: two lower-case"
                        + " letters (ISO 639-1), alone or with a lower-case country code, such as en or pt-br");
            }
            return item.asString();
        });
    }

    private static String externalIndex(JsonNode node, String where) {
        if (!node.isString()) {
            throw ApiException.badRequest(where + " must be an index name");
        }
        return validIndexName(node.asString(), where);
    }

    /** A required index name, valid as every route takes one (the path of the other routes must reach it). */
    private static String indexName(JsonNode node, String name, String where) {
        return validIndexName(requiredText(node, name, where), where);
    }

    /** A valid index name that is not blank, as {@code POST} requires, wherever the name comes from. */
    private static String validIndexName(String name, String where) {
        if (name.isBlank()) {
            throw ApiException.badRequest(where + " is required: a non-empty string");
        }
        String problem = IndexNames.problem(name);
        if (problem != null) {
            throw ApiException.badRequest(where + " is not a valid index name: " + problem);
        }
        return name;
    }

    private static int count(JsonNode node, String where, int defaultValue) {
        if (node == null || node.isNull()) {
            return defaultValue;
        }
        if (!node.isIntegralNumber() || node.asLong() < 0 || node.asLong() > Integer.MAX_VALUE) {
            throw ApiException.badRequest(where + " must be a non-negative integer");
        }
        return node.asInt();
    }

    private static String requiredText(JsonNode node, String name, String where) {
        JsonNode value = node.get(name);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw ApiException.badRequest(where + " is required: a non-empty string");
        }
        if (value.asString().length() > MAX_TEXT) {
            throw ApiException.badRequest(where + " is longer than " + MAX_TEXT + " characters");
        }
        return value.asString();
    }

    /**
     * {@return it as the service reads it back}
     *
     * @param config a configuration
     */
    static ObjectNode write(SuggestionsConfig config) {
        ObjectNode json = Json.object();
        json.put("indexName", config.indexName());
        ArrayNode sources = json.putArray("sourceIndices");
        for (SourceConfig source : config.sourceIndices()) {
            ObjectNode s = sources.addObject();
            s.put("indexName", source.indexName());
            s.set("analyticsTags", array(source.analyticsTags()));
            ArrayNode facets = s.putArray("facets");
            source.facets()
                    .forEach(f ->
                            facets.addObject().put("attribute", f.attribute()).put("amount", f.amount()));
            s.put("minHit", source.minHits());
            s.put("minLetters", source.minLetters());
            ArrayNode generate = s.putArray("generate");
            source.generate().forEach(list -> list.forEach(generate.addArray()::add));
            s.set("external", array(source.external()));
            s.put("replicas", source.replicas());
        }
        json.set("languages", array(config.languages()));
        json.set("exclude", array(config.exclude()));
        return json;
    }

    private static ArrayNode array(List<String> values) {
        ArrayNode array = Json.array();
        values.forEach(array::add);
        return array;
    }
}
