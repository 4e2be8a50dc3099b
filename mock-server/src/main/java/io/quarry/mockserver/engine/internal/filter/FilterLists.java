package io.quarry.mockserver.engine.internal.filter;

import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The filter parameters that are lists ({@code facetFilters}, {@code numericFilters}, {@code tagFilters}): an AND
 * of OR groups, given as a string, a JSON array text or an array.
 */
public final class FilterLists {

    /** The names of the filter parameters that are lists. */
    public static final Set<String> NAMES = Set.of("facetFilters", "numericFilters", "tagFilters");

    private FilterLists() {}

    /**
     * {@return one list that keeps only what both keep: the groups of the first, then those of the second}
     *
     * @param name the parameter's name
     * @param first a value of it
     * @param second another value of it
     * @throws io.quarry.mockserver.engine.EngineException 400 when either is malformed
     */
    public static ArrayNode both(String name, JsonNode first, JsonNode second) {
        ArrayNode all = JsonNodeFactory.instance.arrayNode();
        for (JsonNode list : List.of(first, second)) {
            for (List<String> group : FilterCompiler.groups(name, list)) {
                if (group.size() == 1) {
                    all.add(group.get(0));
                } else {
                    ArrayNode anyOf = all.addArray();
                    group.forEach(anyOf::add);
                }
            }
        }
        return all;
    }
}
