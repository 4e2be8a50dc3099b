package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Resets racing requests in flight: a request is wholly before a reset (and erased by it) or wholly after it, so a
 * batch writing two indices is never half erased, and the startup seed is whole once the reset has answered. The
 * writers' workload is drawn from a seed; 8 rounds of writers and a reset by default, more with
 * {@code -Dquarry.reset.rounds}.
 */
@Timeout(60)
class ResetRacesHttpTest {

    private static final long SEED = 31337L;
    private static final int WRITERS = 4;
    private static final int PARTS = 32;

    @Test
    void aResetNeverLeavesHalfABatchNorHalfTheSeed() {
        int rounds = Integer.getInteger("quarry.reset.rounds", 8);
        Random random = new Random(SEED);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (MockServer server = MockServer.builder().seedJson(seed()).start()) {
            TestClient client = new TestClient(server);
            List<TestClient> writerClients = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                writerClients.add(new TestClient(server));
            }
            for (int round = 0; round < rounds; round++) {
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger batches = new AtomicInteger();
                List<CompletableFuture<Void>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    TestClient writer = writerClients.get(w);
                    Random writerRandom = new Random(random.nextLong());
                    writers.add(CompletableFuture.runAsync(() -> write(writer, writerRandom, stop, batches), pool));
                }
                while (batches.get() < WRITERS && writers.stream().noneMatch(CompletableFuture::isDone)) {
                    Thread.onSpinWait();
                }
                client.post("/_mock/reset", null).requireOk();
                assertThat(ids(client, "seeded"))
                        .as("seed %d, round %d: the seed whole once the reset answered", SEED, round)
                        .contains("s1", "s2");
                stop.set(true);
                CompletableFuture.allOf(writers.toArray(CompletableFuture[]::new))
                        .join();
                Set<String> first = ids(client, "part0");
                for (int part = 1; part < PARTS; part++) {
                    assertThat(ids(client, "part" + part))
                            .as(
                                    "seed %d, round %d, part %d: each batch wholly before or after the reset",
                                    SEED, round, part)
                            .isEqualTo(first);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Batches of one record to every part. */
    private static void write(TestClient client, Random random, AtomicBoolean stop, AtomicInteger batches) {
        while (!stop.get()) {
            String id = Long.toHexString(random.nextLong());
            client.post("/1/indexes/*/batch", batchToEveryPart(id)).requireOk();
            batches.incrementAndGet();
        }
    }

    /** A seeded index, and more that make each reset take a while to clear and seed them again. */
    private static String seed() {
        StringBuilder seed =
                new StringBuilder("{'indices': {'seeded': {'records': [{'objectID': 's1'}, {'objectID': 's2'}]}");
        for (int i = 0; i < 100; i++) {
            seed.append(", 'filler").append(i).append("': {'records': [{'objectID': 'f'}]}");
        }
        return jq(seed.append("}}").toString());
    }

    /** Adds the record to every part, indices that a reset clears one after the other. */
    private static String batchToEveryPart(String id) {
        List<String> requests = new ArrayList<>();
        for (int part = 0; part < PARTS; part++) {
            requests.add(
                    "{'action': 'addObject', 'indexName': 'part" + part + "', 'body': {'objectID': '" + id + "'}}");
        }
        return jq("{'requests': [" + String.join(", ", requests) + "]}");
    }

    private static Set<String> ids(TestClient client, String index) {
        Reply reply = client.post("/1/indexes/" + index + "/query", "{\"hitsPerPage\": 1000}");
        return reply.status() == 404
                ? Set.of()
                : new HashSet<>(reply.requireOk().hitIds());
    }
}
