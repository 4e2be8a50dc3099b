package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Attribute names as dotted paths over a record, read the way the engine indexes the record: a member's path is its
 * parent's path, a dot and its own name, and the elements of an array share the array's path. So {@code a.b} names
 * the {@code b} member of an {@code a} object and a top-level member literally named {@code a.b} alike (the two
 * cannot be told apart), and {@code tags.name} names the {@code name} of each object in a {@code tags} array. A
 * name covers the member at its path and everything beneath it.
 *
 * <p>Each walk visits only the members on the way to a name: a member's path is looked up in the sorted names, so
 * the work grows with the members visited times the length of their paths, never with the names' count.
 */
final class AttributePaths {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Counts nothing: what every search passes, so a walk costs no shared counter. */
    static final IntConsumer UNCOUNTED = members -> {};

    private final NavigableSet<String> names;

    /** @param names the attribute names (dotted paths) */
    AttributePaths(Collection<String> names) {
        this.names = new TreeSet<>(names);
    }

    private AttributePaths(NavigableSet<String> sorted) {
        this.names = sorted;
    }

    /**
     * {@return the paths of names held as they are, not copied: a test counts the lookups in them}
     *
     * @param sorted the attribute names (dotted paths), in their natural order
     */
    static AttributePaths holding(NavigableSet<String> sorted) {
        return new AttributePaths(sorted);
    }

    /** {@return whether no name is held} */
    boolean isEmpty() {
        return names.isEmpty();
    }

    /**
     * {@return a new object holding copies of the members the names cover, with the objects and arrays on the way
     *     to them (emptied of everything else)}
     *
     * @param record a record; not modified
     */
    ObjectNode keep(ObjectNode record) {
        return keep(record, UNCOUNTED);
    }

    /**
     * {@return what {@link #keep(ObjectNode)} returns}
     *
     * @param record a record; not modified
     * @param visits told the member count of each object the walk visits (a test counts the walk's work)
     */
    ObjectNode keep(ObjectNode record, IntConsumer visits) {
        ObjectNode out = JSON.objectNode();
        keepMembers(record, "", out, visits);
        return out;
    }

    /**
     * Removes the members the names cover.
     *
     * @param record a record, modified in place
     */
    void remove(ObjectNode record) {
        removeMembers(record, "");
    }

    private void keepMembers(ObjectNode object, String at, ObjectNode out, IntConsumer visits) {
        visits.accept(object.size());
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            String path = child(at, member.getKey());
            if (names.contains(path)) {
                out.set(member.getKey(), member.getValue().deepCopy());
            } else if (leadsToAName(path)) {
                JsonNode kept = keepBeneath(member.getValue(), path, visits);
                if (kept != null) {
                    out.set(member.getKey(), kept);
                }
            }
        }
    }

    /** {@return what the names cover beneath a value at that path, or {@code null} for nothing} */
    private JsonNode keepBeneath(JsonNode value, String path, IntConsumer visits) {
        if (value instanceof ObjectNode object) {
            ObjectNode out = JSON.objectNode();
            keepMembers(object, path, out, visits);
            return out.isEmpty() ? null : out;
        }
        if (value instanceof ArrayNode array) {
            ArrayNode out = JSON.arrayNode();
            for (JsonNode element : array) {
                JsonNode kept = keepBeneath(element, path, visits);
                if (kept != null) {
                    out.add(kept);
                }
            }
            return out.isEmpty() ? null : out;
        }
        return null;
    }

    private void removeMembers(ObjectNode object, String at) {
        List<String> covered = new ArrayList<>();
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            String path = child(at, member.getKey());
            if (names.contains(path)) {
                covered.add(member.getKey());
            } else if (leadsToAName(path)) {
                removeBeneath(member.getValue(), path);
            }
        }
        object.remove(covered);
    }

    private void removeBeneath(JsonNode value, String path) {
        if (value instanceof ObjectNode object) {
            removeMembers(object, path);
        } else if (value instanceof ArrayNode array) {
            for (JsonNode element : array) {
                removeBeneath(element, path);
            }
        }
    }

    /** {@return whether some name lies beneath that path} */
    private boolean leadsToAName(String path) {
        String below = path + ".";
        String next = names.ceiling(below);
        return next != null && next.startsWith(below);
    }

    /** {@return the path of a member named {@code name} inside the value at path {@code at} ("" for the record)} */
    static String child(String at, String name) {
        return at.isEmpty() ? name : at + "." + name;
    }
}
