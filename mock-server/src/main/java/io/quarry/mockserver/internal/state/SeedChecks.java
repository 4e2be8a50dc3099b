package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.AttributePathBudget;
import io.quarry.mockserver.engine.internal.text.Utf16;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a seed document's index must hold, checked before anything of the document is written, so that a refused
 * document leaves the state as it was: the name an index could be given over the API, records each with its own
 * objectID (a string an URL can carry, not one another record of the index has), the rules the rule endpoints
 * would save, and replica links that name other indices.
 */
final class SeedChecks {

    private SeedChecks() {}

    /**
     * @param name the name of an index in the document
     * @throws ApiException 400 when no index can have it
     */
    static void indexName(String name) {
        String problem = IndexNames.problem(name);
        if (problem != null) {
            throw ApiException.badRequest("Invalid index name in the seed: " + problem);
        }
    }

    /**
     * Gives each record without an objectID a fresh one.
     *
     * @param index the index's name
     * @param records its records
     * @param freshId a new service-assigned objectID
     * @throws ApiException 400 for an objectID that is not a non-empty string with a UTF-8 form, the same objectID
     *     twice, or a record over the bounds of its attribute paths
     */
    static void records(String index, List<ObjectNode> records, Supplier<String> freshId) {
        Set<String> seen = new HashSet<>();
        for (int at = 0; at < records.size(); at++) {
            ObjectNode record = records.get(at);
            JsonNode id = record.get("objectID");
            if (id == null || id.isNull()) {
                record.put("objectID", freshId.get());
            } else if (!id.isString() || id.stringValue().isEmpty() || Utf16.hasUnpairedSurrogate(id.stringValue())) {
                throw refused(index, at, "objectID must be a non-empty string with a UTF-8 form");
            } else if (!seen.add(id.stringValue())) {
                // a seed lists what the index holds: the same record twice is a mistake, not an update
                throw refused(index, at, "its objectID is that of an earlier record");
            }
            try {
                AttributePathBudget.check(record);
            } catch (EngineException e) {
                throw refused(index, at, e.getMessage());
            }
        }
    }

    /**
     * {@return the rules, each as the rule endpoints would save it}
     *
     * @param index the index's name
     * @param rules its rules
     * @throws ApiException 400 for a rule those endpoints refuse, or two of the same objectID
     */
    static List<ObjectNode> rules(String index, List<ObjectNode> rules) {
        Set<String> seen = new HashSet<>();
        List<ObjectNode> valid = new java.util.ArrayList<>();
        for (int at = 0; at < rules.size(); at++) {
            ObjectNode rule;
            try {
                rule = Rules.validate(rules.get(at));
            } catch (ApiException e) {
                throw new ApiException(e.status(), "rules[" + at + "] of index " + index + ": " + e.getMessage());
            }
            if (!seen.add(rule.get("objectID").stringValue())) {
                throw ApiException.badRequest(
                        "rules[" + at + "] of index " + index + ": its objectID is that of an earlier rule");
            }
            valid.add(rule);
        }
        return valid;
    }

    /**
     * @param index the index's name
     * @param settings its settings
     * @throws ApiException 400 for a {@code replicas} that is not an array of distinct index names other than the
     *     index's own (each a name or {@code virtual(name)}), or a {@code primary} that is not another index's name
     */
    static void links(String index, ObjectNode settings) {
        JsonNode replicas = settings.get("replicas");
        if (replicas != null && !replicas.isNull()) {
            if (!replicas.isArray()) {
                throw ApiException.badRequest("The replicas of index " + index + " must be an array of index names");
            }
            Set<String> seen = new HashSet<>();
            for (int at = 0; at < replicas.size(); at++) {
                JsonNode entry = replicas.get(at);
                String name = entry.isString() ? ReplicaLinks.nameOf(entry.stringValue()) : "";
                if (IndexNames.problem(name) != null || name.equals(index) || !seen.add(name)) {
                    throw ApiException.badRequest("replicas[" + at + "] of index " + index
                            + " must name another valid index, once (a name or virtual(name))");
                }
            }
        }
        JsonNode primary = settings.get("primary");
        if (primary != null && !primary.isNull()) {
            String name = primary.isString() ? primary.stringValue() : "";
            if (IndexNames.problem(name) != null || name.equals(index)) {
                throw ApiException.badRequest("The primary of index " + index + " must name another valid index");
            }
        }
    }

    private static ApiException refused(String index, int at, String why) {
        return ApiException.badRequest("records[" + at + "] of index " + index + ": " + why);
    }
}
