package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.filter.Atom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The {@code automaticFacetFilters} consequence parameter: for each facet it lists (a name, or
 * {@code {"facet", "disjunctive", "negative", "score"}}) that a placeholder of the rule's condition recognised,
 * a filter {@code facet:value} per recognised value, ORed in one group when {@code disjunctive}, else each
 * required, negated when {@code negative}; {@code score} only weighs optional filters and is ignored here. The
 * query words those placeholders consumed leave the query, as the service does. A listed facet that no
 * placeholder recognised adds nothing.
 */
public final class AutomaticFacetFilters {

    /**
     * What the parameter adds to a search.
     *
     * @param clauses filter groups to AND with the request's filters (each group ORed)
     * @param consumedWords the indexes of the query words to remove from the query
     */
    public record Applied(List<List<Atom>> clauses, Set<Integer> consumedWords) {
    }

    private AutomaticFacetFilters() {
    }

    /**
     * @param param the parameter as saved (validated at save time)
     * @param matches what the condition's placeholders recognised
     * @return the filters and the words consumed
     */
    public static Applied apply(JsonNode param, List<RulePattern.FacetMatch> matches) {
        List<List<Atom>> clauses = new ArrayList<>();
        Set<Integer> consumed = new TreeSet<>();
        for (JsonNode entry : param) {
            String facet = entry.isString() ? entry.asString() : entry.path("facet").asString("");
            boolean negative = entry.path("negative").asBoolean(false);
            Set<String> values = new LinkedHashSet<>();
            for (RulePattern.FacetMatch match : matches) {
                if (match.attribute().equals(facet)) {
                    values.add(match.value());
                    for (int word = match.from(); word < match.to(); word++) {
                        consumed.add(word);
                    }
                }
            }
            List<Atom> atoms = new ArrayList<>();
            values.forEach(value -> atoms.add(new Atom.Facet(facet, value, negative)));
            if (atoms.isEmpty()) {
                continue;
            }
            if (entry.path("disjunctive").asBoolean(false)) {
                clauses.add(atoms);
            } else {
                atoms.forEach(atom -> clauses.add(List.of(atom)));
            }
        }
        return new Applied(clauses, consumed);
    }
}
