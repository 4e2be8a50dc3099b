package io.quarry.mockserver.engine;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Who is searching and what their key imposes, decided by the HTTP layer before the engine runs.
 *
 * @param indexName the index searched
 * @param forcedParams search parameters that override the request's (a key's queryParameters, a secured key's
 *     embedded parameters other than filters); empty for none
 * @param extraFilters filter expressions ANDed with the request's own filters; empty for none
 * @param maxHitsPerQuery the most hits the key may retrieve in one query; 0 for no limit
 * @param seeUnretrievableAttributes whether unretrievableAttributes are returned anyway
 */
public record SearchContext(
        String indexName,
        ObjectNode forcedParams,
        List<String> extraFilters,
        int maxHitsPerQuery,
        boolean seeUnretrievableAttributes) {

    /**
     * Keeps an unmodifiable copy of the filters. A context is built for each search, so this costs nothing for the
     * unmodifiable lists the HTTP layer passes ({@code List.of}), which {@code List.copyOf} returns as they are.
     *
     * @param indexName see the record description
     * @param forcedParams see the record description
     * @param extraFilters see the record description
     * @param maxHitsPerQuery see the record description
     * @param seeUnretrievableAttributes see the record description
     */
    public SearchContext {
        extraFilters = List.copyOf(extraFilters);
    }

    /**
     * {@return a context with no restriction}
     *
     * @param indexName the index searched
     */
    public static SearchContext unrestricted(String indexName) {
        return new SearchContext(
                indexName, tools.jackson.databind.node.JsonNodeFactory.instance.objectNode(), List.of(), 0, false);
    }
}
