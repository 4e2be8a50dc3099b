package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.internal.text.TextSearch;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Validation and search of synonym objects, shaped as in the service: {@code objectID}, {@code type} and the
 * members of that type ({@code synonyms}; {@code input} + {@code synonyms}; {@code word} + {@code corrections};
 * {@code placeholder} + {@code replacements}).
 */
public final class Synonyms {

    /** The synonym types the service knows. */
    static final Set<String> TYPES =
            Set.of("synonym", "onewaysynonym", "altcorrection1", "altcorrection2", "placeholder");

    private static final int DEFAULT_HITS_PER_PAGE = 100;

    private Synonyms() {}

    /**
     * {@return it, validated}
     *
     * @param synonym a synonym object as sent
     * @throws ApiException 400 when a member its type needs is missing or of the wrong type
     */
    public static ObjectNode validate(JsonNode synonym) {
        if (synonym == null || !synonym.isObject()) {
            throw ApiException.badRequest("A synonym must be a JSON object");
        }
        ObjectNode object = (ObjectNode) synonym;
        JsonNode id = object.get("objectID");
        if (id == null || !id.isString() || id.stringValue().isEmpty()) {
            throw ApiException.badRequest("A synonym needs a non-empty string objectID");
        }
        JsonNode type = object.get("type");
        if (type == null || !type.isString() || !TYPES.contains(canonicalType(type.stringValue()))) {
            throw ApiException.badRequest("Invalid synonym type: expected one of "
                    + String.join(
                            ", ",
                            List.of(
                                    "synonym",
                                    "onewaysynonym (or oneWaySynonym)",
                                    "altcorrection1 (or altCorrection1)",
                                    "altcorrection2 (or altCorrection2)",
                                    "placeholder")));
        }
        switch (canonicalType(type.stringValue())) {
            case "synonym" -> requireStrings(object, "synonyms");
            case "onewaysynonym" -> {
                requireString(object, "input");
                requireStrings(object, "synonyms");
            }
            case "placeholder" -> {
                requireString(object, "placeholder");
                requireStrings(object, "replacements");
            }
            default -> {
                requireString(object, "word");
                requireStrings(object, "corrections");
            }
        }
        return object;
    }

    /**
     * {@return its lowercase spelling: the service accepts {@code oneWaySynonym}, {@code altCorrection1} and
     *     {@code altCorrection2} as well as the lowercase names, and keeps the spelling it was given}
     *
     * @param type a synonym type as sent
     */
    public static String canonicalType(String type) {
        return switch (type) {
            case "oneWaySynonym" -> "onewaysynonym";
            case "altCorrection1" -> "altcorrection1";
            case "altCorrection2" -> "altcorrection2";
            default -> type;
        };
    }

    private static void requireString(ObjectNode object, String member) {
        JsonNode value = object.get(member);
        if (value == null || !value.isString()) {
            throw ApiException.badRequest(
                    "A synonym of type " + object.get("type").stringValue() + " needs a string " + member);
        }
    }

    private static void requireStrings(ObjectNode object, String member) {
        JsonNode value = object.get(member);
        boolean ok = value != null && value.isArray();
        if (ok) {
            for (JsonNode element : value) {
                ok &= element.isString();
            }
        }
        if (!ok) {
            throw ApiException.badRequest(
                    "A synonym of type " + object.get("type").stringValue() + " needs a string array " + member);
        }
    }

    /**
     * Searches synonyms as {@code POST /1/indexes/{indexName}/synonyms/search} does.
     *
     * @param all every synonym of the index, in save order
     * @param request {@code query} (substring of any text member, case-insensitive), {@code type} (one type or a
     *     comma-separated list), {@code page}, {@code hitsPerPage} (default 100)
     * @return {@code {"hits": [...], "nbHits": N}}
     */
    public static ObjectNode search(Collection<ObjectNode> all, ObjectNode request) {
        String query = BodyMembers.text(request, "query");
        List<String> types = new ArrayList<>();
        for (String type : BodyMembers.text(request, "type").split(",")) {
            if (!type.isBlank()) {
                types.add(canonicalType(type.trim()));
            }
        }
        int page = BodyMembers.integer(request, "page", 0, 0, Integer.MAX_VALUE);
        int hitsPerPage = BodyMembers.integer(request, "hitsPerPage", DEFAULT_HITS_PER_PAGE, 1, 1000);
        List<ObjectNode> matching = new ArrayList<>();
        for (ObjectNode synonym : all) {
            boolean typeOk = types.isEmpty()
                    || types.contains(canonicalType(synonym.path("type").asString("")));
            if (typeOk && (query.isEmpty() || TextSearch.indexOfIgnoreCase(searchableText(synonym), query) >= 0)) {
                matching.add(synonym);
            }
        }
        ArrayNode hits = Json.array();
        long from = (long) page * hitsPerPage;
        for (long i = from; i < Math.min(matching.size(), from + hitsPerPage); i++) {
            hits.add(matching.get((int) i));
        }
        ObjectNode response = Json.object();
        response.set("hits", hits);
        response.put("nbHits", matching.size());
        return response;
    }

    private static String searchableText(ObjectNode synonym) {
        StringBuilder text = new StringBuilder(synonym.path("objectID").asString("")).append('\n');
        for (String member : List.of("input", "word", "placeholder", "synonyms", "corrections", "replacements")) {
            JsonNode value = synonym.get(member);
            if (value != null && value.isString()) {
                text.append(value.stringValue()).append('\n');
            } else if (value != null && value.isArray()) {
                value.forEach(element -> text.append(element.asString("")).append('\n'));
            }
        }
        return text.toString();
    }
}
