package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The rules of an index, applied to a search when {@code enableRules} is true (the default).
 *
 * <p>A rule applies when it is enabled, within one of its {@code validity} ranges (if any), and one of its
 * conditions holds: {@code pattern} compared word by word with the normalised query by {@code anchoring}
 * ({@code is}, {@code startsWith}, {@code endsWith}, {@code contains}; an absent pattern always holds), and
 * {@code context}, when set, among the request's {@code ruleContexts}. Conditions using {@code {facet:...}}
 * patterns or {@code filters} are not supported and never hold. Consequences: {@code params} become search
 * parameters (over the request's, under the key's; with several rules, the first rule setting a parameter wins),
 * {@code params.query} replaces the query or edits it ({@code remove}, {@code edits} of type remove/replace),
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
    public record Promotion(String objectID, int position) {
    }

    /**
     * What the applicable rules do to a search.
     *
     * @param params parameters to apply over the request's
     * @param promotions records to pin
     * @param filterPromotes whether promoted records must pass the filters
     * @param hidden records to remove from the results
     * @param userData the userData of every applied rule
     * @param applied the objectIDs of the applied rules
     */
    public record Outcome(Map<String, JsonNode> params, List<Promotion> promotions, boolean filterPromotes,
            Set<String> hidden, List<JsonNode> userData, List<String> applied) {

        /** The outcome when no rule applies. */
        public static final Outcome NONE = new Outcome(Map.of(), List.of(), false, Set.of(), List.of(), List.of());
    }

    /** @param rules the rule objects as saved */
    public RuleSet(List<ObjectNode> rules) {
        this.rules = rules == null ? List.of() : rules;
    }

    /**
     * @param options the effective options before rules
     * @param nowSeconds the current time in Unix seconds (for validity ranges)
     * @return what the applicable rules do
     */
    public Outcome apply(SearchOptions options, long nowSeconds) {
        if (rules.isEmpty() || !options.bool("enableRules", true)) {
            return Outcome.NONE;
        }
        List<String> contexts = options.params().stringList("ruleContexts");
        String query = options.query();
        List<String> queryWords = Tokenizer.terms(query);
        Map<String, JsonNode> params = new LinkedHashMap<>();
        List<Promotion> promotions = new ArrayList<>();
        Set<String> hidden = new LinkedHashSet<>();
        List<JsonNode> userData = new ArrayList<>();
        List<String> applied = new ArrayList<>();
        boolean filterPromotes = false;
        String editedQuery = query;
        for (ObjectNode rule : rules) {
            if (!rule.path("enabled").asBoolean(true) || !valid(rule, nowSeconds)
                    || !anyConditionHolds(rule, queryWords, contexts == null ? List.of() : contexts)) {
                continue;
            }
            applied.add(rule.path("objectID").asString(""));
            JsonNode consequence = rule.path("consequence");
            for (Map.Entry<String, JsonNode> entry : consequence.path("params").properties()) {
                if (entry.getKey().equals("query")) {
                    if (!params.containsKey("query")) {
                        editedQuery = editQuery(editedQuery, entry.getValue());
                        params.put("query", StringNode.valueOf(editedQuery));
                    }
                } else {
                    params.putIfAbsent(entry.getKey(), entry.getValue());
                }
            }
            for (JsonNode promote : consequence.path("promote")) {
                int position = promote.path("position").asInt(0);
                if (promote.has("objectIDs")) {
                    for (JsonNode id : promote.get("objectIDs")) {
                        promotions.add(new Promotion(id.asString(""), position++));
                    }
                } else if (promote.has("objectID")) {
                    promotions.add(new Promotion(promote.get("objectID").asString(""), position));
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
        return new Outcome(params, promotions, filterPromotes, hidden, userData, applied);
    }

    private static boolean valid(ObjectNode rule, long now) {
        JsonNode validity = rule.get("validity");
        if (validity == null || !validity.isArray() || validity.isEmpty()) {
            return true;
        }
        for (JsonNode range : validity) {
            if (now >= range.path("from").asLong(Long.MIN_VALUE) && now <= range.path("until").asLong(Long.MAX_VALUE)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyConditionHolds(ObjectNode rule, List<String> queryWords, List<String> contexts) {
        List<JsonNode> conditions = new ArrayList<>();
        rule.path("conditions").forEach(conditions::add);
        if (rule.has("condition")) {
            conditions.add(rule.get("condition"));
        }
        if (conditions.isEmpty()) {
            return false;
        }
        for (JsonNode condition : conditions) {
            if (holds(condition, queryWords, contexts)) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(JsonNode condition, List<String> queryWords, List<String> contexts) {
        if (condition.has("context") && !contexts.contains(condition.get("context").asString(""))) {
            return false;
        }
        if (condition.has("filters")) {
            return false;
        }
        if (!condition.has("pattern")) {
            return true;
        }
        String pattern = condition.get("pattern").asString("");
        if (pattern.contains("{facet:")) {
            return false;
        }
        List<String> words = Tokenizer.terms(pattern);
        String anchoring = condition.path("anchoring").asString("contains");
        return switch (anchoring) {
            case "is" -> queryWords.equals(words);
            case "startsWith" -> queryWords.size() >= words.size()
                    && queryWords.subList(0, words.size()).equals(words);
            case "endsWith" -> queryWords.size() >= words.size()
                    && queryWords.subList(queryWords.size() - words.size(), queryWords.size()).equals(words);
            default -> !words.isEmpty() && java.util.Collections.indexOfSubList(queryWords, words) >= 0;
        };
    }

    private static String editQuery(String query, JsonNode edit) {
        if (edit.isString()) {
            return edit.asString();
        }
        List<String> words = new ArrayList<>(List.of(query.trim().split("\\s+")));
        words.removeIf(String::isEmpty);
        for (JsonNode remove : edit.path("remove")) {
            removeWord(words, remove.asString(""), null);
        }
        for (JsonNode change : edit.path("edits")) {
            String delete = change.path("delete").asString("");
            String insert = change.path("type").asString("remove").equals("replace")
                    ? change.path("insert").asString("") : null;
            removeWord(words, delete, insert);
        }
        return String.join(" ", words);
    }

    private static void removeWord(List<String> words, String target, String replacement) {
        List<String> normalizedTarget = Tokenizer.terms(target);
        for (int i = 0; i < words.size(); i++) {
            if (Tokenizer.terms(words.get(i)).equals(normalizedTarget)) {
                if (replacement == null || replacement.isEmpty()) {
                    words.remove(i);
                } else {
                    words.set(i, replacement);
                }
                return;
            }
        }
    }
}
