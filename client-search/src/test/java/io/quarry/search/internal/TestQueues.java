package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.core.PreparedJson;
import io.quarry.core.testing.Eventually;
import io.quarry.search.ChunkListener;
import io.quarry.search.SearchClient;
import io.quarry.search.model.BatchOperation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Builds queues for the unit tests: no server, a fake sender, a flush interval that never fires. */
final class TestQueues {

    /** How long a test waits for a future it expects to complete. */
    static final Duration WITHIN = Duration.ofSeconds(10);

    /** The client's API key, which no log line may show. */
    static final String KEY = "unit-test-key-0b4d3c";

    private TestQueues() {}

    /** {@return a client that serialises records and is never asked to send anything} */
    static ApiClient api() {
        return ApiClient.create(
                ClientConfig.builder("UNITTEST", KEY)
                        .hosts(Host.of("http://127.0.0.1:9"))
                        .build(),
                ClientModule.of("Search", SearchClient.class, DefaultHosts.searchStyle()));
    }

    /**
     * {@return a record with an objectID}
     *
     * @param n its number
     */
    static Map<String, Object> record(int n) {
        return Map.of("objectID", "r" + n, "n", n);
    }

    /**
     * Waits on a latch from inside a listener, which cannot throw the checked exception.
     *
     * @param latch the latch the test opens
     */
    static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("the test never opened the latch");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * A queue cutting a chunk per record, so each add sends one.
     *
     * @param api        the client
     * @param inFlight   calls in flight at most
     * @param addTimeout how long an add waits at most, or null for no limit
     * @param listener   the listener, or null
     * @param sender     the fake sender
     * @return the queue
     */
    static IngestQueue chunkPerRecord(
            ApiClient api, int inFlight, Duration addTimeout, ChunkListener listener, FakeSender sender) {
        return new IngestQueue(
                "ingester of index unit",
                api,
                true,
                1,
                1_000_000,
                Duration.ofHours(1),
                inFlight,
                addTimeout,
                listener,
                sender);
    }

    /**
     * {@return a record of about 500 bytes: two fill a chunk of {@link #chunkOfThousandBytes}}
     *
     * @param n its number
     */
    static Map<String, Object> big(int n) {
        return Map.of("objectID", "big" + n, "pad", "x".repeat(500));
    }

    /**
     * A queue cutting chunks of 10 records or 1,000 bytes, one call in flight, no add timeout, no listener.
     *
     * @param api    the client
     * @param sender the fake sender
     * @return the queue
     */
    static IngestQueue chunkOfThousandBytes(ApiClient api, FakeSender sender) {
        return new IngestQueue(
                "ingester of index unit", api, true, 10, 1_000, Duration.ofHours(1), 1, null, null, sender);
    }

    /**
     * Fills a {@link #chunkOfThousandBytes} queue: big 0 is sent, big 1 held (one call is in flight), and big 2,
     * which does not fit beside it, waits for room as an asynchronous add.
     *
     * @param queue the queue, empty
     * @return the waiting add of big 2, not done
     */
    static CompletableFuture<Void> bigTwoWaiting(IngestQueue queue) {
        queue.add(big(0));
        queue.add(big(1));
        CompletableFuture<Void> waiting = queue.addAsync(big(2));
        if (waiting.isDone()) {
            throw new AssertionError("big 2 was taken though no room was left");
        }
        return waiting;
    }

    /**
     * {@return the objectIDs of a chunk's operations, in order}
     *
     * @param chunk the operations the fake sender was given
     */
    static List<String> objectIDs(List<BatchOperation> chunk) {
        return chunk.stream()
                .map(operation -> operation.body() instanceof PreparedJson prepared
                        ? prepared.objectID().orElse(null)
                        : String.valueOf(((Map<?, ?>) operation.body()).get("objectID")))
                .toList();
    }

    /**
     * Adds a record on a thread of the test's, blocking, and returns once that thread waits for room.
     *
     * @param threads the test's threads
     * @param queue   the queue, with no room for the record
     * @param record  the record
     * @return the add, done once the record is taken
     * @throws InterruptedException when the test is interrupted while it waits
     */
    static Future<?> blockingAddWaiting(ExecutorService threads, IngestQueue queue, Map<String, Object> record)
            throws InterruptedException {
        AtomicReference<Thread> adding = new AtomicReference<>();
        Future<?> add = threads.submit(() -> {
            adding.set(Thread.currentThread());
            queue.add(record);
        });
        Eventually.waitUntil(
                "the blocking add to wait for room",
                () -> adding.get() != null && adding.get().getState() == Thread.State.WAITING);
        return add;
    }
}
