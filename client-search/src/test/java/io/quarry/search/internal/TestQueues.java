package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.search.ChunkListener;
import io.quarry.search.SearchClient;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Builds queues for the unit tests: no server, a fake sender, a flush interval that never fires. */
final class TestQueues {

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
}
