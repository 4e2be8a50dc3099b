package io.quarry.personalization.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** A profile's score reads as an OptionalDouble, as every number that may be absent does. */
class UserProfileScoreTest {

    @Test
    void aScoreHeldReadsBackAndOneNotHeldIsEmpty() {
        Map<String, Double> brand = new HashMap<>();
        brand.put("Acme", 3.0);
        brand.put("Nobody", null); // a member the service sent as null
        UserProfile profile = new UserProfile("u1", Instant.EPOCH, Map.of("brand", brand));

        OptionalDouble acme = profile.score("brand", "Acme");
        assertThat(acme.getAsDouble()).isEqualTo(3.0);
        assertThat(profile.score("brand", "Nobody")).isEmpty();
        assertThat(profile.score("brand", "Other")).isEmpty();
        assertThat(profile.score("color", "red")).isEmpty();
    }
}
