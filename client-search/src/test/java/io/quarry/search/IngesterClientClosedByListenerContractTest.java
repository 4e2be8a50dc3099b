package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An ingester's listener closing the client (an application shutting down on a chunk's news): closing the client
 * closes the ingester first, which on its listener's thread cannot wait for itself, so it refuses further records and
 * sends what it holds without waiting. Nothing handed in before is left behind unsent and untold.
 */
@Timeout(60)
class IngesterClientClosedByListenerContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final CountDownLatch handedIn = new CountDownLatch(1);

    @AfterEach
    void letGo() {
        handedIn.countDown();
        client.close();
    }

    @Test
    void theIngesterSendsWhatItHoldsAndRefusesMore() throws Exception {
        AtomicReference<Throwable> closing = new AtomicReference<>();
        CountDownLatch closed = new CountDownLatch(1);
        RecordingChunkListener listener = new RecordingChunkListener(chunk -> {
            if (chunk.index() == 0) {
                try {
                    handedIn.await(10, TimeUnit.SECONDS);
                    client.close();
                } catch (InterruptedException | RuntimeException e) {
                    closing.set(e);
                } finally {
                    closed.countDown();
                }
            }
        });
        Ingester ingester = client.index("closed-by-listener")
                .ingester(IngesterOptions.of()
                        .chunkSize(10)
                        .chunksInFlight(1)
                        .flushInterval(Duration.ofMinutes(1))
                        .listener(listener));
        for (int i = 0; i < 25; i++) {
            ingester.add(Map.of("objectID", "r" + i, "n", i)); // the last 5 are held: chunk 2 is not full
        }

        handedIn.countDown();

        assertThat(closed.await(10, TimeUnit.SECONDS))
                .as("the listener's close returned")
                .isTrue();
        assertThat(closing.get()).isNull();
        assertThatThrownBy(() -> ingester.add(Map.of("objectID", "late")))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        Eventually.waitUntil(
                "every record handed in to be acknowledged",
                () -> ingester.progress().recordsAcknowledged() == 25);
        assertThat(listener.acknowledgedIDs()).hasSize(25);
        assertThat(listener.failed()).isEmpty();
    }
}
