package io.quarry.mockserver.engine.internal.search;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which attributes of a record are returned: {@code attributesToRetrieve} ({@code *} for all, {@code -attr} to
 * exclude one from {@code *}, dotted paths for nested values), minus {@code unretrievableAttributes}; objectID
 * always.
 */
public final class Retrieval {

    private final List<String> toRetrieve;
    private final List<String> unretrievable;

    /**
     * @param toRetrieve the attributes to retrieve; null or empty for all
     * @param unretrievable the attributes never returned; null for none
     */
    public Retrieval(List<String> toRetrieve, List<String> unretrievable) {
        this.toRetrieve = toRetrieve == null || toRetrieve.isEmpty() ? List.of("*") : toRetrieve;
        this.unretrievable = unretrievable == null ? List.of() : unretrievable;
    }

    /** {@return the attributes never returned} */
    public List<String> unretrievable() {
        return unretrievable;
    }

    /**
     * {@return a new object with the retrievable attributes}
     *
     * @param source a record (not modified)
     */
    public ObjectNode apply(ObjectNode source) {
        ObjectNode out;
        if (toRetrieve.contains("*")) {
            out = source.deepCopy();
            for (String entry : toRetrieve) {
                if (entry.startsWith("-") && !entry.substring(1).equals("objectID")) {
                    JsonPaths.remove(out, entry.substring(1));
                }
            }
        } else {
            out = JsonNodeFactory.instance.objectNode();
            for (String path : toRetrieve) {
                JsonNode value = JsonPaths.get(source, path);
                if (value != null && !path.startsWith("-")) {
                    JsonPaths.set(out, path, value.deepCopy());
                }
            }
        }
        for (String path : unretrievable) {
            if (!path.equals("objectID")) {
                JsonPaths.remove(out, path);
            }
        }
        if (source.has("objectID")) {
            out.set("objectID", source.get("objectID"));
        }
        return out;
    }
}
