package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.search.BatchOptions;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkListener;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lazy write holds at most (chunks in flight + 1) chunks of records as its listener counts them: records made by
 * the source and not yet heard acknowledged. Acknowledgements waiting their turn behind a listener call under way
 * used to free their chunks' places at once, so the thread starting the write (which never waits for its turn) read
 * on: with four chunks in flight, three acknowledgements queued let it read three chunks more, six chunks held
 * against a bound of five (what {@code LazyWritesContractTest} saw on a loaded machine). A chunk now counts as in
 * flight until its end was told.
 */
@Timeout(30)
class QueuedAcknowledgementsReadAheadTest {

    private static final int IN_FLIGHT = 4;
    private static final int RECORDS = 10;

    private final List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();
    private final List<Thread> answering = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> held = new CompletableFuture<>();

    private final AtomicLong made = new AtomicLong();
    private final AtomicLong heard = new AtomicLong();
    private final AtomicLong mostHeld = new AtomicLong();

    /** Counts the records heard acknowledged; held in the first acknowledgement until the test lets it go. */
    private final ChunkListener listener = new ChunkListener() {
        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            heard.addAndGet(chunk.response().objectIDs().size());
            if (held.complete(null)) {
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
     * One record a chunk. Before handing out record 3 (the first three chunks in flight), the three calls are
     * answered, each on a thread of its own: the first one's listener call is held, and the source waits until the
     * other two threads wait their turn to tell their acknowledgements.
     */
    private Iterable<String> records() {
        return () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return made.get() < RECORDS;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (made.get() == IN_FLIGHT - 1) {
                    answerTheCallsInFlight();
                }
                long n = made.incrementAndGet();
                mostHeld.accumulateAndGet(n - heard.get(), Math::max);
                return "r" + (n - 1);
            }
        };
    }

    private void answerTheCallsInFlight() {
        for (int i = 0; i < IN_FLIGHT - 1; i++) {
            CompletableFuture<BatchResponse> call = calls.get(i);
            Thread thread = new Thread(() -> call.complete(answer()), "answering chunk " + i);
            thread.setDaemon(true);
            answering.add(thread);
            thread.start();
            if (i == 0) {
                held.join();
            }
        }
        try {
            Eventually.waitUntil(
                    "the two later acknowledgements to wait their turn",
                    () -> answering.stream().skip(1).allMatch(QueuedAcknowledgementsReadAheadTest::waitsItsTurn));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether a thread waits on a condition (its turn to tell), not for a lock or anything else. */
    private static boolean waitsItsTurn(Thread thread) {
        return LockSupport.getBlocker(thread) instanceof Condition;
    }

    private static BatchResponse answer() {
        return new BatchResponse(1, List.of("id"));
    }

    @Test
    void acknowledgementsWaitingTheirTurnKeepTheirPlaces() throws Exception {
        CompletableFuture<WriteSummary> write = ChunkedWriter.writeAsync(
                "saveObjects on index products",
                records(),
                (records, first) -> records.stream()
                        .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                        .toList(),
                BatchOptions.of().chunkSize(1).chunksInFlight(IN_FLIGHT).listener(listener),
                (operations, rounds) -> {
                    // the first three calls wait for the test; the later ones are answered at once
                    CompletableFuture<BatchResponse> call =
                            calls.size() < IN_FLIGHT - 1 ? new CompletableFuture<>() : completed();
                    calls.add(call);
                    return call;
                },
                taskID -> CompletableFuture.completedFuture(null));

        assertThat(mostHeld.get())
                .as("records made and not heard acknowledged while acknowledgements wait their turn")
                .isLessThanOrEqualTo(IN_FLIGHT + 1);

        release.countDown();
        assertThat(write.get().records()).isEqualTo(RECORDS);
        assertThat(made).hasValue(RECORDS);
        assertThat(mostHeld.get()).isLessThanOrEqualTo(IN_FLIGHT + 1);
    }

    private static CompletableFuture<BatchResponse> completed() {
        return CompletableFuture.completedFuture(answer());
    }
}
