package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The attributesForFaceting setting: each entry is {@code attr}, {@code searchable(attr)},
 * {@code filterOnly(attr)} or {@code afterDistinct(...)} of those.
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

    private final List<Attribute> attributes;

    private Faceting(List<Attribute> attributes) {
        this.attributes = attributes;
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
                String text = entry.asString("").trim();
                boolean searchable = false;
                boolean filterOnly = false;
                boolean changed = true;
                while (changed) {
                    changed = false;
                    for (String modifier : List.of("searchable(", "filterOnly(", "afterDistinct(")) {
                        if (text.startsWith(modifier) && text.endsWith(")")) {
                            searchable |= modifier.equals("searchable(");
                            filterOnly |= modifier.equals("filterOnly(");
                            text = text.substring(modifier.length(), text.length() - 1)
                                    .trim();
                            changed = true;
                        }
                    }
                }
                if (!text.isEmpty()) {
                    attributes.add(new Attribute(text, searchable, filterOnly));
                }
            }
        }
        return new Faceting(attributes);
    }

    /**
     * {@return its faceting declaration, or {@code null} when it is not declared}
     *
     * @param path a dotted attribute path
     */
    public Attribute find(String path) {
        for (Attribute attribute : attributes) {
            if (attribute.path().equals(path) || attribute.path().equals("*")) {
                return attribute;
            }
        }
        return null;
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
