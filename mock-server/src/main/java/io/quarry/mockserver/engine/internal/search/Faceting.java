package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The attributesForFaceting setting: each entry is {@code attr}, {@code searchable(attr)},
 * {@code filterOnly(attr)} or {@code afterDistinct(...)} of those; the attribute's name is what the modifiers wrap,
 * as written (a name that itself looks like a modifier is wrapped once more).
 */
public final class Faceting {

    /**
     * One faceting attribute.
     *
     * @param path the dotted attribute path
     * @param searchable whether its values can be searched (search for facet values)
     * @param filterOnly whether it serves filters only (no counts)
     */
    public record Attribute(String path, boolean searchable, boolean filterOnly) {}

    private static final String AFTER_DISTINCT = "afterDistinct(";
    private static final String SEARCHABLE = "searchable(";
    private static final String FILTER_ONLY = "filterOnly(";

    private final List<Attribute> attributes;

    /** The first declaration of each path, with its place in the setting. */
    private final Map<String, Integer> firstByPath = new HashMap<>();

    /** The place of the first {@code *} declaration, or -1. */
    private final int firstWildcard;

    /** @param attributes the declarations, in the setting's order; package-private so a test can count reads */
    Faceting(List<Attribute> attributes) {
        this.attributes = attributes;
        for (int i = 0; i < attributes.size(); i++) {
            firstByPath.putIfAbsent(attributes.get(i).path(), i);
        }
        this.firstWildcard = firstByPath.getOrDefault("*", -1);
    }

    /**
     * {@return the parsed setting}
     *
     * @param setting the attributesForFaceting setting, or {@code null}
     */
    public static Faceting of(JsonNode setting) {
        List<Attribute> attributes = new ArrayList<>();
        if (setting != null) {
            for (JsonNode entry : setting) {
                Attribute attribute = parse(entry.asString("").trim());
                if (!attribute.path().isEmpty()) {
                    attributes.add(attribute);
                }
            }
        }
        return new Faceting(attributes);
    }

    /**
     * Reads one entry the way the service writes them: {@code afterDistinct(...)} at most once and outermost, then
     * {@code searchable(...)} or {@code filterOnly(...)} at most once; what is inside is the attribute's name as
     * written, so {@code searchable(searchable(x))} declares the attribute named {@code searchable(x)}. One pass:
     * each modifier is looked for once, never peeled again.
     */
    private static Attribute parse(String entry) {
        String text = wraps(entry, AFTER_DISTINCT) ? inside(entry, AFTER_DISTINCT) : entry;
        if (wraps(text, SEARCHABLE)) {
            return new Attribute(inside(text, SEARCHABLE), true, false);
        }
        if (wraps(text, FILTER_ONLY)) {
            return new Attribute(inside(text, FILTER_ONLY), false, true);
        }
        return new Attribute(text, false, false);
    }

    private static boolean wraps(String text, String modifier) {
        return text.length() > modifier.length() && text.startsWith(modifier) && text.endsWith(")");
    }

    private static String inside(String text, String modifier) {
        return text.substring(modifier.length(), text.length() - 1).trim();
    }

    /**
     * {@return its faceting declaration, or {@code null} when it is not declared}
     *
     * @param path a dotted attribute path
     */
    public Attribute find(String path) {
        // The first declaration naming it or naming every attribute (*), as a scan of the setting would find.
        int exact = firstByPath.getOrDefault(path, -1);
        int first = exact < 0 ? firstWildcard : firstWildcard < 0 ? exact : Math.min(exact, firstWildcard);
        return first < 0 ? null : attributes.get(first);
    }

    /** {@return the declared attributes whose values are counted (not filterOnly)} */
    public List<String> countable() {
        List<String> paths = new ArrayList<>();
        for (Attribute attribute : attributes) {
            if (!attribute.filterOnly() && !attribute.path().equals("*")) {
                paths.add(attribute.path());
            }
        }
        return paths;
    }
}
