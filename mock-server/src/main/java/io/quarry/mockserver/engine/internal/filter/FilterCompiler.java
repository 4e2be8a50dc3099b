package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.engine.internal.search.RequestParams;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import io.quarry.mockserver.engine.internal.text.DecimalText;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Compiles every filter parameter of a request, ANDed together: {@code filters} (the SQL-like syntax),
 * {@code facetFilters}, {@code numericFilters} and {@code tagFilters} (an array whose nested arrays are OR groups,
 * the arrays nested deeper being flattened into their OR group, so {@code ["a", ["b", ["c"]]]} means
 * {@code a AND (b OR c)}; or a string: comma-separated filters, a parenthesised group {@code (a,b)} being an OR group; {@code -} negates:
 * {@code attr:-value}, {@code -tag}; {@code \-} escapes a leading minus), and the
 * filters imposed by the caller's key.
 */
public final class FilterCompiler {

    private FilterCompiler() {}

    /**
     * {@return the compiled filter}
     *
     * @param options the effective options
     * @param extraFilters filter expressions imposed by the caller's key
     * @param faceting the faceting declarations
     * @param store the records the filter will test (its numeric columns speed numeric filters), read-locked
     */
    public static RecordFilter compile(
            SearchOptions options, List<String> extraFilters, Faceting faceting, RecordStore store) {
        return toFilter(clauses(options, extraFilters), faceting, store);
    }

    /**
     * {@return every OR group of every filter parameter}
     *
     * @param options the effective options
     * @param extraFilters filter expressions imposed by the caller's key
     */
    public static List<List<Atom>> clauses(SearchOptions options, List<String> extraFilters) {
        List<List<Atom>> clauses = new ArrayList<>();
        JsonNode filters = options.params().raw("filters");
        if (filters != null) {
            if (!filters.isString()) {
                throw new EngineException(400, "filters must be a string");
            }
            clauses.addAll(FilterParser.parse(filters.asString()));
        }
        for (String extra : extraFilters) {
            clauses.addAll(FilterParser.parse(extra));
        }
        JsonNode facetFilters = options.params().raw("facetFilters");
        if (facetFilters != null) {
            for (List<String> group : groups("facetFilters", facetFilters)) {
                clauses.add(group.stream()
                        .map(text -> facetFilter("facetFilters", text))
                        .toList());
            }
        }
        JsonNode numericFilters = options.params().raw("numericFilters");
        if (numericFilters != null) {
            for (List<String> group : groups("numericFilters", numericFilters)) {
                clauses.add(group.stream().map(FilterParser::parseNumeric).toList());
            }
        }
        JsonNode tagFilters = options.params().raw("tagFilters");
        if (tagFilters != null) {
            for (List<String> group : groups("tagFilters", tagFilters)) {
                clauses.add(group.stream().map(FilterCompiler::tagFilter).toList());
            }
        }
        return clauses;
    }

    /**
     * {@return the compiled filter}
     *
     * @param clauses OR groups that must all pass
     * @param faceting the faceting declarations
     * @param store the records the filter will test, read-locked
     */
    public static RecordFilter toFilter(List<List<Atom>> clauses, Faceting faceting, RecordStore store) {
        if (clauses.isEmpty()) {
            return RecordFilter.ALL;
        }
        List<RecordFilter> groups = new ArrayList<>();
        Set<String> required = new LinkedHashSet<>();
        for (List<Atom> clause : clauses) {
            if (clause.size() == 1) {
                required.addAll(requiredTerms(clause.get(0)));
            }
            List<RecordFilter> alternatives = new ArrayList<>();
            clause.forEach(atom -> alternatives.add(AtomEvaluator.compile(atom, faceting, store)));
            RecordFilter group = alternatives.size() == 1
                    ? alternatives.get(0)
                    : RecordFilter.byOrdinal((record, ordinal) -> {
                        for (RecordFilter alternative : alternatives) {
                            if (alternative.test(record, ordinal)) {
                                return true;
                            }
                        }
                        return false;
                    });
            groups.add(group);
        }
        Set<String> requiredTerms = Set.copyOf(required);
        return new RecordFilter() {
            @Override
            public boolean test(IndexedRecord record) {
                return test(record, record.ordinal());
            }

            @Override
            public boolean test(IndexedRecord record, int ordinal) {
                for (RecordFilter group : groups) {
                    if (!group.test(record, ordinal)) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public Set<String> requiredTerms() {
                return requiredTerms;
            }
        };
    }

    /** The words a record must hold to pass a positive facet or tag filter on a text value. */
    private static List<String> requiredTerms(Atom atom) {
        String value;
        if (atom instanceof Atom.Facet facet && !facet.negated()) {
            value = facet.value();
            if (value.equals("true") || value.equals("false")) {
                return List.of();
            }
            if (DecimalText.parse(value.trim()) != null) {
                // A number also matches numbers written otherwise (1.50 matches 1.5), which hold other words.
                return List.of();
            }
        } else if (atom instanceof Atom.Tag tag && !tag.negated()) {
            value = tag.value();
        } else {
            return List.of();
        }
        return Tokenizer.terms(value);
    }

    /**
     * Reads a parameter in the facetFilters syntax: an array whose nested arrays are OR groups (deeper arrays
     * flattened into their group), or the string form.
     *
     * @param name the parameter name, for error messages
     * @param raw the parameter's value
     * @return its OR groups of filter texts
     */
    public static List<List<String>> groups(String name, JsonNode raw) {
        JsonNode node = RequestParams.asStructured(name, raw);
        List<List<String>> groups = new ArrayList<>();
        if (node.isString()) {
            return legacyGroups(name, node.asString());
        }
        if (!node.isArray()) {
            throw new EngineException(400, name + " must be a string or an array");
        }
        int count = 0;
        for (JsonNode element : node) {
            if (element.isArray()) {
                List<String> group = new ArrayList<>();
                flatten(name, element, group, 1);
                if (!group.isEmpty()) {
                    groups.add(group);
                }
                count += group.size();
            } else if (element.isString()) {
                groups.add(List.of(element.asString()));
                count++;
            } else {
                throw new EngineException(400, name + " must hold strings or arrays");
            }
            if (count > FilterParser.MAX_FILTERS) {
                throw new EngineException(400, name + ": too many filters (at most " + FilterParser.MAX_FILTERS + ")");
            }
        }
        return groups;
    }

    /** Adds the strings of a nested array, and of the arrays nested in it, to one OR group. */
    private static void flatten(String name, JsonNode array, List<String> group, int depth) {
        if (depth > FilterParser.MAX_DEPTH) {
            throw new EngineException(
                    400, name + ": too deeply nested (at most " + FilterParser.MAX_DEPTH + " levels)");
        }
        for (JsonNode inner : array) {
            if (inner.isString()) {
                group.add(inner.asString());
            } else if (inner.isArray()) {
                flatten(name, inner, group, depth + 1);
            } else {
                throw new EngineException(400, name + ": nested arrays must hold strings or arrays");
            }
            if (group.size() > FilterParser.MAX_FILTERS) {
                throw new EngineException(400, name + ": too many filters (at most " + FilterParser.MAX_FILTERS + ")");
            }
        }
    }

    /**
     * Reads the string form {@code a,(b,c)}: top-level commas separate AND-ed filters, a parenthesised group
     * is an OR group.
     */
    private static List<List<String>> legacyGroups(String name, String text) {
        List<List<String>> groups = new ArrayList<>();
        List<String> open = null;
        StringBuilder current = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' && open == null && current.toString().trim().isEmpty()) {
                open = new ArrayList<>();
            } else if (c == ')' && open != null) {
                addPart(open, current);
                if (!open.isEmpty()) {
                    groups.add(open);
                }
                open = null;
            } else if (c == ',') {
                if (open != null && i < text.length()) {
                    addPart(open, current);
                } else if (open != null) {
                    throw new EngineException(400, name + ": unclosed parenthesis");
                } else {
                    String part = current.toString().trim();
                    if (!part.isEmpty()) {
                        groups.add(List.of(part));
                    }
                    current.setLength(0);
                }
            } else {
                current.append(c);
            }
        }
        return groups;
    }

    private static void addPart(List<String> group, StringBuilder current) {
        String part = current.toString().trim();
        if (!part.isEmpty()) {
            group.add(part);
        }
        current.setLength(0);
    }

    /**
     * Reads one facet filter: {@code attr:value}, negated by {@code attr:-value} or {@code -attr:value};
     * {@code _tags:value} is a tag filter. The attribute ends at the first {@code :} that no backslash escapes: in
     * it, {@code \:} stands for a colon, {@code \\} for a backslash and a leading {@code \-} for a minus, so
     * that any attribute name can be written ({@code meta\:brand:acme}, {@code \-rank:1}).
     *
     * @param name the parameter name, for error messages
     * @param text the filter
     * @return the filter
     */
    public static Atom facetFilter(String name, String text) {
        int colon = attributeEnd(text);
        if (colon <= 0) {
            throw new EngineException(400, name + ": invalid filter \"" + text + "\", expected attribute:value");
        }
        String written = text.substring(0, colon).trim();
        String value = text.substring(colon + 1);
        boolean negated = written.startsWith("-");
        String attribute = unescapeAttribute(negated ? written.substring(1) : written);
        if (value.startsWith("-")) {
            negated = !negated;
            value = value.substring(1);
        } else if (value.startsWith("\\-")) {
            value = value.substring(1);
        }
        Atom atom = attribute.equals("_tags") ? new Atom.Tag(value, false) : new Atom.Facet(attribute, value, false);
        return negated ? atom.negate() : atom;
    }

    /** {@return where the attribute of a facet filter ends: its first colon no backslash escapes, or -1} */
    private static int attributeEnd(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ':') {
                return i;
            }
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == ':' || text.charAt(i + 1) == '\\')) {
                i++;
            }
        }
        return -1;
    }

    /** {@return the attribute a facet filter names: its escapes read, any other backslash kept as written} */
    private static String unescapeAttribute(String written) {
        StringBuilder attribute = new StringBuilder(written.length());
        int start = written.startsWith("\\-") ? 1 : 0;
        for (int i = start; i < written.length(); i++) {
            char c = written.charAt(i);
            boolean escape = c == '\\'
                    && i + 1 < written.length()
                    && (written.charAt(i + 1) == ':' || written.charAt(i + 1) == '\\');
            attribute.append(escape ? written.charAt(++i) : c);
        }
        return attribute.toString();
    }

    private static Atom tagFilter(String text) {
        if (text.startsWith("-")) {
            return new Atom.Tag(text.substring(1), true);
        }
        return new Atom.Tag(text.startsWith("\\-") ? text.substring(1) : text, false);
    }
}
