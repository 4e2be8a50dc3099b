package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.UnprocessableEntityException;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.insights.model.EventType;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A send whose second call the service refuses (an event type only the service judges): the first call's 1000
 * events are taken, the second call's none, the third is not made. The exception is the refused call's own and
 * tells no count, as the service's answer tells none; a call observer sees which calls succeeded.
 */
@ExtendWith(MockServerExtension.class)
class SendPartialFailureContractTest {

    private static final int EVENTS = 2500;
    private static final int REFUSED = 1100;

    private final RecordingObserver observer = new RecordingObserver();
    private MockServerCalls calls;

    @AutoClose
    private InsightsClient insights;

    @BeforeEach
    void setUp(MockServer server) {
        insights = InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .callObserver(observer)
                .build());
        calls = new MockServerCalls(server);
        server.seed("{\"indices\":{\"products\":{\"settings\":{\"attributesForFaceting\":[\"brand\"]},"
                + "\"records\":[{\"objectID\":\"a\",\"brand\":\"acme\"}]}}}");
        calls.send(
                "POST",
                "/1/strategies/personalization",
                "{'eventsScoring':[{'eventName':'Seen','eventType':'view','score':1}],"
                        + "'facetsScoring':[{'facetName':'brand','score':100}],'personalizationImpact':100}");
    }

    /** One view per user, {@code u0} to {@code u2499}; the one of {@code u1100} has a type the service refuses. */
    private static List<InsightsEvent> views() {
        return IntStream.range(0, EVENTS)
                .mapToObj(i -> InsightsEvent.of(
                                i == REFUSED ? EventType.of("purchase") : EventType.VIEW, "Seen", "products", "u" + i)
                        .objectIDs(List.of("a")))
                .toList();
    }

    @Test
    void theCallsBeforeTheRefusedOneAreTakenAndTheExceptionIsThatCallsOwn() {
        assertThatThrownBy(() -> insights.send(views()))
                .isInstanceOfSatisfying(
                        UnprocessableEntityException.class,
                        e -> assertThat(e.serviceMessage())
                                .as("the service's message, of the refused call alone")
                                .isNotBlank());

        RecordingObserver.Call send = observer.calls("send").get(0);
        List<CallEnd.Outcome> outcomes = observer.calls().stream()
                .filter(c -> c.description().parent() == send)
                .map(c -> c.end().outcome())
                .toList();
        assertThat(outcomes).containsExactly(CallEnd.Outcome.SUCCESS, CallEnd.Outcome.FAILURE);
        // the first call's users have profiles; the refused call's users and those never sent have none
        calls.send("GET", "/1/profiles/personalization/u0", null);
        calls.send("GET", "/1/profiles/personalization/u999", null);
        for (String user : List.of("u1000", "u1099", "u2499")) {
            assertThatThrownBy(() -> calls.send("GET", "/1/profiles/personalization/" + user, null))
                    .as(user)
                    .hasMessageContaining("answered 404");
        }
    }
}
