package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.filter.Atom;
import io.quarry.mockserver.engine.internal.filter.ScoredAtom;
import io.quarry.mockserver.engine.internal.text.Token;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The rules of an index, applied to a search when {@code enableRules} is true (the default).
 *
 * <p>A rule applies when it is enabled, within one of its {@code validity} ranges (if any), and one of its
 * conditions holds: {@code pattern} compared word by word with the normalised query by {@code anchoring}
 * ({@code is}, {@code startsWith}, {@code endsWith}, {@code contains}; an absent pattern always holds), where a
 * {@code {facet:attr}} placeholder stands for query words forming a value of that facet ({@link RulePattern}),
 * and {@code context}, when set, among the request's {@code ruleContexts}. Conditions on {@code filters} are not
 * supported and never hold. Consequences: {@code params} become search parameters (over the request's, under the
 * key's; with several rules, the first rule setting a parameter wins), {@code params.query} replaces the query or
 * edits it ({@code remove}, {@code edits} of type remove/replace; an edited query is cut to the words that fit in a
 * query), {@code params.automaticFacetFilters} filters
 * on the facet values the first holding condition's placeholders recognised and removes their words from the
 * query ({@link AutomaticFacetFilters}; these filters are ANDed with the request's, every applied rule's count),
 * {@code params.automaticOptionalFacetFilters} adds optional filters on those facet values to the request's
 * (every applied rule's count) and leaves their words in the query,
 * {@code promote} pins records at positions, {@code hide} removes records, {@code userData} is returned.
 */
public final class RuleSet {

    private final List<ObjectNode> rules;

    /**
     * A promoted record.
     *
     * @param objectID the record
     * @param position its zero-based position in the results
     */
    public record Promotion(String objectID, int position) {}

    /**
     * What the applicable rules do to a search.
     *
     * @param params parameters to apply over the request's
     * @param filters filter groups to AND with the request's filters (automatic facet filters)
     * @param optionalFilters optional filters to add to the request's (automatic optional facet filters)
     * @param promotions records to pin
     * @param filterPromotes whether promoted records must pass the filters
     * @param hidden records to remove from the results
     * @param userData the userData of every applied rule
     * @param applied the objectIDs of the applied rules
     */
    public record Outcome(
            Map<String, JsonNode> params,
            List<List<Atom>> filters,
            List<List<ScoredAtom>> optionalFilters,
            List<Promotion> promotions,
            boolean filterPromotes,
            Set<String> hidden,
            List<JsonNode> userData,
            List<String> applied) {

        /** The outcome when no rule applies. */
        public static final Outcome NONE =
                new Outcome(Map.of(), List.of(), List.of(), List.of(), false, Set.of(), List.of(), List.of());
    }

    /** @param rules the rule objects as saved */
    public RuleSet(List<ObjectNode> rules) {
        this.rules = rules == null ? List.of() : rules;
    }

    /**
     * {@return what the applicable rules do}
     *
     * @param options the effective options before rules
     * @param nowSeconds the current time in Unix seconds (for validity ranges)
     * @param facets the index's facet values (for facet placeholders)
     */
    public Outcome apply(SearchOptions options, long nowSeconds, FacetVocabulary facets) {
        // Read first: a bad enableRules or ruleContexts is a 400 whether or not the index has rules.
        boolean enabled = options.bool("enableRules", true);
        List<String> contexts = options.params().stringList("ruleContexts");
        if (rules.isEmpty() || !enabled) {
            return Outcome.NONE;
        }
        String query = options.query();
        List<Token> queryTokens = Tokenizer.tokens(query);
        List<String> queryWords = new ArrayList<>(queryTokens.size());
        queryTokens.forEach(token -> queryWords.add(token.term()));
        Map<String, JsonNode> params = new LinkedHashMap<>();
        List<List<Atom>> filters = new ArrayList<>();
        List<List<ScoredAtom>> optionalFilters = new ArrayList<>();
        Set<Integer> consumedWords = new TreeSet<>();
        List<Promotion> promotions = new ArrayList<>();
        Set<String> promoted = new HashSet<>();
        Set<String> hidden = new LinkedHashSet<>();
        List<JsonNode> userData = new ArrayList<>();
        List<String> applied = new ArrayList<>();
        boolean filterPromotes = false;
        JsonNode queryEdit = null;
        for (ObjectNode rule : rules) {
            if (!rule.path("enabled").asBoolean(true) || !valid(rule, nowSeconds)) {
                continue;
            }
            Optional<List<RulePattern.FacetMatch>> matches =
                    holdingCondition(rule, queryWords, contexts == null ? List.of() : contexts, facets);
            if (matches.isEmpty()) {
                continue;
            }
            applied.add(rule.path("objectID").asString(""));
            JsonNode consequence = rule.path("consequence");
            for (Map.Entry<String, JsonNode> entry : consequence.path("params").properties()) {
                switch (entry.getKey()) {
                    case "query" -> queryEdit = queryEdit == null ? entry.getValue() : queryEdit;
                    case "automaticFacetFilters" -> {
                        AutomaticFacetFilters.Applied automatic =
                                AutomaticFacetFilters.apply(entry.getValue(), matches.get());
                        filters.addAll(automatic.clauses());
                        consumedWords.addAll(automatic.consumedWords());
                    }
                    case "automaticOptionalFacetFilters" ->
                        optionalFilters.addAll(AutomaticFacetFilters.optional(entry.getValue(), matches.get()));
                    default -> params.putIfAbsent(entry.getKey(), entry.getValue());
                }
            }
            for (JsonNode promote : consequence.path("promote")) {
                int position = position(promote.path("position"));
                List<JsonNode> ids = new ArrayList<>();
                if (promote.has("objectIDs")) {
                    promote.get("objectIDs").forEach(ids::add);
                } else if (promote.has("objectID")) {
                    ids.add(promote.get("objectID"));
                }
                for (JsonNode id : ids) {
                    // A record is pinned once, where the first promotion of it (in rule order) puts it.
                    if (promoted.add(id.asString(""))) {
                        promotions.add(new Promotion(id.asString(""), position));
                    }
                    // Positions past an int's range all mean "after every hit"; saturate rather than wrap.
                    position = position == Integer.MAX_VALUE ? position : position + 1;
                }
            }
            filterPromotes |= consequence.path("filterPromotes").asBoolean(false);
            for (JsonNode hide : consequence.path("hide")) {
                hidden.add(hide.path("objectID").asString(""));
            }
            if (consequence.has("userData")) {
                userData.add(consequence.get("userData"));
            }
        }
        if (applied.isEmpty()) {
            return Outcome.NONE;
        }
        if (queryEdit != null || !consumedWords.isEmpty()) {
            String remaining = withoutWords(query, queryTokens, consumedWords);
            String edited = queryEdit == null ? remaining : editQuery(remaining, queryEdit);
            params.put("query", StringNode.valueOf(withinQueryLength(edited)));
        }
        return new Outcome(params, filters, optionalFilters, promotions, filterPromotes, hidden, userData, applied);
    }

    /**
     * The query a rule made, cut to the longest query a search takes: its words that fit whole in
     * {@value SearchOptions#MAX_QUERY_LENGTH} characters (the first characters when the first word alone is
     * longer). The user's query was short enough; the rule's edits must not turn the search into a 400. A
     * {@link CharSequence} so that a test can count the characters read: only those before the cut, back to a space.
     */
    static String withinQueryLength(CharSequence query) {
        int max = SearchOptions.MAX_QUERY_LENGTH;
        if (query.length() <= max) {
            return query.toString();
        }
        int end = max;
        if (!Character.isWhitespace(query.charAt(max))) {
            int space = end;
            while (space > 0 && !Character.isWhitespace(query.charAt(space - 1))) {
                space--;
            }
            end = space > 0 ? space : end;
        }
        if (Character.isHighSurrogate(query.charAt(end - 1))) {
            end--;
        }
        return query.subSequence(0, end).toString().strip();
    }

    /** A promotion's position, one beyond an int's range held at the int's end (past every hit). */
    private static int position(JsonNode position) {
        return position.isIntegralNumber()
                ? position.bigIntegerValue()
                        .max(BigInteger.ZERO)
                        .min(BigInteger.valueOf(Integer.MAX_VALUE))
                        .intValue()
                : 0;
    }

    /**
     * The query without the words at the given indexes, in ascending order: the text around them is kept, except
     * what separates two removed words ("acme-corp phone" leaves "phone"); spaces are collapsed.
     */
    private static String withoutWords(String query, List<Token> tokens, Set<Integer> removed) {
        if (removed.isEmpty()) {
            return query;
        }
        StringBuilder kept = new StringBuilder();
        int from = 0;
        int previous = -2;
        for (int index : removed) {
            Token token = tokens.get(index);
            if (index != previous + 1) {
                kept.append(query, from, token.start()).append(' ');
            }
            from = token.end();
            previous = index;
        }
        kept.append(query.substring(from));
        return kept.toString().trim().replaceAll("\\s+", " ");
    }

    private static boolean valid(ObjectNode rule, long now) {
        JsonNode validity = rule.get("validity");
        if (validity == null || !validity.isArray() || validity.isEmpty()) {
            return true;
        }
        for (JsonNode range : validity) {
            if (now >= second(range.get("from"), Long.MIN_VALUE) && now <= second(range.get("until"), Long.MAX_VALUE)) {
                return true;
            }
        }
        return false;
    }

    /** An end of a validity range, one beyond a long's range held at the long's nearest end, not left open. */
    private static long second(JsonNode end, long open) {
        if (end == null || !end.isNumber()) {
            return open;
        }
        return end.bigIntegerValue()
                .max(BigInteger.valueOf(Long.MIN_VALUE))
                .min(BigInteger.valueOf(Long.MAX_VALUE))
                .longValue();
    }

    /** Returns the placeholder matches of the first condition that holds, or empty when none holds. */
    private static Optional<List<RulePattern.FacetMatch>> holdingCondition(
            ObjectNode rule, List<String> queryWords, List<String> contexts, FacetVocabulary facets) {
        List<JsonNode> conditions = new ArrayList<>();
        rule.path("conditions").forEach(conditions::add);
        if (rule.has("condition")) {
            conditions.add(rule.get("condition"));
        }
        for (JsonNode condition : conditions) {
            Optional<List<RulePattern.FacetMatch>> matches = holds(condition, queryWords, contexts, facets);
            if (matches.isPresent()) {
                return matches;
            }
        }
        return Optional.empty();
    }

    private static Optional<List<RulePattern.FacetMatch>> holds(
            JsonNode condition, List<String> queryWords, List<String> contexts, FacetVocabulary facets) {
        if (condition.has("context")
                && !contexts.contains(condition.get("context").asString(""))) {
            return Optional.empty();
        }
        if (condition.has("filters")) {
            return Optional.empty();
        }
        if (!condition.has("pattern")) {
            return Optional.of(List.of());
        }
        return RulePattern.parse(condition.get("pattern").asString(""))
                .match(queryWords, condition.path("anchoring").asString("contains"), facets);
    }

    /**
     * Applies a {@code query} consequence: a string replaces the query; {@code remove} and then {@code edits} each
     * take out (or replace) the first remaining word that normalises like theirs. The query's words are normalised
     * once and found by their normal form, so the time is linear in the query and the edits, not their product.
     */
    private static String editQuery(String query, JsonNode edit) {
        return editQuery(query, edit, Tokenizer::terms);
    }

    /** As {@link #editQuery(String, JsonNode)}, normalising with {@code terms}: a test counts its calls. */
    static String editQuery(String query, JsonNode edit, Function<String, List<String>> terms) {
        if (edit.isString()) {
            return edit.asString();
        }
        List<String> words = new ArrayList<>(List.of(query.trim().split("\\s+")));
        words.removeIf(String::isEmpty);
        Map<List<String>, TreeSet<Integer>> positions = new HashMap<>();
        for (int i = 0; i < words.size(); i++) {
            positions
                    .computeIfAbsent(terms.apply(words.get(i)), k -> new TreeSet<>())
                    .add(i);
        }
        for (JsonNode remove : edit.path("remove")) {
            editWord(words, positions, terms, remove.asString(""), null);
        }
        for (JsonNode change : edit.path("edits")) {
            String delete = change.path("delete").asString("");
            String insert = change.path("type").asString("remove").equals("replace")
                    ? change.path("insert").asString("")
                    : null;
            editWord(words, positions, terms, delete, insert);
        }
        words.removeIf(Objects::isNull);
        return String.join(" ", words);
    }

    /** Takes out (null or empty replacement) or replaces the first remaining word normalising like the target. */
    private static void editWord(
            List<String> words,
            Map<List<String>, TreeSet<Integer>> positions,
            Function<String, List<String>> terms,
            String target,
            String replacement) {
        TreeSet<Integer> at = positions.get(terms.apply(target));
        if (at == null || at.isEmpty()) {
            return;
        }
        int index = at.pollFirst();
        if (replacement == null || replacement.isEmpty()) {
            words.set(index, null);
        } else {
            words.set(index, replacement);
            positions
                    .computeIfAbsent(terms.apply(replacement), k -> new TreeSet<>())
                    .add(index);
        }
    }
}
