package io.quarry.search.model;

import java.util.List;
import java.util.Map;

/**
 * What a rule does.
 *
 * @param params   search parameters applied (e.g. {@code filters})
 * @param promote  records to pin: each {@code {objectID, position}} or {@code {objectIDs, position}}
 * @param hide     records to hide: each {@code {objectID}}
 * @param userData custom data returned with the response
 */
public record RuleConsequence(
        SearchQuery params, List<Map<String, Object>> promote, List<Map<String, Object>> hide, Object userData) {

    /**
     * A consequence applying search parameters.
     *
     * @param params the parameters
     * @return the consequence
     */
    public static RuleConsequence params(SearchQuery params) {
        return new RuleConsequence(params, null, null, null);
    }
}
