package io.quarry.search.model;

import java.util.List;

/**
 * What a rule does: search parameters it applies (including query edits, such as
 * {@code SearchQuery.of().param("query", Map.of("edits", ...))}), records it pins or hides, and custom data it
 * returns with the response. Immutable; each method returns a copy.
 *
 * @param params   search parameters applied (e.g. {@code filters}), or null
 * @param promote  records pinned at positions, or null
 * @param hide     records removed from the results, or null
 * @param userData custom data returned with the response, or null
 */
public record RuleConsequence(SearchQuery params, List<Promotion> promote, List<HiddenRecord> hide, Object userData) {

    /**
     * A consequence applying search parameters.
     *
     * @param params the parameters
     * @return the consequence
     */
    public static RuleConsequence params(SearchQuery params) {
        return new RuleConsequence(params, null, null, null);
    }

    /**
     * A consequence pinning records.
     *
     * @param promotions the records and positions
     * @return the consequence
     */
    public static RuleConsequence promote(Promotion... promotions) {
        return new RuleConsequence(null, List.of(promotions), null, null);
    }

    /**
     * A consequence hiding records.
     *
     * @param objectIDs the records
     * @return the consequence
     */
    public static RuleConsequence hide(String... objectIDs) {
        return new RuleConsequence(
                null,
                null,
                java.util.Arrays.stream(objectIDs).map(HiddenRecord::new).toList(),
                null);
    }

    /**
     * Sets {@code params}.
     *
     * @param query the parameters applied
     * @return a copy
     */
    public RuleConsequence withParams(SearchQuery query) {
        return new RuleConsequence(query, promote, hide, userData);
    }

    /**
     * Sets {@code promote}.
     *
     * @param promotions the records pinned
     * @return a copy
     */
    public RuleConsequence withPromotions(Promotion... promotions) {
        return new RuleConsequence(params, List.of(promotions), hide, userData);
    }

    /**
     * Sets {@code hide}.
     *
     * @param objectIDs the records hidden
     * @return a copy
     */
    public RuleConsequence withHidden(String... objectIDs) {
        return new RuleConsequence(
                params,
                promote,
                java.util.Arrays.stream(objectIDs).map(HiddenRecord::new).toList(),
                userData);
    }

    /**
     * Sets {@code userData}.
     *
     * @param data custom data returned with the response (any JSON-serialisable value)
     * @return a copy
     */
    public RuleConsequence withUserData(Object data) {
        return new RuleConsequence(params, promote, hide, data);
    }
}
