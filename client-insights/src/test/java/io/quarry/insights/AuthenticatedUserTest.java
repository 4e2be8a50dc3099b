package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A signed-in user's token given null is refused where it is given: the view would otherwise send every event
 * without it, its attribution to the signed-in user lost without a word.
 */
class AuthenticatedUserTest {

    @Test
    void aNullTokenIsRefusedNamingIt() {
        try (InsightsClient client = InsightsClient.create("APP", "key")) {
            InsightsUser user = client.user("anonymous-42");

            assertThatThrownBy(() -> user.authenticated(null))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessage("token");
        }
    }
}
