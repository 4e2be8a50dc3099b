package io.quarry.personalization;

import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Applies a profile to a search the common way: each scored facet value of the profile becomes an optional filter
 * {@code facet:value<score=N>}, with N = floor(value score x facet score / 100) and the facet score taken from the
 * strategy. Optional filters rank the records holding the user's preferred values first without excluding any.
 *
 * <pre>{@code
 * List<String> filters = PersonalizationFilters.optionalFilters(profile, strategy);
 * index.search(SearchQuery.of("phone").param("optionalFilters", filters), Product.class);
 * }</pre>
 * No call is made. Facets the strategy does not score or scores 0 or less, and values whose N is 0 or less, give
 * no filter; a value score above {@link UserProfile#MAX_VALUE_SCORE} counts as that bound, so that N stays within
 * what a search takes. A value starting with {@code -} is escaped as {@code \-} so that it is not read as a
 * negation, and the facet is written so that the filter names it whole: a colon in it as {@code \:} (the first
 * colon no backslash escapes ends the facet), a backslash as {@code \\} and a leading {@code -} as {@code \-}
 * ({@code meta:brand} gives {@code meta\:brand:acme<score=5>}). An impact of 0 in the strategy gives no filter at
 * all.
 */
public final class PersonalizationFilters {

    private PersonalizationFilters() {}

    /**
     * The profile as optional filters, in the profile's order.
     *
     * @param profile  the user's profile
     * @param strategy the strategy scoring its facets
     * @return the filters, usable as a search's {@code optionalFilters}; empty when nothing applies
     */
    public static List<String> optionalFilters(UserProfile profile, PersonalizationStrategy strategy) {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(strategy, "strategy");
        List<String> filters = new ArrayList<>();
        if (strategy.personalizationImpact() == 0) {
            return filters;
        }
        for (Map.Entry<String, Map<String, Double>> facet : profile.scores().entrySet()) {
            int facetScore = strategy.facetScore(facet.getKey());
            for (Map.Entry<String, Double> value : facet.getValue().entrySet()) {
                long weight = weight(value.getValue(), facetScore);
                if (weight > 0) {
                    String text = value.getKey().startsWith("-") ? "\\" + value.getKey() : value.getKey();
                    filters.add(facetName(facet.getKey()) + ":" + text + "<score=" + weight + ">");
                }
            }
        }
        return List.copyOf(filters);
    }

    /** {@return the facet as a filter writes it: a colon would end it, a leading minus negate the filter} */
    private static String facetName(String facet) {
        String escaped = facet.replace("\\", "\\\\").replace(":", "\\:");
        return escaped.startsWith("-") ? "\\" + escaped : escaped;
    }

    /** N, or 0 when either score is not positive (two negative scores would make a positive one). */
    private static long weight(Double valueScore, int facetScore) {
        if (valueScore == null || !(valueScore > 0) || facetScore <= 0) {
            return 0;
        }
        return (long) Math.floor(Math.min(valueScore, UserProfile.MAX_VALUE_SCORE) * facetScore / 100);
    }
}
