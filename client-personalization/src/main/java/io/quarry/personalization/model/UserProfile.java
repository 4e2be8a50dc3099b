package io.quarry.personalization.model;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A user's personalization profile: the user's affinity for facet values, built from the user's events.
 *
 * @param userToken   the user
 * @param lastEventAt when the user's last event counted, if the service said
 * @param scores      facet name to facet value to score (each score at most 20); empty when none
 */
public record UserProfile(String userToken, Instant lastEventAt, Map<String, Map<String, Double>> scores) {

    /** The highest score of one facet value. */
    public static final double MAX_VALUE_SCORE = 20;

    /**
     * Copies the scores, keeping their order; absent scores read as empty.
     *
     * @param userToken see the record description
     * @param lastEventAt see the record description
     * @param scores see the record description
     */
    public UserProfile {
        Map<String, Map<String, Double>> copy = new LinkedHashMap<>();
        if (scores != null) {
            scores.forEach((facet, values) -> copy.put(
                    facet, values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values))));
        }
        scores = Collections.unmodifiableMap(copy);
    }

    /**
     * The score of one facet value.
     *
     * @param facetName  the facet
     * @param facetValue the value
     * @return its score, empty when the profile holds none
     */
    public OptionalDouble score(String facetName, String facetValue) {
        Objects.requireNonNull(facetName, "facetName");
        Objects.requireNonNull(facetValue, "facetValue");
        Double score = scores.getOrDefault(facetName, Map.of()).get(facetValue);
        return score == null ? OptionalDouble.empty() : OptionalDouble.of(score);
    }
}
