package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thread interrupted while it waits its turn to tell the listener gives its calls up to the thread telling; when
 * that thread has left meanwhile (its call returned before the interrupted thread got the write's lock back), no
 * thread was left to make them: the listener never heard of the chunk, and had it been the last, the write never
 * ended. The calls are now made by a thread of the write's own.
 *
 * <p>The test forces that order through the write's lock (read by reflection: no seam in the main code): it holds
 * the lock while the teller's listener call returns and the waiting thread is interrupted, so both queue for it,
 * the teller first, and the teller leaves before the interrupted thread gives up.
 */
@Timeout(30)
class InterruptedTurnTest {

    private final List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();
    private final List<String> heard = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch sourceGoes = new CountDownLatch(1);
    private final CompletableFuture<Void> reading = new CompletableFuture<>();
    private final CompletableFuture<Void> held = new CompletableFuture<>();

    /** Notes each call; held in chunk 0's acknowledgement until the test lets it go. */
    private final ChunkListener listener = new ChunkListener() {
        @Override
        public void sent(ChunkSent chunk) {
            heard.add("sent " + chunk.index());
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            heard.add("acknowledged " + chunk.index());
            if (chunk.index() == 0) {
                held.complete(null);
                awaitQuietly(release);
            }
        }
    };

    @AfterEach
    void letEverythingGo() {
        release.countDown();
        sourceGoes.countDown();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Four records, one per chunk; the thread reading the source is held before the fourth, so that it stays the one
     * pumping meanwhile (a thread ending its turn then reads nothing and tells nothing more).
     */
    private Iterable<String> records() {
        return () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < 4;
            }

            @Override
            public String next() {
                if (next >= 4) {
                    throw new NoSuchElementException();
                }
                if (next == 3) {
                    reading.complete(null);
                    awaitQuietly(sourceGoes);
                }
                return "r" + next++;
            }
        };
    }

    private static Thread onOwnThread(String name, Runnable action) {
        Thread thread = new Thread(action, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static BatchResponse answer(int taskID) {
        return new BatchResponse(taskID, List.of("id"));
    }

    @Test
    void callsGivenUpAfterTheTellerLeftAreStillMade() throws Exception {
        ChunkPump pump = ChunkPump.start(
                "saveObjects on index products",
                records(),
                1,
                3,
                (records, first) -> records.stream()
                        .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                        .toList(),
                (operations, rounds) -> {
                    // the first three calls wait for the test; the fourth is answered at once
                    CompletableFuture<BatchResponse> call =
                            calls.size() < 3 ? new CompletableFuture<>() : CompletableFuture.completedFuture(answer(4));
                    calls.add(call);
                    return call;
                },
                null,
                listener);
        // chunk 2 answered: the thread telling it then pumps, and is held reading the fourth record
        onOwnThread("answering chunk 2", () -> calls.get(2).complete(answer(3)));
        reading.join();

        Thread teller = onOwnThread("answering chunk 0", () -> calls.get(0).complete(answer(1)));
        held.join();
        Thread waiting = onOwnThread("answering chunk 1", () -> calls.get(1).complete(answer(2)));
        Eventually.waitUntil(
                "chunk 1's acknowledgement to wait its turn",
                () -> LockSupport.getBlocker(waiting) instanceof Condition);

        ReentrantLock lock = lockOf(pump);
        lock.lock();
        try {
            release.countDown();
            Eventually.waitUntil("the teller to wait for the lock", () -> lock.hasQueuedThread(teller));
            waiting.interrupt();
            Eventually.waitUntil("the interrupted thread to wait for the lock", () -> lock.hasQueuedThread(waiting));
        } finally {
            lock.unlock(); // the teller has it first, and leaves: chunk 1's acknowledgement is not its call
        }

        Eventually.waitUntil("the listener to hear chunk 1 acknowledged", () -> heard.contains("acknowledged 1"));
        sourceGoes.countDown();
        WriteSummary summary = pump.result().get().summary();
        assertThat(summary.records()).isEqualTo(4);
        assertThat(heard)
                .containsExactly(
                        "sent 0",
                        "sent 1",
                        "sent 2",
                        "acknowledged 2",
                        "acknowledged 0",
                        "acknowledged 1",
                        "sent 3",
                        "acknowledged 3");
    }

    private static ReentrantLock lockOf(ChunkPump pump) throws ReflectiveOperationException {
        Field field = ChunkPump.class.getDeclaredField("lock");
        field.setAccessible(true);
        return (ReentrantLock) field.get(pump);
    }
}
