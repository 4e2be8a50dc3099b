package io.quarry.mockserver.engine;

import io.quarry.mockserver.engine.internal.config.ConfigMap;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an index is configured with, as the HTTP layer stores it.
 *
 * @param settings the index settings as set (only the members that were set), never null
 * @param synonyms the synonym objects of the index, as saved
 * @param rules the rule objects of the index, as saved
 */
public record IndexConfig(ObjectNode settings, List<ObjectNode> synonyms, List<ObjectNode> rules) {

    /**
     * Keeps unmodifiable copies of the lists. A configuration is built when the index's settings, synonyms or rules
     * change, never per search, and a list already unmodifiable ({@code List.copyOf}, or the mock server's own index
     * configuration, which a change does not copy whole) is kept as it is.
     *
     * @param settings see the record description
     * @param synonyms see the record description
     * @param rules see the record description
     */
    public IndexConfig {
        synonyms = synonyms instanceof ConfigMap.Values<ObjectNode> kept ? kept : List.copyOf(synonyms);
        rules = rules instanceof ConfigMap.Values<ObjectNode> kept ? kept : List.copyOf(rules);
    }
}
