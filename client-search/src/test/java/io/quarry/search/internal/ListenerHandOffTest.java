package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A chunked write starts a thread of its own for its listener's calls only when no thread would ever make them (a
 * cancel ended the calls in flight, a thread waiting its turn was interrupted), never on the common path: a thread
 * start per write or per chunk would be a cost every asynchronous write with a listener paid. Calls the thread
 * starting the write gives up are made by the thread telling a chunk's end; a cancel with many chunks in flight
 * starts one thread for all their ends, where each cancelled call could start one in turn.
 */
@Timeout(30)
class ListenerHandOffTest {

    private static final String OPERATION = "saveObjects on index products";

    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService answering = Executors.newFixedThreadPool(2, work -> {
        Thread thread = new Thread(work, "answering");
        thread.setDaemon(true);
        return thread;
    });

    @AfterEach
    void stop() {
        release.countDown();
        answering.shutdownNow();
    }

    private static List<BatchOperation> operations(List<?> records, long firstRecord) {
        return records.stream()
                .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                .toList();
    }

    private static BatchResponse answer(int records) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            ids.add("id" + i);
        }
        return new BatchResponse(1, ids);
    }

    /** The records r0..r(n-1), running {@code before} just before handing out record {@code at}. */
    private static Iterable<String> records(int n, int at, Runnable before) {
        return () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < n;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (next == at) {
                    before.run();
                }
                return "r" + next++;
            }
        };
    }

    /** Records each call with its thread, and checks that calls never overlap. */
    private static final class Recording implements ChunkListener {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final Map<String, Thread> threads = new ConcurrentHashMap<>();
        final AtomicInteger overlapping = new AtomicInteger();
        private final AtomicInteger running = new AtomicInteger();

        void record(String call) {
            if (running.incrementAndGet() > 1) {
                overlapping.incrementAndGet();
            }
            calls.add(call);
            threads.put(call, Thread.currentThread());
            running.decrementAndGet();
        }

        @Override
        public void sent(ChunkSent chunk) {
            record("sent " + chunk.index());
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            record("acknowledged " + chunk.index());
        }

        @Override
        public void failed(ChunkFailed chunk) {
            record("failed " + chunk.index());
        }
    }

    @Test
    void theSentGivenUpByTheStartingThreadIsToldByTheThreadTellingAnEnd() throws Exception {
        List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> held = new CompletableFuture<>();
        AtomicReference<Thread> answeringFirst = new AtomicReference<>();
        Recording recording = new Recording();
        ChunkListener listener = new ChunkListener() {
            @Override
            public void sent(ChunkSent chunk) {
                recording.sent(chunk);
            }

            @Override
            public void acknowledged(ChunkAcknowledged chunk) {
                recording.acknowledged(chunk);
                if (held.complete(null)) {
                    await(release);
                }
            }
        };
        // before record 1 is handed out, chunk 0 is answered on a thread of its own, whose acknowledged is held:
        // chunk 1's sent is then queued behind a call under way, and the thread starting the write gives it up
        Runnable answerTheFirst = () -> {
            Thread thread = new Thread(() -> calls.get(0).complete(answer(1)), "answering chunk 0");
            thread.setDaemon(true);
            answeringFirst.set(thread);
            thread.start();
            held.join();
        };
        ChunkPump pump = ChunkPump.start(
                OPERATION,
                records(3, 1, answerTheFirst),
                1,
                2,
                ListenerHandOffTest::operations,
                (operations, rounds) -> {
                    CompletableFuture<BatchResponse> call =
                            calls.isEmpty() ? new CompletableFuture<>() : CompletableFuture.completedFuture(answer(1));
                    calls.add(call);
                    return call;
                },
                null,
                listener);

        assertThat(recording.calls)
                .as("chunk 1's sent waits for the call under way")
                .doesNotContain("sent 1");
        release.countDown();

        ChunkPump.Outcome outcome = pump.result().get();
        assertThat(outcome.partial()).isNull();
        assertThat(outcome.summary().records()).isEqualTo(3);
        assertThat(recording.threads.get("sent 1"))
                .as("the thread telling chunk 1 was sent")
                .isSameAs(answeringFirst.get());
        assertThat(pump.handOffsStarted())
                .as("threads started for the listener's calls")
                .isZero();
    }

    @Test
    void asynchronousWritesWithAListenerStartNoThread() throws Exception {
        Random random = new Random(26);
        for (int run = 0; run < 20; run++) {
            int records = 50 + random.nextInt(200);
            int chunkSize = 1 + random.nextInt(5);
            int inFlight = 1 + random.nextInt(4);
            long seed = random.nextLong();
            Random answers = new Random(seed);
            Recording listener = new Recording();
            ChunkPump pump = ChunkPump.start(
                    OPERATION,
                    records(records, -1, () -> {}),
                    chunkSize,
                    inFlight,
                    ListenerHandOffTest::operations,
                    answeredAtOnceOrLater(answers),
                    null,
                    listener);

            ChunkPump.Outcome outcome = pump.result().get();
            String which = "run " + run + ", seed " + seed;
            assertThat(outcome.partial()).as(which).isNull();
            assertThat(outcome.summary().records()).as(which).isEqualTo(records);
            assertThat(listener.calls).as(which).hasSize(2 * ((records + chunkSize - 1) / chunkSize));
            assertThat(listener.overlapping).as(which).hasValue(0);
            assertThat(pump.handOffsStarted())
                    .as("threads started for the listener's calls, %s", which)
                    .isZero();
        }
    }

    /** Calls answered at once on the sending thread, or later on one of two answering threads. */
    private BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> answeredAtOnceOrLater(
            Random answers) {
        return (operations, rounds) -> {
            boolean now;
            synchronized (answers) {
                now = answers.nextInt(4) == 0;
            }
            if (now) {
                return CompletableFuture.completedFuture(answer(operations.size()));
            }
            return CompletableFuture.supplyAsync(() -> answer(operations.size()), answering);
        };
    }

    @Test
    void aCancelStartsOneThreadForTheEndsOfEveryCallInFlight() throws Exception {
        AtomicReference<ChunkPump> running = new AtomicReference<>();
        CompletableFuture<Thread> firstFailedOn = new CompletableFuture<>();
        Recording recording = new Recording();
        ChunkListener listener = new ChunkListener() {
            @Override
            public void sent(ChunkSent chunk) {
                recording.sent(chunk);
            }

            @Override
            public void acknowledged(ChunkAcknowledged chunk) {
                recording.acknowledged(chunk);
            }

            @Override
            public void failed(ChunkFailed chunk) {
                recording.failed(chunk);
                firstFailedOn.complete(Thread.currentThread());
            }
        };
        ChunkPump pump = ChunkPump.start(
                OPERATION,
                records(3, -1, () -> {}),
                1,
                3,
                ListenerHandOffTest::operations,
                (operations, rounds) -> new CompletableFuture<>() {
                    @Override
                    public boolean cancel(boolean mayInterruptIfRunning) {
                        // should a thread have been started for an earlier call's end, let it finish and end before
                        // this call ends, so that a thread per cancelled call would show
                        if (running.get().handOffsStarted() > 0) {
                            awaitEnd(firstFailedOn.join());
                        }
                        return super.cancel(mayInterruptIfRunning);
                    }
                },
                null,
                listener);
        running.set(pump);

        pump.result().cancel(true);

        Eventually.waitUntil("the ends of the three calls to be told", () -> recording.calls.size() == 6);
        assertThat(recording.calls).containsExactly("sent 0", "sent 1", "sent 2", "failed 0", "failed 1", "failed 2");
        assertThat(recording.threads.get("failed 0").getName()).isEqualTo("Quarry listener of " + OPERATION);
        assertThat(recording.threads.get("failed 2")).isSameAs(recording.threads.get("failed 0"));
        assertThat(pump.handOffsStarted())
                .as("threads started for the listener's calls")
                .isEqualTo(1);
    }

    private static void awaitEnd(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
