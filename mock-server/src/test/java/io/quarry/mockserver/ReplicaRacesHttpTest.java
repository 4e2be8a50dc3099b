package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Record writes to a primary, links made and ended, the replica's own settings and searches of the replica, all at
 * once: no deadlock, and a search never sees half of a batch, linked or not.
 */
@Timeout(60)
class ReplicaRacesHttpTest {

    private static final int ROUNDS = 60;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void writesLinksAndSearchesInterleaveSafely() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price']}"))
                .requireOk();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> work = new ArrayList<>();
            work.add(run(
                    pool,
                    round -> client.post(
                                    "/1/indexes/shop/batch",
                                    jq("{'requests':[{'action':'addObject','body':{'objectID':'x" + round + "','p':"
                                            + round
                                            + "}},{'action':'addObject','body':{'objectID':'y" + round + "','p':"
                                            + round
                                            + "}}]}"))
                            .requireOk()));
            work.add(run(
                    pool,
                    round -> client.put(
                                    "/1/indexes/shop/settings",
                                    jq(round % 2 == 0 ? "{'replicas':[]}" : "{'replicas':['shop_price']}"))
                            .requireOk()));
            work.add(run(
                    pool,
                    round -> client.put(
                                    "/1/indexes/shop_price/settings",
                                    jq("{'customRanking':['desc(p)'],'hitsPerPage':" + (round % 5 + 1) + "}"))
                            .requireOk()));
            work.add(run(pool, round -> {
                int hits = client.post("/1/indexes/shop_price/query", "{}")
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .asInt();
                assertThat(hits % 2)
                        .as("round %d saw %d records: half a batch", round, hits)
                        .isZero();
            }));
            CompletableFuture.allOf(work.toArray(CompletableFuture[]::new)).join();
        } finally {
            pool.shutdownNow();
        }
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price']}"))
                .requireOk();
        client.put("/1/indexes/shop/last", "{}").requireOk();
        assertThat(client.post("/1/indexes/shop_price/query", "{}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(2 * ROUNDS + 1);
    }

    private static CompletableFuture<Void> run(ExecutorService pool, IntConsumer round) {
        return CompletableFuture.runAsync(
                () -> {
                    for (int i = 0; i < ROUNDS; i++) {
                        round.accept(i);
                    }
                },
                pool);
    }
}
