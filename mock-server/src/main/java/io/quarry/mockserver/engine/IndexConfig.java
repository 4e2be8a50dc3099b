package io.quarry.mockserver.engine;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an index is configured with, as the HTTP layer stores it.
 *
 * @param settings the index settings as set (only the members that were set), never null
 * @param synonyms the synonym objects of the index, as saved
 * @param rules the rule objects of the index, as saved
 */
public record IndexConfig(ObjectNode settings, List<ObjectNode> synonyms, List<ObjectNode> rules) {}
