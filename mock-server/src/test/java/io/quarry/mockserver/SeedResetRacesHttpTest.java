package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A seed sent while a reset runs applies wholly before the reset (which erases it) or wholly after it: never some
 * of its indices kept and the others erased. Each round races one seed against one reset, the seed's size drawn
 * from a fixed seed; 12 rounds by default, more with {@code -Dquarry.seedReset.rounds}.
 */
@Timeout(60)
class SeedResetRacesHttpTest {

    private static final long SEED = 20261129L;

    @Test
    void aSeedIsWhollyBeforeOrWhollyAfterAReset() {
        int rounds = Integer.getInteger("quarry.seedReset.rounds", 12);
        Random random = new Random(SEED);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (MockServer server = MockServer.builder().seedJson(fillers()).start()) {
            TestClient seeder = new TestClient(server);
            TestClient resetter = new TestClient(server);
            for (int round = 0; round < rounds; round++) {
                int indices = 40 + random.nextInt(40);
                String seed = seed(round, indices);
                CompletableFuture<Void> seeding = CompletableFuture.runAsync(
                        () -> seeder.post("/_mock/seed", seed).requireOk(), pool);
                CompletableFuture<Void> reset = CompletableFuture.runAsync(
                        () -> resetter.post("/_mock/reset", null).requireOk(), pool);
                CompletableFuture.allOf(seeding, reset).join();

                long kept = seededIndices(seeder, round);
                assertThat(kept)
                        .as("seed %d, round %d: of the %d indices seeded, none or all kept", SEED, round, indices)
                        .isIn(0L, (long) indices);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The round's indices in the state, each holding the round's record. */
    private static long seededIndices(TestClient client, int round) {
        JsonNode indices = client.get("/_mock/state").requireOk().body().get("indices");
        List<String> names = new ArrayList<>();
        indices.propertyNames().forEach(names::add);
        return names.stream()
                .filter(name -> name.startsWith("r" + round + "-"))
                .filter(name -> indices.get(name).get("records").size() == 1)
                .count();
    }

    private static String seed(int round, int indices) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < indices; i++) {
            entries.add("'r" + round + "-" + i + "': {'records': [{'objectID': 'x'}]}");
        }
        return jq("{'indices': {" + String.join(", ", entries) + "}}");
    }

    /** Startup indices, so that each reset takes a while to clear and seed them again. */
    private static String fillers() {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            entries.add("'filler" + i + "': {'records': [{'objectID': 'f'}]}");
        }
        return jq("{'indices': {" + String.join(", ", entries) + "}}");
    }
}
