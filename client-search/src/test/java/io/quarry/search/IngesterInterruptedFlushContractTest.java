package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A thread interrupted while {@code flush()} waits for a chunk in flight: the flush fails with a
 * {@link WriteRefusedException} ({@code INTERRUPTED}) and the thread keeps its flag, while the chunk goes on and
 * ends; nothing is lost, and the next flush reports it acknowledged.
 */
@Timeout(60)
class IngesterInterruptedFlushContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void anInterruptedFlushFailsTypedAndTheChunkStillEnds() throws Exception {
        try (HeldAnswers slow = new HeldAnswers();
                SearchClient client = SearchClient.create(
                        MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                                .httpClient(slow.httpClient())
                                .build());
                Ingester ingester = client.index("interrupted-flush")
                        .ingester(IngesterOptions.of().chunkSize(10).flushInterval(Duration.ofMinutes(1)))) {
            try {
                for (int i = 0; i < 15; i++) {
                    ingester.add(Map.of("objectID", "r" + i, "n", i));
                }
                AtomicReference<Thread> flushing = new AtomicReference<>();
                Future<Boolean> flagAfter = threads.submit(() -> {
                    flushing.set(Thread.currentThread());
                    try {
                        ingester.flush();
                        throw new AssertionError("the flush returned while its chunks' answers were held");
                    } catch (WriteRefusedException e) {
                        assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.INTERRUPTED);
                        assertThat(e).hasMessageContaining("flush()");
                        return Thread.currentThread().isInterrupted();
                    }
                });
                Eventually.waitUntil(
                        "the flush to wait for both chunks' held answers",
                        () -> slow.held() == 2
                                && flushing.get() != null
                                && flushing.get().getState() == Thread.State.WAITING);

                flushing.get().interrupt();

                assertThat(flagAfter.get(10, TimeUnit.SECONDS))
                        .as("the flag stays set")
                        .isTrue();
                assertThat(ingester.progress().recordsAcknowledged()).isZero();
            } finally {
                slow.release();
            }
            WriteProgress progress = ingester.flush();
            assertThat(progress.recordsAcknowledged()).isEqualTo(15);
            assertThat(progress.recordsFailed()).isZero();
        }
    }
}
