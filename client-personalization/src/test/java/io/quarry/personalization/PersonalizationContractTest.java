package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.Region;
import io.quarry.core.UnauthorizedException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.StrategyUpdated;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The four personalization endpoints through the client, against the mock server. */
class PersonalizationContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final PersonalizationClient client =
            PersonalizationClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private static final PersonalizationStrategy STRATEGY = PersonalizationStrategy.of(
            List.of(
                    EventScoring.of("Product viewed", EventType.VIEW, 10),
                    EventScoring.of("Added to cart", EventType.CONVERSION, 50),
                    EventScoring.of("Clicked", EventType.CLICK, 20)),
            List.of(FacetScoring.of("brand", 100), FacetScoring.of("color", 40)),
            75);

    @Test
    void setsAndReadsTheStrategy() throws Exception {
        assertThatThrownBy(client::getStrategy).isInstanceOf(NotFoundException.class);

        StrategyUpdated updated = client.setStrategy(STRATEGY);

        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.message()).isEqualTo("Strategy was successfully updated.");
        assertThat(client.getStrategy()).isEqualTo(STRATEGY);
        assertThat(client.setStrategyAsync(STRATEGY.withPersonalizationImpact(0))
                        .get()
                        .status())
                .isEqualTo(200);
        assertThat(client.getStrategyAsync().get().personalizationImpact()).isZero();
    }

    @Test
    void aUserWithoutEventsHasNoProfileToReadOrDelete() {
        client.setStrategy(STRATEGY);

        assertThatThrownBy(() -> client.getUserProfile("user-without-events"))
                .isInstanceOf(NotFoundException.class)
                .hasMessageContaining("GET /1/profiles/personalization/user-without-events");
        assertThatThrownBy(() -> client.deleteUserProfile("user-without-events"))
                .isInstanceOf(NotFoundException.class)
                .hasMessageContaining("DELETE /1/profiles/user-without-events");
        assertThat(client.getUserProfileAsync("user-without-events"))
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableThat()
                .withCauseInstanceOf(NotFoundException.class);
    }

    @Test
    void badInputIsRefusedBeforeAnyCall() {
        assertThatThrownBy(() -> client.setStrategy(STRATEGY.withPersonalizationImpact(101)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("personalizationImpact");
        assertThatThrownBy(() -> client.setStrategy(new PersonalizationStrategy(
                        List.of(EventScoring.of("x", EventType.of("purchase"), 10)), List.of(), 10)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("eventsScoring[0].eventType");
        assertThatThrownBy(() -> client.setStrategy(
                        new PersonalizationStrategy(List.of(), List.of(FacetScoring.of(" ", 10)), 10)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("facetsScoring[0].facetName");
        assertThatThrownBy(() -> client.getUserProfile("not a token"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("userToken");
        assertThatThrownBy(client::getStrategy).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aWrongKeyIsUnauthorized() {
        try (PersonalizationClient wrongKey =
                PersonalizationClient.create(MockServerClients.config(MOCK.server(), "not-a-key"), Region.EU)) {
            assertThatThrownBy(wrongKey::getStrategy).isInstanceOf(UnauthorizedException.class);
        }
    }
}
