package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which attributes of a record are returned: {@code attributesToRetrieve} ({@code *} for all, {@code -attr} to
 * exclude one from {@code *}, dotted paths for nested values), minus {@code unretrievableAttributes}; objectID
 * always. Names are read as {@link AttributePaths} reads them, as the engine indexes records: {@code a.b} covers a
 * top-level member literally named {@code a.b} as well as the {@code b} of an {@code a} object, so an unretrievable
 * value is hidden whichever way the record spells its path.
 */
public final class Retrieval {

    private final boolean everything;
    private final AttributePaths retrieved;
    private final AttributePaths excluded;
    private final AttributePaths hidden;

    /**
     * @param toRetrieve the attributes to retrieve; null or empty for all
     * @param unretrievable the attributes never returned; null for none
     */
    public Retrieval(List<String> toRetrieve, List<String> unretrievable) {
        List<String> wanted = toRetrieve == null || toRetrieve.isEmpty() ? List.of("*") : toRetrieve;
        List<String> included = new ArrayList<>();
        List<String> minus = new ArrayList<>();
        for (String name : wanted) {
            if (name.startsWith("-")) {
                minus.add(name.substring(1));
            } else {
                included.add(name);
            }
        }
        minus.remove("objectID");
        this.everything = included.contains("*");
        this.retrieved = new AttributePaths(included);
        this.excluded = new AttributePaths(minus);
        List<String> neverShown = unretrievable == null ? new ArrayList<>() : new ArrayList<>(unretrievable);
        neverShown.remove("objectID");
        this.hidden = new AttributePaths(neverShown);
    }

    /**
     * Removes the unretrievable attributes.
     *
     * @param record a record, modified in place
     */
    public void hide(ObjectNode record) {
        hidden.remove(record);
    }

    /**
     * {@return a new object with the retrievable attributes}
     *
     * @param source a record (not modified)
     */
    public ObjectNode apply(ObjectNode source) {
        ObjectNode out;
        if (everything) {
            out = source.deepCopy();
            excluded.remove(out);
        } else {
            out = retrieved.keep(source);
        }
        hidden.remove(out);
        if (source.has("objectID")) {
            out.set("objectID", source.get("objectID"));
        }
        return out;
    }
}
