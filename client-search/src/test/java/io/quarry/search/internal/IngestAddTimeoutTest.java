package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.await;
import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ApiClient;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The add timeout bounds the whole of an add, the wait for a queue another thread holds included. */
@Timeout(20)
class IngestAddTimeoutTest {

    /** The test's own threads for its blocking work, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @AutoClose
    private final ApiClient api = TestQueues.api();

    @Test
    void anAddGivesUpWhileAnotherThreadHoldsTheQueue() throws Exception {
        FakeSender sender = FakeSender.acknowledging();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, Duration.ofMillis(100), null, sender);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        CompletableFuture<Void> holder = CompletableFuture.runAsync(
                () -> queue.whileLocked(() -> {
                    held.countDown();
                    await(letGo);
                }),
                threads);
        try {
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> queue.add(record(0)))
                    .isInstanceOfSatisfying(
                            WriteRefusedException.class,
                            e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.TIMED_OUT))
                    .hasMessageContaining("ingester of index unit did not take the record")
                    .hasMessageContaining("add timeout, 100 ms");
        } finally {
            letGo.countDown();
        }
        holder.get(10, TimeUnit.SECONDS);

        // the refused record was not taken; once the queue is free, records are taken again
        assertThat(queue.pending()).isZero();
        queue.add(record(1));
        assertThat(sender.nextChunk()).hasSize(1);
        assertThat(queue.progress().recordsAcknowledged()).isEqualTo(1);
    }
}
