package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a rule's consequence {@code params} when the rule is saved, as a search applying the rule reads them, so
 * that a saved rule never makes a search fail: each is a search parameter, of a type and in a range a search
 * takes. The parameters a rule applies itself ({@code query}, {@code automaticFacetFilters},
 * {@code automaticOptionalFacetFilters}) are checked by the rule's validation, not here.
 */
final class RuleParameters {

    private static final Set<String> APPLIED_BY_THE_RULE =
            Set.of("query", "automaticFacetFilters", "automaticOptionalFacetFilters");
    private static final String PROBE = "probe";
    /** A record every probe search finds, so that what a search reads of its hits is read too. */
    private static final IndexData PROBE_INDEX = probeIndex();

    private static final SearchEngine ENGINE = new SearchEngine(SearchEngine.UnknownParameters.REFUSED);

    private RuleParameters() {}

    /**
     * Checks them.
     *
     * @param params a rule's consequence {@code params}, an object
     * @throws EngineException 400 naming the first parameter a search does not know, or the one a search refuses
     */
    static void check(ObjectNode params) {
        ObjectNode search = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> param : params.properties()) {
            String name = param.getKey();
            if (APPLIED_BY_THE_RULE.contains(name)) {
                continue;
            }
            if (!SearchOptions.SEARCH_PARAMETERS.contains(name)) {
                throw new EngineException(400, "Unknown parameter: " + name);
            }
            search.set(name, param.getValue());
        }
        if (search.isEmpty()) {
            return;
        }
        search.put("query", PROBE);
        ENGINE.search(
                PROBE_INDEX,
                new IndexConfig(JsonNodeFactory.instance.objectNode(), List.of(), List.of()),
                search,
                SearchContext.unrestricted(PROBE));
    }

    private static IndexData probeIndex() {
        IndexData index = new IndexData();
        index.write(writer -> {
            writer.put(
                    JsonNodeFactory.instance.objectNode().put("objectID", PROBE).put("text", PROBE));
            return null;
        });
        return index;
    }
}
