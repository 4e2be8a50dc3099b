package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user's profile: facet name to facet value to score (each bounded to {@value #MAX_SCORE}, at most
 * {@value #MAX_VALUES} values a facet), and the time of the user's last event.
 *
 * @param userToken the user
 * @param lastEventAtMillis the last counted event, epoch milliseconds
 * @param scores facet name to value to score, in a stable order
 */
record Profile(String userToken, long lastEventAtMillis, Map<String, Map<String, Integer>> scores) {

    /** The most a facet value scores. */
    static final int MAX_SCORE = 20;

    /**
     * The most values a facet keeps, the highest scores (ties in value order): a record may hold thousands of
     * values in one attribute, and each kept value is an optional filter on the user's searches.
     */
    static final int MAX_VALUES = 1000;

    /** {@return the profile as the service returns it} */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("userToken", userToken);
        json.put("lastEventAt", Timestamps.iso(lastEventAtMillis));
        ObjectNode scoresJson = json.putObject("scores");
        scores.forEach((facet, values) -> {
            ObjectNode facetJson = scoresJson.putObject(facet);
            values.forEach(facetJson::put);
        });
        return json;
    }

    /**
     * The profile as optional filters, the common way to apply it: {@code facet:value<score=N>} with
     * N = floor(score x facetScore / 100); filters scoring 0 are left out. The facet is written so that the filter
     * names it whole ({@code \:} for a colon, {@code \\} for a backslash, {@code \-} for a leading minus), and a
     * value starting with {@code -} is escaped as {@code \-}.
     *
     * @param strategy the strategy giving each facet's score
     * @param max the most filters wanted
     * @return the filters, at most {@code max}: the highest N first, ties in facet then value order
     */
    List<String> optionalFilters(Strategy strategy, int max) {
        List<Weighted> weighted = new ArrayList<>();
        scores.forEach((facet, values) -> {
            int facetScore = strategy.facetScore(facet);
            values.forEach((value, score) -> {
                // in long: scores have no upper bound, and at most 20 x a 32-bit score / 100 fits in nine digits
                long weight = (long) score * facetScore / 100;
                if (weight > 0) {
                    weighted.add(new Weighted(facet, value, weight));
                }
            });
        });
        // a stable sort: ties keep the facet then value order
        weighted.sort(Comparator.comparingLong(Weighted::weight).reversed());
        List<String> filters = new ArrayList<>();
        for (Weighted filter : weighted.subList(0, Math.max(0, Math.min(max, weighted.size())))) {
            // a leading '-' would read as a negation
            String text = filter.value().startsWith("-") ? "\\" + filter.value() : filter.value();
            filters.add(facetName(filter.facet()) + ":" + text + "<score=" + filter.weight() + ">");
        }
        return filters;
    }

    /** {@return the facet as a filter writes it: a colon would end it, a leading minus negate the filter} */
    private static String facetName(String facet) {
        String escaped = facet.replace("\\", "\\\\").replace(":", "\\:");
        return escaped.startsWith("-") ? "\\" + escaped : escaped;
    }

    private record Weighted(String facet, String value, long weight) {}
}
