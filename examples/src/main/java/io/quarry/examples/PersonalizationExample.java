package io.quarry.examples;

import io.quarry.core.NotFoundException;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import java.util.List;
import java.util.Map;

/**
 * Personalization: a strategy says which events and facets shape a user's profile; the profile, computed from the
 * user's insights events, then reorders that user's searches made with {@code enablePersonalization}. The service
 * has hosts in each region only, so the client is made for the region of the application's data:
 * {@code PersonalizationClient.create(appId, apiKey, Region.EU)}.
 */
public final class PersonalizationExample {

    private PersonalizationExample() {}

    /**
     * Sets a strategy where clicks and purchases build an affinity for brands, purchases counting double.
     *
     * @param personalization a personalization client (the key needs the {@code recommendation} right)
     */
    public static void personalizeByBrand(PersonalizationClient personalization) {
        personalization.setStrategy(PersonalizationStrategy.of(
                List.of(
                        EventScoring.of("Product Clicked", EventType.CLICK, 50),
                        EventScoring.of("Product Purchased", EventType.CONVERSION, 100)),
                List.of(FacetScoring.of("brand", 100)),
                // how much personalization weighs against relevance, 0 to 100
                100));
    }

    /**
     * A user's brand affinities as the profile holds them.
     *
     * @param personalization a personalization client
     * @param userToken       the user
     * @return score per brand; empty when the user has no brand events yet
     */
    public static Map<String, Double> brandScores(PersonalizationClient personalization, String userToken) {
        try {
            UserProfile profile = personalization.getUserProfile(userToken);
            return profile.scores().getOrDefault("brand", Map.of());
        } catch (NotFoundException e) {
            // A user without any event has no profile yet.
            return Map.of();
        }
    }
}
