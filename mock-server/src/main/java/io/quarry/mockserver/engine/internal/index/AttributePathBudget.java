package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.EngineException;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The bound on a record's attribute paths. The engine indexes each value under its dotted path (the names from the
 * record's top down to it), so a record's paths cost what they add up to, not what the record weighs: one
 * 50,000-character name above 16,000 small values made 800 million characters of paths from a 1 MB body. A record
 * whose paths add up to more than {@value #MAX_CHARACTERS} characters is refused with a 400 before it is indexed.
 */
public final class AttributePathBudget {

    /** The most characters a record's attribute paths may add up to, each member's path counted once. */
    public static final long MAX_CHARACTERS = 10_000_000;

    private AttributePathBudget() {}

    /**
     * Checks a record, adding up its paths' lengths without building them (linear in the record's size).
     *
     * @param record a record
     * @throws EngineException 400 when its paths add up to more than {@value #MAX_CHARACTERS} characters
     */
    public static void check(JsonNode record) {
        if (total(record, 0, 0) > MAX_CHARACTERS) {
            throw new EngineException(
                    400,
                    "Record refused: the dotted paths of its attributes add up to more than " + MAX_CHARACTERS
                            + " characters");
        }
    }

    /** {@return the running total with the paths beneath a value at a path of that length; stops once over} */
    private static long total(JsonNode value, long pathLength, long sum) {
        long total = sum;
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> member : value.properties()) {
                long child = pathLength == 0
                        ? member.getKey().length()
                        : pathLength + 1 + member.getKey().length();
                total = total(member.getValue(), child, total + child);
                if (total > MAX_CHARACTERS) {
                    return total;
                }
            }
        } else if (value.isArray()) {
            for (JsonNode element : value) {
                total = total(element, pathLength, total);
                if (total > MAX_CHARACTERS) {
                    return total;
                }
            }
        }
        return total;
    }
}
