package io.quarry.personalization.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A profile's score is looked up by a facet and a value, neither null. */
class UserProfileScoreNullsTest {

    @Test
    void aScoreNamesTheMissingPart() {
        UserProfile profile = new UserProfile("u1", Instant.EPOCH, Map.of("brand", Map.of("Acme", 3.0)));

        assertThatNullPointerException()
                .isThrownBy(() -> profile.score(null, "Acme"))
                .withMessage("facetName");
        assertThatNullPointerException()
                .isThrownBy(() -> profile.score("brand", null))
                .withMessage("facetValue");
    }
}
