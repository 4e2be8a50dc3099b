package io.quarry.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code clusterHealthAsync} cancelled while one of its three calls, at seeded random, is held in flight by the
 * mock server: the future is cancelled at once, the held call ends then rather than with its late answer, and each
 * observed call (the composite call and its three) ends once. Before, the three calls ran on to their answers.
 */
@Timeout(20)
class CancelledClusterHealthRandomTest {

    private static final long SEED = 20_261_132L;
    private static final int CASES = 2;
    /**
     * Far longer than a case waits for the ends, so an end that comes only with the late answer fails it; the
     * case's client waits longer still ({@link #LATE}), so no timeout ends a held call that the cancel left running.
     */
    private static final Duration HELD = Duration.ofSeconds(60);

    /** The read and write timeouts of a case's client: past {@link #HELD}. */
    private static final Duration LATE = HELD.multipliedBy(2);

    /** The operations of the three calls, each with the paths its tries go to. */
    private static final List<Map.Entry<String, String>> CALLS = List.of(
            Map.entry("status", "/1/status/**"),
            Map.entry("incidents", "/1/incidents/**"),
            Map.entry("latency", "/1/latency/**"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @Test
    void aCancelledReportCancelsItsCallsInFlight() throws Exception {
        Random random = new Random(SEED);
        for (int n = 0; n < CASES; n++) {
            Map.Entry<String, String> held = CALLS.get(random.nextInt(CALLS.size()));
            boolean mayInterrupt = random.nextBoolean();
            String what =
                    "case " + n + " (seed " + SEED + "): " + held.getKey() + " held, cancel(" + mayInterrupt + ")";
            RecordingObserver observer = new RecordingObserver();
            try (MonitoringClient monitoring =
                    MonitoringClient.create(MockServerClients.monitoringConfig(MOCK.server()).toBuilder()
                            .callObserver(observer)
                            .readTimeout(LATE)
                            .writeTimeout(LATE)
                            .build())) {
                MOCK.faults().clear();
                MOCK.faults().share(1.0, SEED, "GET", held.getValue(), Fault.delay(HELD));

                CompletableFuture<?> report = monitoring.clusterHealthAsync(List.of("mock-cluster-1"));
                Eventually.waitUntil(
                        what + ": the held call started",
                        () -> observer.calls(held.getKey()).stream()
                                .anyMatch(c -> !c.tryStarts().isEmpty()));
                assertThat(report.cancel(mayInterrupt)).as(what).isTrue();

                assertThat(report).as(what).isCancelled();
                Eventually.waitUntil(
                        what + ": every call ended, the one in flight too",
                        () -> observer.calls().stream().allMatch(c -> c.end() != null));
                assertThat(observer.calls()).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
                assertThat(observer.calls("clusterHealth"))
                        .as(what + ": the composite call")
                        .hasSize(1);
            }
        }
    }
}
