package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An ingester's own thread, the one calling its listener, ends when the ingester is closed, whether it is closed
 * alone or with its client, and whatever faults its chunks met: an application that opens and closes ingesters
 * keeps no thread of theirs behind. A close whose wait was interrupted lets the thread end once the listener has
 * been told of every chunk (before, it lingered for its 30 s idle time).
 */
@Timeout(30)
class IngesterThreadsContractTest {

    private static final long SEED = 21;

    private final MockServer server = MockServer.builder().hosts(3).start();
    private final SearchClient client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
            .hostDownTtl(Duration.ofMillis(20))
            .build());

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    /** A few seeded faults on each host: lost answers of applied writes, 503s, closed connections. */
    private void scriptFaults(Random random) {
        List<Fault> faults = List.of(
                Fault.status(503), Fault.resetAfterWrite(), Fault.failAfterWrite(503), Fault.closeBeforeResponse());
        for (MockHost host : server.hosts()) {
            host.faults().next(1 + random.nextInt(3), faults.get(random.nextInt(faults.size())));
        }
    }

    private static List<String> listenerThreads(String index) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.equals("Quarry listener of ingester of index " + index))
                .toList();
    }

    private static void feed(Ingester ingester, Random random) {
        int records = 20 + random.nextInt(30);
        for (int i = 0; i < records; i++) {
            ingester.add(Map.of("objectID", "r" + i, "rank", i));
        }
    }

    @Test
    void closingAnIngesterEndsItsThread() {
        Random random = new Random(SEED);
        for (int run = 0; run < 5; run++) {
            scriptFaults(random);
            String name = "threads-" + SEED + "-" + run;
            RecordingChunkListener listener = new RecordingChunkListener();
            Ingester ingester = client.index(name)
                    .ingester(IngesterOptions.of()
                            .chunkSize(1 + random.nextInt(10))
                            .listener(listener));
            feed(ingester, random);

            ingester.close();

            assertThat(listenerThreads(name)).as("seed %d, run %d", SEED, run).isEmpty();
            // a flush after close has nothing left to wait for, with or without the thread
            assertThat(ingester.flushAsync()).as("seed %d, run %d", SEED, run).succeedsWithin(Duration.ofSeconds(5));
        }
    }

    @Test
    void anInterruptedCloseStillEndsTheThreadOnceTheListenerIsDone() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> held = new CompletableFuture<>();
        Ingester ingester = client.index("interrupted")
                .ingester(IngesterOptions.of().chunkSize(5).listener(chunk -> {
                    held.complete(null);
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
        feed(ingester, new Random(SEED));
        held.join();

        Thread.currentThread().interrupt(); // close() gives up its wait for the held listener at once
        ingester.close();
        assertThat(Thread.interrupted()).as("the interrupt flag set again").isTrue();
        release.countDown();

        Eventually.waitUntil(
                "the listener's thread to end",
                () -> listenerThreads("interrupted").isEmpty());
    }

    @Test
    void closingTheClientEndsTheThreadOfAnIngesterLeftOpen() {
        Random random = new Random(SEED);
        scriptFaults(random);
        Ingester ingester = client.index("left-open")
                .ingester(IngesterOptions.of().chunkSize(7).listener(new RecordingChunkListener()));
        feed(ingester, random);

        client.close();

        assertThat(ingester.progress().recordsAcknowledged()
                        + ingester.progress().recordsFailed())
                .as("seed %d", SEED)
                .isPositive();
        assertThat(listenerThreads("left-open")).as("seed %d", SEED).isEmpty();
    }
}
