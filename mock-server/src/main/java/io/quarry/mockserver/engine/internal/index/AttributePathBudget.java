package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.EngineException;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The bounds on a record's attribute paths, checked before it is indexed (400 past either):
 *
 * <ul>
 *   <li>The engine indexes each value under its dotted path (the names from the record's top down to it), so a
 *       record's paths cost what they add up to, not what the record weighs: one 50,000-character name above
 *       16,000 small values made 800 million characters of paths from a 1 MB body. They may add up to
 *       {@value #MAX_CHARACTERS} characters.
 *   <li>A record is answered inside a response ({@code {"results": [{"hits": [record]}]}}, its highlights one level
 *       deeper still). A record nested near the {@value #MAX_DEPTH_OF_BODIES} levels a body may reach was once
 *       stored, then every search and browse of its index failed to answer. A record may nest {@value #MAX_DEPTH}
 *       levels (itself the first), well inside what a body and an answer may hold.
 * </ul>
 */
public final class AttributePathBudget {

    /** The most characters a record's attribute paths may add up to, each member's path counted once. */
    public static final long MAX_CHARACTERS = 10_000_000;

    /** The most levels of objects and arrays in a record, the record itself counted. */
    public static final int MAX_DEPTH = 400;

    /** The nesting a JSON body read may reach. */
    private static final int MAX_DEPTH_OF_BODIES = 500;

    private AttributePathBudget() {}

    /**
     * Checks a record, adding up its paths' lengths without building them (linear in the record's size).
     *
     * @param record a record
     * @throws EngineException 400 when its paths add up to more than {@value #MAX_CHARACTERS} characters or it nests
     *     deeper than {@value #MAX_DEPTH} levels
     */
    public static void check(JsonNode record) {
        if (total(record, 0, 0, 1) > MAX_CHARACTERS) {
            throw new EngineException(
                    400,
                    "Record refused: the dotted paths of its attributes add up to more than " + MAX_CHARACTERS
                            + " characters");
        }
    }

    /** {@return the running total with the paths beneath a value at a path of that length; stops once over} */
    private static long total(JsonNode value, long pathLength, long sum, int depth) {
        if ((value.isObject() || value.isArray()) && depth > MAX_DEPTH) {
            throw new EngineException(
                    400,
                    "Record refused: its attributes nest deeper than " + MAX_DEPTH + " levels of objects and arrays");
        }
        long total = sum;
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> member : value.properties()) {
                long child = pathLength == 0
                        ? member.getKey().length()
                        : pathLength + 1 + member.getKey().length();
                total = total(member.getValue(), child, total + child, depth + 1);
                if (total > MAX_CHARACTERS) {
                    return total;
                }
            }
        } else if (value.isArray()) {
            for (JsonNode element : value) {
                total = total(element, pathLength, total, depth + 1);
                if (total > MAX_CHARACTERS) {
                    return total;
                }
            }
        }
        return total;
    }
}
