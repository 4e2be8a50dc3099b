package io.quarry.mockserver.engine.internal.index;

import tools.jackson.databind.JsonNode;

/**
 * One scalar value of a record, reached by its dotted path (array elements share their array's path).
 *
 * @param path the dotted attribute path, e.g. {@code author.name}
 * @param value the scalar JSON value (string, number or boolean)
 */
public record Leaf(String path, JsonNode value) {}
