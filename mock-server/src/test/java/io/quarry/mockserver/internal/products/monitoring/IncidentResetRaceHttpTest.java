package io.quarry.mockserver.internal.products.monitoring;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.internal.http.ResetGate;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * An incident filed while a reset comes: the incident and the status it sets are wholly before the reset, which
 * erases both, never the status erased and the incident left behind. The incident is held between its two steps
 * (the status set, the incident not yet added) by a clock that stops there, and the reset is sent meanwhile.
 */
@Timeout(30)
// Alone: it looks among the JVM's threads for a reset parked at the gate, which another class's reset could be.
@Isolated
class IncidentResetRaceHttpTest {

    /** The test's own threads for the incident, held in the server, and the reset sent meanwhile, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final String SERVER = "mock-cluster-1-1";

    @Test
    void anIncidentRacingAResetIsErasedWithItsStatus() throws Exception {
        HoldingClock clock = new HoldingClock();
        try (MockServer server = MockServer.builder().clock(clock).start()) {
            TestClient admin = new TestClient(server);
            TestClient monitoring = new TestClient(server, server.applicationId(), server.monitoringKey());

            CompletableFuture<Reply> incident = CompletableFuture.supplyAsync(
                    () -> admin.post(
                            "/_mock/monitoring/incidents",
                            jq("{'server':'" + SERVER + "','status':'major_outage','title':'down','body':'b'}")),
                    threads);
            clock.held.await();
            CompletableFuture<Reply> reset =
                    CompletableFuture.supplyAsync(() -> admin.post("/_mock/reset", null), threads);
            Eventually.waitUntil("the reset to end or to wait for the incident", () -> reset.isDone() || resetWaits());
            clock.release.countDown();

            incident.join().requireOk();
            reset.join().requireOk();
            assertThat(monitoring.get("/1/incidents").requireOk().body().toString())
                    .doesNotContain("down");
            assertThat(monitoring.get("/1/status/" + SERVER).requireOk().body().toString())
                    .doesNotContain("major_outage");
        }
    }

    /** {@return whether a reset is parked at the gate, waiting for the requests that passed it} */
    private static boolean resetWaits() {
        return Thread.getAllStackTraces().entrySet().stream()
                .anyMatch(thread -> thread.getKey().getState() == Thread.State.WAITING
                        && java.util.Arrays.stream(thread.getValue())
                                .anyMatch(frame -> frame.getClassName().equals(ResetGate.class.getName())
                                        && frame.getMethodName().equals("reset")));
    }

    /** A fixed clock that stops the first incident being added, once its status is set, until released. */
    private static final class HoldingClock extends Clock {

        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final Instant now = Instant.parse("2026-03-01T10:00:00Z");

        @Override
        public long millis() {
            if (held.getCount() > 0 && calledFromIncidentsAdd()) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return now.toEpochMilli();
        }

        private static boolean calledFromIncidentsAdd() {
            return StackWalker.getInstance()
                    .walk(frames ->
                            frames.anyMatch(frame -> frame.getClassName().equals(Incidents.class.getName())
                                    && frame.getMethodName().equals("add")));
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
