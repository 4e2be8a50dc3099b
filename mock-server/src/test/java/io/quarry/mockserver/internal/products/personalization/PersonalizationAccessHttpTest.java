package io.quarry.mockserver.internal.products.personalization;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The personalization routes need the recommendation right; a refusal is a 401; a reset forgets the strategy. */
class PersonalizationAccessHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void aKeyWithoutTheRecommendationRightIsRefusedWithA401() {
        TestClient searchOnly = client.withKey(client.createKey(jq("{'acl':['search']}")));
        TestClient recommendation = client.withKey(client.createKey(jq("{'acl':['recommendation']}")));

        assertThat(searchOnly.get("/1/strategies/personalization").status()).isEqualTo(401);
        assertThat(searchOnly.get("/1/profiles/personalization/u1").status()).isEqualTo(401);
        assertThat(searchOnly.delete("/1/profiles/u1").status()).isEqualTo(401);
        assertThat(recommendation
                        .post(
                                "/1/strategies/personalization",
                                jq("{'eventsScoring':[],'facetsScoring':[],'personalizationImpact':0}"))
                        .status())
                .isEqualTo(200);
        assertThat(recommendation.get("/1/strategies/personalization").status()).isEqualTo(200);

        MOCK.server().reset();

        assertThat(client.get("/1/strategies/personalization").status()).isEqualTo(404);
    }
}
