package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import io.quarry.mockserver.engine.internal.text.TextSearch;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.HitPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Validation and search of rules. What the mock server's engine applies is accepted: query
 * conditions ({@code pattern} with {@code anchoring} is/startsWith/endsWith/contains, the pattern possibly holding
 * {@code {facet:attr}} placeholders; {@code context}), consequence {@code params} (a {@code query} string or edits,
 * {@code automaticFacetFilters} and {@code automaticOptionalFacetFilters}, each an array of facet names or of
 * {@code {facet, disjunctive, negative, score}}), {@code promote}, {@code hide}, {@code filterPromotes},
 * {@code userData}, and {@code enabled}, {@code description}, {@code validity}, {@code tags}. The other
 * {@code params} must be search parameters of a type and in a range a search takes ({@link RuleParameters}), so
 * that a saved rule never makes a search fail. Anything else
 * (condition filters, alternatives, {@code renderingContent}, redirects, unknown members) is refused with a 400
 * at save time, so a rule never silently does nothing; so are the shapes that would do nothing or something
 * else than written: a promotion or hiding of an empty objectID, an empty {@code objectIDs}, a negative
 * position, query edits other than {@code remove} (words) and {@code edits} (remove, or replace with an
 * {@code insert}), and a context holding anything but letters, digits, {@code _} and {@code -}. A facet
 * listed in {@code automaticFacetFilters} or {@code automaticOptionalFacetFilters} is not checked against the
 * placeholders: one no placeholder recognised adds nothing at search time.
 */
public final class Rules {

    private static final Set<String> ANCHORINGS = Set.of("is", "startsWith", "endsWith", "contains");
    private static final Set<String> RULE_MEMBERS =
            Set.of("objectID", "conditions", "condition", "consequence", "enabled", "description", "validity", "tags");
    private static final Set<String> CONDITION_MEMBERS = Set.of("pattern", "anchoring", "context", "alternatives");
    private static final Set<String> CONSEQUENCE_MEMBERS =
            Set.of("params", "promote", "hide", "filterPromotes", "userData");
    private static final Set<String> UNSUPPORTED_PARAMS = Set.of("renderingContent");
    private static final List<String> AUTOMATIC_FILTER_PARAMS =
            List.of("automaticFacetFilters", "automaticOptionalFacetFilters");
    private static final Set<String> AUTOMATIC_FILTER_MEMBERS = Set.of("facet", "disjunctive", "negative", "score");
    private static final Set<String> VALIDITY_MEMBERS = Set.of("from", "until");
    private static final Set<String> PROMOTE_MEMBERS = Set.of("objectID", "objectIDs", "position");
    private static final Set<String> QUERY_EDIT_MEMBERS = Set.of("remove", "edits");
    private static final Set<String> EDIT_MEMBERS = Set.of("type", "delete", "insert");
    private static final Pattern FACET_PLACEHOLDER = Pattern.compile("\\{facet:\\s*[^{}\\s][^{}]*}");

    private Rules() {}

    /**
     * {@return it, validated (a legacy single {@code condition} becomes {@code conditions})}
     *
     * @param node a rule as sent
     * @throws ApiException 400 for a malformed or unsupported rule
     */
    public static ObjectNode validate(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw bad("a rule must be a JSON object");
        }
        ObjectNode rule = (ObjectNode) node.deepCopy();
        for (String member : names(rule)) {
            if (!RULE_MEMBERS.contains(member)) {
                throw unsupported("rule member " + member);
            }
        }
        JsonNode id = rule.get("objectID");
        if (id == null || !id.isString() || id.stringValue().isEmpty()) {
            throw bad("objectID must be a non-empty string");
        }
        if (rule.has("condition")) {
            if (rule.has("conditions")) {
                throw bad("use conditions or condition, not both");
            }
            rule.putArray("conditions").add(rule.remove("condition"));
        }
        JsonNode conditions = rule.get("conditions");
        if (conditions != null && !conditions.isNull()) {
            if (!conditions.isArray()) {
                throw bad("conditions must be an array");
            }
            conditions.forEach(Rules::validateCondition);
        }
        JsonNode consequence = rule.get("consequence");
        if (consequence == null || !consequence.isObject()) {
            throw bad("consequence must be an object");
        }
        validateConsequence(consequence);
        if (rule.has("enabled") && !rule.get("enabled").isBoolean()) {
            throw bad("enabled must be a boolean");
        }
        if (rule.has("description") && !rule.get("description").isString()) {
            throw bad("description must be a string");
        }
        JsonNode validity = rule.get("validity");
        if (validity != null
                && (!validity.isArray()
                        || !allMatch(
                                validity,
                                range -> range.isObject()
                                        && VALIDITY_MEMBERS.containsAll(names(range))
                                        && (!range.has("from")
                                                || range.get("from").isIntegralNumber())
                                        && (!range.has("until")
                                                || range.get("until").isIntegralNumber())))) {
            // A range may leave out either end, or both: open from the beginning, with no end, or always.
            throw bad("validity must be an array of {from, until} Unix timestamps (either may be left out)");
        }
        return rule;
    }

    private static void validateCondition(JsonNode condition) {
        if (!condition.isObject()) {
            throw bad("each condition must be an object");
        }
        for (String member : names(condition)) {
            if (member.equals("filters")) {
                throw unsupported("conditions on filters");
            }
            if (!CONDITION_MEMBERS.contains(member)) {
                throw unsupported("condition member " + member);
            }
        }
        JsonNode pattern = condition.get("pattern");
        if (pattern != null) {
            if (!pattern.isString()) {
                throw bad("pattern must be a string");
            }
            if (FACET_PLACEHOLDER.matcher(pattern.stringValue()).replaceAll(" ").contains("{facet:")) {
                throw bad("a facet placeholder must read {facet:attribute}");
            }
            String anchoring = condition.path("anchoring").asString("");
            if (!ANCHORINGS.contains(anchoring)) {
                throw bad("anchoring must be one of is, startsWith, endsWith, contains");
            }
        } else if (condition.has("anchoring")) {
            throw bad("anchoring needs a pattern");
        }
        if (condition.has("context") && !isContext(condition.get("context"))) {
            throw bad("context must be a non-empty string of letters, digits, _ and -");
        }
        JsonNode alternatives = condition.get("alternatives");
        if (alternatives != null && !alternatives.isBoolean()) {
            throw bad("alternatives must be a boolean");
        }
        if (alternatives != null && alternatives.booleanValue()) {
            throw unsupported("alternatives");
        }
        if (pattern == null && !condition.has("context")) {
            throw bad("a condition needs a pattern or a context");
        }
    }

    private static void validateConsequence(JsonNode consequence) {
        for (String member : names(consequence)) {
            if (!CONSEQUENCE_MEMBERS.contains(member)) {
                throw unsupported("consequence member " + member);
            }
        }
        JsonNode params = consequence.get("params");
        if (params != null) {
            if (!params.isObject()) {
                throw bad("consequence.params must be an object");
            }
            for (String name : names(params)) {
                if (UNSUPPORTED_PARAMS.contains(name)) {
                    throw unsupported("consequence parameter " + name);
                }
            }
            for (String name : AUTOMATIC_FILTER_PARAMS) {
                JsonNode automatic = params.get(name);
                if (automatic != null && (!automatic.isArray() || !allMatch(automatic, Rules::isAutomaticFilter))) {
                    throw bad(name + " must be an array of facet names or of {facet, disjunctive, negative, score}");
                }
            }
            JsonNode query = params.get("query");
            if (query != null && !query.isString() && !(query.isObject() && isQueryEdit(query))) {
                throw bad("consequence.params.query must be a string or {remove, edits}: remove a list of words,"
                        + " edits a list of {type: remove or replace, delete, insert (with replace only)}");
            }
            if (query != null && isLongerThanAQuery(query)) {
                throw bad("consequence.params.query: a replacement query or an insert longer than "
                        + SearchOptions.MAX_QUERY_LENGTH + " characters, which no search takes");
            }
            try {
                RuleParameters.check((ObjectNode) params);
            } catch (EngineException refused) {
                throw bad("consequence.params: " + refused.getMessage());
            }
        }
        JsonNode promote = consequence.get("promote");
        if (promote != null && (!promote.isArray() || !allMatch(promote, Rules::isPromotion))) {
            throw bad("promote must be an array of {objectID, position} or {objectIDs, position}: non-empty"
                    + " objectIDs, a position of 0 or more");
        }
        JsonNode hide = consequence.get("hide");
        if (hide != null
                && (!hide.isArray()
                        || !allMatch(
                                hide,
                                item -> item.isObject() && item.size() == 1 && isObjectID(item.get("objectID"))))) {
            throw bad("hide must be an array of {objectID}, each a non-empty string");
        }
        if (consequence.has("filterPromotes")
                && !consequence.get("filterPromotes").isBoolean()) {
            throw bad("filterPromotes must be a boolean");
        }
    }

    /**
     * Searches rules: {@code query} as a case-insensitive substring of the objectID, description, condition
     * patterns and contexts; optional {@code anchoring}, {@code context} and {@code enabled} filters; paging.
     *
     * @param rules the index's rules
     * @param request {@code {query, anchoring, context, enabled, page, hitsPerPage}}
     * @return {@code {"hits", "nbHits", "page", "nbPages"}}
     */
    public static ObjectNode search(List<ObjectNode> rules, ObjectNode request) {
        String query = BodyMembers.text(request, "query");
        String anchoring = BodyMembers.text(request, "anchoring");
        String context = BodyMembers.text(request, "context");
        JsonNode enabled = request.get("enabled");
        if (enabled != null && !enabled.isNull() && !enabled.isBoolean()) {
            throw ApiException.badRequest("enabled must be a boolean");
        }
        int page = BodyMembers.integer(request, "page", 0, 0, Integer.MAX_VALUE);
        int hitsPerPage = BodyMembers.integer(request, "hitsPerPage", 20, 1, 1000);
        List<ObjectNode> matching = new ArrayList<>();
        for (ObjectNode rule : rules) {
            StringBuilder text = new StringBuilder(rule.path("objectID").asString(""))
                    .append('\n')
                    .append(rule.path("description").asString(""));
            boolean anchoringMatches = anchoring.isEmpty();
            boolean contextMatches = context.isEmpty();
            for (JsonNode condition : rule.path("conditions")) {
                text.append('\n')
                        .append(condition.path("pattern").asString(""))
                        .append('\n')
                        .append(condition.path("context").asString(""));
                anchoringMatches |= anchoring.equals(condition.path("anchoring").asString(""));
                contextMatches |= context.equals(condition.path("context").asString(""));
            }
            boolean enabledMatches = enabled == null
                    || enabled.isNull()
                    || enabled.asBoolean() == rule.path("enabled").asBoolean(true);
            if (TextSearch.indexOfIgnoreCase(text.toString(), query) >= 0
                    && anchoringMatches
                    && contextMatches
                    && enabledMatches) {
                matching.add(rule);
            }
        }
        return HitPage.of(matching, page, hitsPerPage, ObjectNode::deepCopy);
    }

    /** A replacement, or one insert, that could never be a whole query (a rule's edits are cut to fit). */
    private static boolean isLongerThanAQuery(JsonNode query) {
        if (query.isString()) {
            return query.stringValue().length() > SearchOptions.MAX_QUERY_LENGTH;
        }
        return !allMatch(
                query.path("edits"),
                edit -> edit.path("insert").asString("").length() <= SearchOptions.MAX_QUERY_LENGTH);
    }

    private static boolean isPromotion(JsonNode item) {
        if (!item.isObject()
                || !PROMOTE_MEMBERS.containsAll(names(item))
                || !item.path("position").isIntegralNumber()
                || item.get("position").bigIntegerValue().signum() < 0
                || item.has("objectID") == item.has("objectIDs")) {
            return false;
        }
        JsonNode ids = item.get("objectIDs");
        return ids == null
                ? isObjectID(item.get("objectID"))
                : ids.isArray() && !ids.isEmpty() && allMatch(ids, Rules::isObjectID);
    }

    private static boolean isObjectID(JsonNode id) {
        return id != null && id.isString() && !id.stringValue().isEmpty();
    }

    private static boolean isQueryEdit(JsonNode query) {
        JsonNode remove = query.get("remove");
        JsonNode edits = query.get("edits");
        return QUERY_EDIT_MEMBERS.containsAll(names(query))
                && (remove == null || (remove.isArray() && allMatch(remove, JsonNode::isString)))
                && (edits == null || (edits.isArray() && allMatch(edits, Rules::isEdit)));
    }

    private static boolean isEdit(JsonNode edit) {
        if (!edit.isObject()
                || !EDIT_MEMBERS.containsAll(names(edit))
                || !edit.path("delete").isString()) {
            return false;
        }
        return switch (edit.path("type").asString("")) {
            case "remove" -> !edit.has("insert");
            case "replace" -> edit.path("insert").isString();
            default -> false;
        };
    }

    /** Letters, digits, {@code _} and {@code -}: the text a context may hold, scanned once. */
    private static boolean isContext(JsonNode context) {
        return context.isString() && isContext(context.stringValue());
    }

    /** As {@link #isContext(JsonNode)} for its text; package-private so that a test can count the reads. */
    static boolean isContext(CharSequence context) {
        if (context.isEmpty()) {
            return false;
        }
        return context.chars()
                .allMatch(c -> (c >= 'a' && c <= 'z')
                        || (c >= 'A' && c <= 'Z')
                        || (c >= '0' && c <= '9')
                        || c == '_'
                        || c == '-');
    }

    private static boolean isAutomaticFilter(JsonNode entry) {
        if (entry.isString()) {
            return !entry.stringValue().isBlank();
        }
        return entry.isObject()
                && AUTOMATIC_FILTER_MEMBERS.containsAll(names(entry))
                && entry.path("facet").isString()
                && !entry.path("facet").stringValue().isBlank()
                && (!entry.has("disjunctive") || entry.get("disjunctive").isBoolean())
                && (!entry.has("negative") || entry.get("negative").isBoolean())
                && (!entry.has("score") || entry.get("score").isIntegralNumber());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> property : object.properties()) {
            names.add(property.getKey());
        }
        return names;
    }

    private static boolean allMatch(JsonNode array, Predicate<JsonNode> test) {
        for (JsonNode item : array) {
            if (!test.test(item)) {
                return false;
            }
        }
        return true;
    }

    private static ApiException bad(String why) {
        return ApiException.badRequest("Invalid rule: " + why);
    }

    private static ApiException unsupported(String what) {
        return ApiException.badRequest("Rule not supported by the mock server: " + what);
    }
}
