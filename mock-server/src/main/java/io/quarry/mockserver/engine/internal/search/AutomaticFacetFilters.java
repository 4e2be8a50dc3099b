package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.filter.Atom;
import io.quarry.mockserver.engine.internal.filter.ScoredAtom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The {@code automaticFacetFilters} and {@code automaticOptionalFacetFilters} consequence parameters: for each
 * facet listed (a name, or {@code {"facet", "disjunctive", "negative", "score"}}) that a placeholder of the rule's
 * condition recognised, a filter {@code facet:value} per recognised value, negated when {@code negative}; the
 * filters of one facet form one OR group when {@code disjunctive}, else each stands alone. A listed facet that no
 * placeholder recognised adds nothing.
 *
 * <p>{@code automaticFacetFilters} makes them required filters and removes the query words the placeholders
 * consumed, as the service does; {@code score} is ignored there. {@code automaticOptionalFacetFilters} makes them
 * optional filters scoring {@code score} (1 by default) and leaves the words in the query, as the service does
 * for optional facet filters.
 */
public final class AutomaticFacetFilters {

    /**
     * What {@code automaticFacetFilters} adds to a search.
     *
     * @param clauses filter groups to AND with the request's filters (each group ORed)
     * @param consumedWords the indexes of the query words to remove from the query
     */
    public record Applied(List<List<Atom>> clauses, Set<Integer> consumedWords) {}

    /** The filters one listed facet yields, with the words recognising its values. */
    private record FacetFilters(List<Atom> atoms, boolean disjunctive, int score, Set<Integer> words) {}

    private AutomaticFacetFilters() {}

    /**
     * {@return the filters and the words consumed}
     *
     * @param param the {@code automaticFacetFilters} parameter as saved (validated at save time)
     * @param matches what the condition's placeholders recognised
     */
    public static Applied apply(JsonNode param, List<RulePattern.FacetMatch> matches) {
        List<List<Atom>> clauses = new ArrayList<>();
        Set<Integer> consumed = new TreeSet<>();
        for (FacetFilters facet : perFacet(param, matches)) {
            if (facet.disjunctive()) {
                clauses.add(facet.atoms());
            } else {
                facet.atoms().forEach(atom -> clauses.add(List.of(atom)));
            }
            consumed.addAll(facet.words());
        }
        return new Applied(clauses, consumed);
    }

    /**
     * {@return optional filters to add to the request's, each an OR group}
     *
     * @param param the {@code automaticOptionalFacetFilters} parameter as saved (validated at save time)
     * @param matches what the condition's placeholders recognised
     */
    public static List<List<ScoredAtom>> optional(JsonNode param, List<RulePattern.FacetMatch> matches) {
        List<List<ScoredAtom>> optional = new ArrayList<>();
        for (FacetFilters facet : perFacet(param, matches)) {
            List<ScoredAtom> scored = facet.atoms().stream()
                    .map(atom -> new ScoredAtom(atom, facet.score()))
                    .toList();
            if (facet.disjunctive()) {
                optional.add(scored);
            } else {
                scored.forEach(one -> optional.add(List.of(one)));
            }
        }
        return optional;
    }

    private static List<FacetFilters> perFacet(JsonNode param, List<RulePattern.FacetMatch> matches) {
        List<FacetFilters> filters = new ArrayList<>();
        for (JsonNode entry : param) {
            String facet =
                    entry.isString() ? entry.asString() : entry.path("facet").asString("");
            boolean negative = entry.path("negative").asBoolean(false);
            Set<String> values = new LinkedHashSet<>();
            Set<Integer> words = new TreeSet<>();
            for (RulePattern.FacetMatch match : matches) {
                if (match.attribute().equals(facet)) {
                    values.add(match.value());
                    for (int word = match.from(); word < match.to(); word++) {
                        words.add(word);
                    }
                }
            }
            if (values.isEmpty()) {
                continue;
            }
            List<Atom> atoms = new ArrayList<>();
            values.forEach(value -> atoms.add(new Atom.Facet(facet, value, negative)));
            filters.add(new FacetFilters(
                    atoms,
                    entry.path("disjunctive").asBoolean(false),
                    entry.path("score").asInt(1),
                    words));
        }
        return filters;
    }
}
