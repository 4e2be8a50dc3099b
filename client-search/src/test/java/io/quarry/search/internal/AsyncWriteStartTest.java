package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.search.BatchOptions;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Starting an asynchronous chunked write returns while its listener is busy on another thread. When the first
 * chunk was acknowledged before the starting thread took the next chunk from the source (a loaded machine
 * descheduling it for a round trip), the starting thread used to wait for its turn to tell that chunk's
 * {@code sent} behind the listener's call, so {@code saveObjectsAsync} did not return until the listener did.
 */
@Timeout(30)
class AsyncWriteStartTest {

    private final List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();
    private final List<String> heard = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> blocked = new CompletableFuture<>();

    /** Notes each call; held in the first chunk acknowledged until the test lets it go. */
    private final ChunkListener listener = new ChunkListener() {
        @Override
        public void sent(ChunkSent chunk) {
            heard.add("sent " + chunk.index());
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            heard.add("acknowledged " + chunk.index());
            if (blocked.complete(null)) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    };

    @AfterEach
    void letTheListenerGo() {
        release.countDown();
    }

    /**
     * Three records, one per chunk. Before handing out the second, the first chunk is answered on a thread of its
     * own, and the source waits until the listener is held in that chunk's acknowledgement.
     */
    private Iterable<String> records() {
        return () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < 3;
            }

            @Override
            public String next() {
                if (next >= 3) {
                    throw new NoSuchElementException();
                }
                if (next == 1) {
                    Thread answering = new Thread(() -> calls.get(0).complete(answer(1)), "answering chunk 0");
                    answering.setDaemon(true);
                    answering.start();
                    blocked.join();
                }
                return "r" + next++;
            }
        };
    }

    private static BatchResponse answer(int taskID) {
        return new BatchResponse(taskID, List.of("id"));
    }

    @Test
    void startingReturnsWhileTheListenerIsHeldOnAnotherThread() throws Exception {
        CompletableFuture<CompletableFuture<WriteSummary>> started = new CompletableFuture<>();
        Thread starting = new Thread(
                () -> started.complete(ChunkedWriter.writeAsync(
                        "saveObjects on index products",
                        records(),
                        (records, first) -> records.stream()
                                .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                                .toList(),
                        BatchOptions.of().chunkSize(1).chunksInFlight(2).listener(listener),
                        (operations, rounds) -> {
                            CompletableFuture<BatchResponse> call = new CompletableFuture<>();
                            calls.add(call);
                            return call;
                        },
                        taskID -> CompletableFuture.completedFuture(null))),
                "starting the write");
        starting.setDaemon(true);
        starting.start();

        Eventually.waitUntil("writeAsync to return while the listener is held", started::isDone);
        assertThat(heard).containsExactly("sent 0", "acknowledged 0");

        release.countDown();
        Eventually.waitUntil("the other two chunks to be sent", () -> calls.size() == 3);
        calls.get(1).complete(answer(2));
        calls.get(2).complete(answer(3));

        WriteSummary summary = started.join().join();
        assertThat(summary.records()).isEqualTo(3);
        assertThat(heard)
                .containsExactly("sent 0", "acknowledged 0", "sent 1", "sent 2", "acknowledged 1", "acknowledged 2");
    }
}
