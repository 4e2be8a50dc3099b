package io.quarry.personalization;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to every personalization call: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final PersonalizationClient client = PersonalizationClient.create(
            MockServerClients.config(MOCK.server()).toBuilder()
                    .hosts(Host.of(WireMockClients.url(WM)))
                    .build(),
            Region.US);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        PersonalizationStrategy strategy = PersonalizationStrategy.of(
                List.of(
                        EventScoring.of("Viewed", EventType.VIEW, 10),
                        EventScoring.of("Bought", EventType.CONVERSION, 50)),
                List.of(FacetScoring.of("brand", 100), FacetScoring.of("color", 40)),
                75);

        MutatedAnswers.of(WM, MOCK.server().url())
                // a profile needs a user's events first, which this module cannot send
                .answer(
                        "GET",
                        "/1/profiles/personalization/u1",
                        "{\"userToken\":\"u1\",\"lastEventAt\":\"2026-11-28T10:00:00Z\","
                                + "\"scores\":{\"brand\":{\"acme\":12,\"zeta\":3},\"color\":{\"red\":1}}}")
                .answer("DELETE", "/1/profiles/u1", "{\"userToken\":\"u1\",\"deletedUntil\":\"2026-11-29T10:00:00Z\"}")
                .call("setStrategy", () -> client.setStrategy(strategy))
                .call("getStrategy", () -> client.getStrategy())
                .call("getStrategyAsync", () -> client.getStrategyAsync().join())
                .call("getUserProfile", () -> client.getUserProfile("u1"))
                .call("deleteUserProfile", () -> client.deleteUserProfile("u1"))
                .fractions("$.scores.*.*")
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
