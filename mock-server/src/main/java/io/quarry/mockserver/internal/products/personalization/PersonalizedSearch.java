package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.filter.FilterParser;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies a user's profile to a search that asks for it ({@code enablePersonalization: true}, in the search or,
 * when the search does not say, in the index's settings, with a {@code userToken}, the impact above 0: the
 * search's {@code personalizationImpact}, else the strategy's): the profile's optional filters
 * ({@code facet:value<score=N>}) are added to the search's own {@code optionalFilters}, so the engine ranks the
 * user's preferred values first without excluding any record. The engine takes at most
 * {@value FilterParser#MAX_FILTERS} optional filters: the profile's highest-scoring filters fill the room the
 * search's own leave, and a search whose own are malformed is left for the engine to refuse.
 */
final class PersonalizedSearch implements SearchHooks.Rewriter {

    private static final String OPTIONAL_FILTERS = "optionalFilters";
    private static final String ENABLE_PERSONALIZATION = "enablePersonalization";

    private final Application app;
    private final PersonalizationState state;
    private final Profiles profiles;

    PersonalizedSearch(Application app, PersonalizationState state, Profiles profiles) {
        this.app = app;
        this.state = state;
        this.profiles = profiles;
    }

    @Override
    public ObjectNode rewrite(String indexName, ObjectNode params, ObjectNode request) {
        Strategy strategy = state.strategy();
        String userToken = text(params.get("userToken"));
        if (strategy == null || userToken == null || !enabled(asked(indexName, params))) {
            return request;
        }
        int impact = integer(params.get("personalizationImpact"), strategy.impact());
        if (impact <= 0) {
            return request;
        }
        Profile profile = profiles.of(userToken);
        if (profile == null) {
            return request;
        }
        JsonNode own = params.get(OPTIONAL_FILTERS);
        ArrayNode merged = own == null || own.isNull() ? Json.array() : existing(own);
        if (merged == null) {
            return request;
        }
        // the engine takes a bounded number of optional filters: the profile's best fill the room the search leaves
        int room = FilterParser.MAX_FILTERS - filterCount(merged);
        List<String> filters = profile.optionalFilters(strategy, room);
        if (filters.isEmpty()) {
            return request;
        }
        filters.forEach(merged::add);
        ObjectNode rewritten = request.deepCopy();
        rewritten.set(OPTIONAL_FILTERS, merged);
        return rewritten;
    }

    /**
     * The search's own optional filters as an array, read as the engine reads them; {@code null} when the engine
     * will refuse them, so that the search fails as it would without personalization.
     */
    private static ArrayNode existing(JsonNode value) {
        List<List<String>> groups;
        try {
            groups = FilterCompiler.groups(OPTIONAL_FILTERS, value);
        } catch (EngineException malformed) {
            return null;
        }
        ArrayNode array = Json.array();
        for (List<String> group : groups) {
            if (group.size() == 1) {
                array.add(group.get(0));
            } else {
                group.forEach(array.addArray()::add);
            }
        }
        return array;
    }

    /** The search's {@code enablePersonalization}, else the index's setting, else {@code null}. */
    private JsonNode asked(String indexName, ObjectNode params) {
        JsonNode asked = params.get(ENABLE_PERSONALIZATION);
        if (asked != null && !asked.isNull()) {
            return asked;
        }
        IndexState index = app.find(indexName);
        return index == null ? null : index.config().settings().get(ENABLE_PERSONALIZATION);
    }

    /** {@return the filters an array of them holds, counting each member of an OR group} */
    private static int filterCount(ArrayNode filters) {
        int count = 0;
        for (JsonNode filter : filters) {
            count += filter.isArray() ? filter.size() : 1;
        }
        return count;
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
