package io.quarry.search.model;

import io.quarry.core.spi.CopyOnWrite;
import java.util.List;
import java.util.Objects;

/**
 * What a rule does: search parameters it applies (including query edits, such as
 * {@code SearchQuery.of().param("query", Map.of("edits", ...))}), records it pins or hides, and custom data it
 * returns with the response. Immutable; each method returns a copy.
 *
 * @param params   search parameters applied (e.g. {@code filters}), or null
 * @param promote  records pinned at positions, or null
 * @param hide     records removed from the results, or null
 * @param userData custom data returned with the response, or null; a map, list or array in it is kept as an
 *     unmodifiable copy, all the way down
 * @param filterPromotes whether promoted records must also pass the search's filters to be shown (null means the
 *     service default, false)
 */
public record RuleConsequence(
        SearchQuery params, List<Promotion> promote, List<HiddenRecord> hide, Object userData, Boolean filterPromotes) {

    /**
     * Keeps unmodifiable copies of the lists, and of {@code userData} all the way down.
     *
     * @param params see the record description
     * @param promote see the record description
     * @param hide see the record description
     * @param userData see the record description
     * @param filterPromotes see the record description
     */
    public RuleConsequence {
        promote = Copies.list(promote);
        hide = Copies.list(hide);
        userData = CopyOnWrite.unmodifiable(userData);
    }

    /**
     * A consequence applying search parameters.
     *
     * @param params the parameters; null for none, an empty consequence that its withers complete
     *     ({@code RuleConsequence.params(null).withUserData(banner)})
     * @return the consequence
     */
    public static RuleConsequence params(SearchQuery params) {
        return new RuleConsequence(params, null, null, null, null);
    }

    /**
     * A consequence pinning records.
     *
     * @param promotions the records and positions
     * @return the consequence
     */
    public static RuleConsequence promote(Promotion... promotions) {
        return new RuleConsequence(null, List.of(Objects.requireNonNull(promotions, "promotions")), null, null, null);
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
                java.util.Arrays.stream(Objects.requireNonNull(objectIDs, "objectIDs"))
                        .map(HiddenRecord::new)
                        .toList(),
                null,
                null);
    }

    /**
     * Sets {@code params}.
     *
     * @param query the parameters applied
     * @return a copy
     */
    public RuleConsequence withParams(SearchQuery query) {
        return new RuleConsequence(query, promote, hide, userData, filterPromotes);
    }

    /**
     * Sets {@code promote}.
     *
     * @param promotions the records pinned
     * @return a copy
     */
    public RuleConsequence withPromotions(Promotion... promotions) {
        return new RuleConsequence(
                params, List.of(Objects.requireNonNull(promotions, "promotions")), hide, userData, filterPromotes);
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
                java.util.Arrays.stream(Objects.requireNonNull(objectIDs, "objectIDs"))
                        .map(HiddenRecord::new)
                        .toList(),
                userData,
                filterPromotes);
    }

    /**
     * Sets {@code userData}.
     *
     * @param data custom data returned with the response (any JSON-serialisable value)
     * @return a copy
     */
    public RuleConsequence withUserData(Object data) {
        return new RuleConsequence(params, promote, hide, data, filterPromotes);
    }

    /**
     * Sets {@code filterPromotes}: whether promoted records must also pass the search's filters to be shown.
     *
     * @param on whether they must
     * @return a copy
     */
    public RuleConsequence withFilterPromotes(boolean on) {
        return new RuleConsequence(params, promote, hide, userData, on);
    }
}
