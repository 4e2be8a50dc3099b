package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A profile becomes optional filters with N = floor(value score x facet score / 100). */
class PersonalizationFiltersTest {

    private static final PersonalizationStrategy STRATEGY = PersonalizationStrategy.of(
            List.of(), List.of(FacetScoring.of("brand", 100), FacetScoring.of("color", 30)), 50);

    private static UserProfile profile() {
        Map<String, Map<String, Double>> scores = new LinkedHashMap<>();
        Map<String, Double> brands = new LinkedHashMap<>();
        brands.put("Acme", 12.0);
        brands.put("-Minus", 3.0);
        scores.put("brand", brands);
        scores.put("color", Map.of("red", 7.0));
        scores.put("size", Map.of("L", 20.0));
        return new UserProfile("u1", Instant.EPOCH, scores);
    }

    @Test
    void weighsEachValueByItsFacetAndSkipsWhatScoresNothing() {
        assertThat(PersonalizationFilters.optionalFilters(profile(), STRATEGY))
                .containsExactly("brand:Acme<score=12>", "brand:\\-Minus<score=3>", "color:red<score=2>");
    }

    @Test
    void onlyPositiveScoresWeighAndAValueCountsAtMostTwenty() {
        Map<String, Map<String, Double>> scores = new LinkedHashMap<>();
        scores.put("brand", Map.of("Acme", 1e300));
        scores.put("color", Map.of("red", -20.0));
        scores.put("size", Map.of("L", Double.NaN));
        PersonalizationStrategy strategy = new PersonalizationStrategy(
                List.of(),
                List.of(
                        FacetScoring.of("brand", Integer.MAX_VALUE),
                        FacetScoring.of("color", -100),
                        FacetScoring.of("size", 100)),
                50);

        // 20 x 2147483647 / 100: nine digits, as a search takes; -20 x -100 is no affinity
        assertThat(PersonalizationFilters.optionalFilters(new UserProfile("u1", Instant.EPOCH, scores), strategy))
                .containsExactly("brand:Acme<score=429496729>");
    }

    @Test
    void anImpactOfZeroGivesNoFilter() {
        assertThat(PersonalizationFilters.optionalFilters(profile(), STRATEGY.withPersonalizationImpact(0)))
                .isEmpty();
    }
}
