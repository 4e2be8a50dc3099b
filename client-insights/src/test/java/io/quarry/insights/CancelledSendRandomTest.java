package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code sendAsync} of several calls' worth of events cancelled while a seeded random one of its calls is held in
 * flight by the mock server: the future is cancelled at once, the held call ends then rather than with its late
 * answer, no later call is made, and each observed call ends once. Before, the calls after the cancel were all
 * still made.
 */
@Timeout(20)
class CancelledSendRandomTest {

    private static final long SEED = 20_261_129L;
    private static final int CASES = 3;
    /**
     * Far longer than a case waits for the ends, so an end that comes only with the late answer fails it; the
     * case's client waits longer still ({@link #LATE}), so no timeout ends a held call that the cancel left running.
     */
    private static final Duration HELD = Duration.ofSeconds(60);

    /** The read and write timeouts of a case's client: past {@link #HELD}. */
    private static final Duration LATE = HELD.multipliedBy(2);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @Test
    void aCancelledSendStopsAtTheCallInFlight() throws Exception {
        Random random = new Random(SEED);
        for (int n = 0; n < CASES; n++) {
            int calls = 2 + random.nextInt(3);
            int held = random.nextInt(calls - 1); // a call with one after it
            boolean mayInterrupt = random.nextBoolean();
            String what = "case " + n + " (seed " + SEED + "): " + calls + " calls, call " + (held + 1)
                    + " held, cancel(" + mayInterrupt + ")";
            RecordingObserver observer = new RecordingObserver();
            try (InsightsClient insights = InsightsClient.create(
                    MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                            .callObserver(observer)
                            .readTimeout(LATE)
                            .writeTimeout(LATE)
                            .build())) {
                MOCK.faults().clear();
                if (held > 0) {
                    MOCK.faults().next(held, "POST", "/1/events", Fault.delay(Duration.ZERO));
                }
                MOCK.faults().share(1.0, SEED, "POST", "/1/events", Fault.delay(HELD));

                long before = host().requestCount();
                CompletableFuture<?> sent = insights.sendAsync(events(calls * EventRules.MAX_EVENTS_PER_CALL));
                // on the host, not only started: a request cancelled on its way may still reach the host after the
                // cancel, and take the next case's faults (its first call then held, and no second one made)
                Eventually.waitUntil(
                        what + ": the held call to reach the host", () -> host().requestCount() == before + held + 1);
                assertThat(sent.cancel(mayInterrupt)).as(what).isTrue();

                Eventually.waitUntil(
                        what + ": every call ended, the one in flight too",
                        () -> observer.calls().stream().allMatch(c -> c.end() != null));
                assertThat(sendEvents(observer)).as(what + ": the calls made").hasSize(held + 1);
                assertThat(observer.calls()).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
            }
        }
    }

    private static MockHost host() {
        return MOCK.server().hosts().get(0);
    }

    private static List<RecordingObserver.Call> sendEvents(RecordingObserver observer) {
        return observer.calls("sendEvents");
    }

    private static List<InsightsEvent> events(int count) {
        return IntStream.range(0, count)
                .mapToObj(
                        i -> InsightsEvent.view("Viewed", "products", "user-1").objectIDs(List.of("item-" + i)))
                .toList();
    }
}
