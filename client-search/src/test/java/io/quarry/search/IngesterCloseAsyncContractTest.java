package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An asynchronous user closes an ingester from a completion stage: {@code close()} there runs on the listener's
 * thread, which it would wait for, and is refused; {@code closeAsync()} sends what is held, completes once every
 * chunk was told, and the listener's thread ends after it.
 */
@Timeout(30)
class IngesterCloseAsyncContractTest {

    private static final Duration WITHIN = Duration.ofSeconds(20);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private static boolean listenerThreadAlive(String index) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .anyMatch(thread -> thread.getName().equals("Quarry listener of ingester of index " + index));
    }

    private static void feed(Ingester ingester, int records) {
        for (int i = 0; i < records; i++) {
            ingester.add(Map.of("objectID", "r" + i, "rank", i));
        }
    }

    @Test
    void closingFromTheCompletionOfAFlushSendsWhatIsHeldAndEndsTheListenersThread() throws Exception {
        RecordingChunkListener listener = new RecordingChunkListener();
        Ingester ingester = client.index("close-async")
                .ingester(IngesterOptions.of().chunkSize(7).listener(listener));
        feed(ingester, 30);

        CompletableFuture<Void> closed = ingester.flushAsync().thenCompose(progress -> ingester.closeAsync());

        assertThat(closed).succeedsWithin(WITHIN);
        assertThat(listener.acknowledgedIDs()).hasSize(30);
        assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(30);
        assertThatThrownBy(() -> ingester.add(Map.of("objectID", "late")))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        Eventually.waitUntil("the listener's thread to end", () -> !listenerThreadAlive("close-async"));
    }

    @Test
    void aBlockingCloseFromTheCompletionOfAFlushIsRefusedWhereCloseAsyncIsNot() throws Exception {
        // the answers are held until the stage is attached: a flush done before it would run it on this thread,
        // where a blocking close is allowed (a CI run under load did so)
        try (HeldAnswers slow = new HeldAnswers();
                SearchClient held = SearchClient.create(
                        MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                                .httpClient(slow.httpClient())
                                .build())) {
            Ingester ingester = held.index("close-in-stage")
                    .ingester(IngesterOptions.of().chunkSize(5).listener(new RecordingChunkListener()));
            feed(ingester, 12);

            CompletableFuture<Void> blocking = ingester.flushAsync().thenRun(ingester::close);
            assertThat(blocking).as("the flush's answers are held").isNotDone();
            slow.release();
            assertThat(blocking)
                    .failsWithin(WITHIN)
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(IllegalStateException.class);

            CompletableFuture<Void> closed = ingester.flushAsync().thenCompose(progress -> ingester.closeAsync());
            assertThat(closed).succeedsWithin(WITHIN);
            assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(12);
            Eventually.waitUntil("the listener's thread to end", () -> !listenerThreadAlive("close-in-stage"));
        }
    }
}
