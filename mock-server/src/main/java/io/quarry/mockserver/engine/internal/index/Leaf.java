package io.quarry.mockserver.engine.internal.index;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One scalar value of a record, reached by its dotted path (array elements share their array's path).
 *
 * @param path the dotted attribute path, e.g. {@code author.name}
 * @param value the scalar JSON value (string, number or boolean)
 * @param terms the normalised words of the value when it is a string or a number; empty otherwise
 */
public record Leaf(String path, JsonNode value, List<String> terms) {}
