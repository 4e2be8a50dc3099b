package io.quarry.mockserver.engine.internal.search;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Dotted-path access to JSON objects ({@code author.name}). */
public final class JsonPaths {

    private JsonPaths() {}

    /**
     * {@return the value there, or {@code null}}
     *
     * @param root an object
     * @param path a dotted path
     */
    public static JsonNode get(JsonNode root, String path) {
        JsonNode node = root;
        for (String part : path.split("\\.", -1)) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(part);
        }
        return node;
    }

    /**
     * @param root an object
     * @param path a dotted path
     * @param value the value to set, creating intermediate objects
     */
    public static void set(ObjectNode root, String path, JsonNode value) {
        String[] parts = path.split("\\.", -1);
        ObjectNode node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = node.get(parts[i]);
            if (!(child instanceof ObjectNode)) {
                child = node.putObject(parts[i]);
            }
            node = (ObjectNode) child;
        }
        node.set(parts[parts.length - 1], value);
    }

    /**
     * @param root an object
     * @param path a dotted path; nothing happens when absent
     */
    public static void remove(ObjectNode root, String path) {
        int dot = path.lastIndexOf('.');
        JsonNode parent = dot < 0 ? root : get(root, path.substring(0, dot));
        if (parent instanceof ObjectNode object) {
            object.remove(dot < 0 ? path : path.substring(dot + 1));
        }
    }
}
