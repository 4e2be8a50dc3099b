package io.quarry.mockserver.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Seeded random damage to a JSON body, for tests that send well-formed bodies holding odd values. */
public final class JsonMutations {

    private JsonMutations() {}

    /**
     * Swaps {@code times} members, at any depth, for odd values; sometimes removes one instead.
     *
     * @param root   the body, changed in place
     * @param random the seeded source
     * @param times  how many members to change
     * @param odd    makes an odd value
     */
    public static void mutate(ObjectNode root, Random random, int times, Function<Random, JsonNode> odd) {
        for (int i = 0; i < times; i++) {
            List<Map.Entry<JsonNode, Object>> slots = new ArrayList<>();
            collect(root, slots);
            Map.Entry<JsonNode, Object> slot = slots.get(random.nextInt(slots.size()));
            if (slot.getKey() instanceof ObjectNode object && random.nextInt(5) == 0) {
                object.remove((String) slot.getValue());
            } else if (slot.getKey() instanceof ObjectNode object) {
                object.set((String) slot.getValue(), odd.apply(random));
            } else {
                ((ArrayNode) slot.getKey()).set((Integer) slot.getValue(), odd.apply(random));
            }
        }
    }

    /** Every member and element below a node, each with the object or array holding it. */
    private static void collect(JsonNode node, List<Map.Entry<JsonNode, Object>> slots) {
        if (node instanceof ObjectNode object) {
            object.properties().forEach(member -> {
                slots.add(Map.entry(object, member.getKey()));
                collect(member.getValue(), slots);
            });
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(Map.entry(array, i));
                collect(array.get(i), slots);
            }
        }
    }
}
