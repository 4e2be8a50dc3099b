package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user's profile: facet name to facet value to score (each bounded to {@value #MAX_SCORE}), and the time of
 * the user's last event.
 *
 * @param userToken the user
 * @param lastEventAtMillis the last counted event, epoch milliseconds
 * @param scores facet name to value to score, in a stable order
 */
record Profile(String userToken, long lastEventAtMillis, Map<String, Map<String, Integer>> scores) {

    /** The most a facet value scores. */
    static final int MAX_SCORE = 20;

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
     * N = floor(score x facetScore / 100); filters scoring 0 are left out, a value starting with {@code -} is
     * escaped as {@code \-}.
     *
     * @param strategy the strategy giving each facet's score
     * @return the filters
     */
    List<String> optionalFilters(Strategy strategy) {
        List<String> filters = new ArrayList<>();
        scores.forEach((facet, values) -> {
            int facetScore = strategy.facetScore(facet);
            values.forEach((value, score) -> {
                // in long: scores have no upper bound, and at most 20 x a 32-bit score / 100 fits in nine digits
                long weighted = (long) score * facetScore / 100;
                if (weighted > 0) {
                    // a leading '-' would read as a negation
                    String text = value.startsWith("-") ? "\\" + value : value;
                    filters.add(facet + ":" + text + "<score=" + weighted + ">");
                }
            });
        });
        return filters;
    }
}
