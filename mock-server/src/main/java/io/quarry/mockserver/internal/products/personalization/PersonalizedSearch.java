package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.SearchHooks;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies a user's profile to a search that asks for it ({@code enablePersonalization: true} with a
 * {@code userToken}, the impact above 0: the search's {@code personalizationImpact}, else the strategy's): the
 * profile's optional filters ({@code facet:value<score=N>}) are added to the search's own
 * {@code optionalFilters}, so the engine ranks the user's preferred values first without excluding any record.
 */
final class PersonalizedSearch implements SearchHooks.Rewriter {

    private final PersonalizationState state;
    private final Profiles profiles;

    PersonalizedSearch(PersonalizationState state, Profiles profiles) {
        this.state = state;
        this.profiles = profiles;
    }

    @Override
    public ObjectNode rewrite(String indexName, ObjectNode params, ObjectNode request) {
        Strategy strategy = state.strategy();
        String userToken = text(params.get("userToken"));
        if (strategy == null || userToken == null || !enabled(params.get("enablePersonalization"))) {
            return request;
        }
        int impact = integer(params.get("personalizationImpact"), strategy.impact());
        if (impact <= 0) {
            return request;
        }
        Profile profile = profiles.of(userToken);
        List<String> filters = profile == null ? List.of() : profile.optionalFilters(strategy);
        if (filters.isEmpty()) {
            return request;
        }
        ArrayNode merged = existing(params.get("optionalFilters"));
        filters.forEach(merged::add);
        ObjectNode rewritten = request.deepCopy();
        rewritten.set("optionalFilters", merged);
        return rewritten;
    }

    /**
     * The search's own optional filters as an array: an array as it is (or JSON text holding one), a string in
     * the comma form split into its filters and parenthesised OR groups.
     */
    private static ArrayNode existing(JsonNode value) {
        ArrayNode array = Json.array();
        if (value == null || value.isNull()) {
            return array;
        }
        if (value.isArray()) {
            return ((ArrayNode) value).deepCopy();
        }
        String text = value.asString().trim();
        if (text.startsWith("[")) {
            try {
                JsonNode parsed = Json.parse(text);
                if (parsed.isArray()) {
                    return (ArrayNode) parsed;
                }
            } catch (JacksonException notJson) {
                // Left to the engine, which reports the malformed parameter.
            }
            array.add(text);
            return array;
        }
        commaForm(text, array);
        return array;
    }

    /** Splits {@code a,(b,c)} into {@code "a"} and {@code ["b","c"]}. */
    private static void commaForm(String text, ArrayNode into) {
        List<String> group = null;
        StringBuilder current = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' && group == null && current.toString().isBlank()) {
                group = new ArrayList<>();
            } else if (c == ')' && group != null) {
                addFilter(group, current);
                ArrayNode or = into.addArray();
                group.forEach(or::add);
                group = null;
            } else if (c == ',') {
                if (group != null) {
                    addFilter(group, current);
                } else {
                    List<String> single = new ArrayList<>();
                    addFilter(single, current);
                    single.forEach(into::add);
                }
            } else {
                current.append(c);
            }
        }
    }

    private static void addFilter(List<String> into, StringBuilder current) {
        String filter = current.toString().trim();
        current.setLength(0);
        if (!filter.isEmpty()) {
            into.add(filter);
        }
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() || value.asString().isEmpty() ? null : value.asString();
    }

    private static boolean enabled(JsonNode value) {
        if (value == null || value.isNull()) {
            return false;
        }
        return value.isBoolean()
                ? value.asBoolean()
                : value.asString().trim().equals("true")
                        || value.asString().trim().equals("1");
    }

    private static int integer(JsonNode value, int fallback) {
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (value.isNumber()) {
            return value.asInt();
        }
        try {
            return Integer.parseInt(value.asString().trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
