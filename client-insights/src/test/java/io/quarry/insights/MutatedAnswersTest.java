package io.quarry.insights;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to the event calls: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final InsightsClient client = InsightsClient.create(MockServerClients.config(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)))
            .build());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MOCK.server().seed("{\"indices\":{\"products\":{\"records\":[{\"objectID\":\"a\",\"name\":\"shoe\"}]}}}");
        List<InsightsEvent> events = List.of(
                InsightsEvent.view("Seen", "products", "user-1").objectIDs(List.of("a")),
                InsightsEvent.view("Seen", "products", "user-2").objectIDs(List.of("a")));

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("send", () -> client.send(events))
                .call("viewedObjectIDs", () -> client.user("user-1").viewedObjectIDs("Seen", "products", List.of("a")))
                .call(
                        "clickedFiltersAsync",
                        () -> client.user("user-1")
                                .clickedFiltersAsync("Filtered", "products", List.of("brand:acme"))
                                .join())
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
