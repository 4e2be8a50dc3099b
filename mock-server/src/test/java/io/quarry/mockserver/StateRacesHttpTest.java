package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Racing moves: the source is checked under the locks, so the move that loses the race is acknowledged and changes
 * nothing, never data loss. Each trial moves onto an index that does not exist yet, so the two moves also race to
 * create it: the loser, refused for want of a source, once discarded the index it had created after the winner
 * had filled it (the destination then answered 404). 100 trials (a race that lost data surfaced at trial 25, under
 * a second); the soak profile runs 2,000 ({@code -Dquarry.race.trials}). {@code IndexCreationRaceTest} forces
 * that interleaving on every run.
 */
@Timeout(120)
class StateRacesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void twoRacingMovesNeverEmptyTheDestination() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            int trials = Integer.getInteger("quarry.race.trials", 100);
            for (int trial = 0; trial < trials; trial++) {
                client.post(
                                "/1/indexes/tmp/batch",
                                TestClient.jq("{'requests':[{'action':'addObject','body':{'objectID':'a'}},"
                                        + "{'action':'addObject','body':{'objectID':'b'}}]}"))
                        .requireOk();
                CyclicBarrier start = new CyclicBarrier(2);
                String destination = "live" + trial;
                List<CompletableFuture<Reply>> moves =
                        List.of(move(pool, start, destination), move(pool, start, destination));
                List<Integer> statuses = moves.stream()
                        .map(CompletableFuture::join)
                        .map(Reply::status)
                        .toList();
                // the second move finds no source: acknowledged, and it changes nothing
                assertThat(statuses).as("trial %d", trial).containsExactly(200, 200);
                Reply live = client.post("/1/indexes/" + destination + "/query", "{}")
                        .requireOk();
                assertThat(live.body().get("nbHits").asInt())
                        .as("trial %d", trial)
                        .isEqualTo(2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private CompletableFuture<Reply> move(ExecutorService pool, CyclicBarrier start, String destination) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    return client.post(
                            "/1/indexes/tmp/operation",
                            TestClient.jq("{'operation':'move','destination':'" + destination + "'}"));
                },
                pool);
    }
}
