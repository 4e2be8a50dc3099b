package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Monitoring's {@code ram_indexing_usage} counts each stored record once. It summed every index's records, so a move
 * stopped between handing its records to the destination and removing its source showed them twice, and a replica
 * linked to its primary (sharing its records) doubled the figure for as long as it stayed linked. It now reads the
 * record budget's estimate, which counts each store once; and a copy onto an index, made but not yet held by it,
 * is counted by the budget as the bytes reserved for it (it counted neither the index's former records nor the copy).
 * A seed replacing an index's records shows the former records until the new ones take their place (while it built
 * them, the gauge counted neither).
 */
@Timeout(60)
class IndexingRamGaugeTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().configure(b -> b.clock(CLOCK)).build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @BeforeEach
    void startsFromNothing() {
        assertThat(gauge()).as("after the reset before each test").isZero();
    }

    /**
     * Stores 200 records of about 18 KB each by the budget's estimate (the text's bytes and its words): the gauge
     * reads 4 (MB) with them counted once, 7 twice. A copy's checks ({@code 2 * once} give or take 1 for the
     * rounding) tell once from twice as long as once reads 2 or more.
     */
    private void fill(String index) {
        String text = "word ".repeat(2_000);
        for (int batch = 0; batch < 2; batch++) {
            StringBuilder body = new StringBuilder("{\"requests\":[");
            for (int i = 0; i < 100; i++) {
                body.append(i == 0 ? "" : ",")
                        .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"")
                        .append(batch * 100 + i)
                        .append("\",\"text\":\"")
                        .append(text)
                        .append("\"}}");
            }
            client.post("/1/indexes/" + index + "/batch", body.append("]}").toString())
                    .requireOk();
        }
    }

    /** {@return the gauge as sampled now: the clock moved to a bucket of its own, so the point is this sample} */
    private long gauge() {
        CLOCK.advance(Duration.ofSeconds(10));
        var points = client.get("/1/infrastructure/ram_indexing_usage/period/minute")
                .requireOk()
                .body()
                .get("metrics")
                .get("ram_indexing_usage")
                .properties()
                .iterator()
                .next()
                .getValue();
        return points.get(points.size() - 1).get("v").asLong();
    }

    @Test
    void aMoveStoppedBetweenItsStepsCountsItsRecordsOnce() throws Exception {
        fill("ram-source");
        long before = gauge();
        assertThat(before).as("the records' heap, in MB").isPositive();
        CompletableFuture<Reply> moved;
        long during;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.RECORDS_REPLACED, "ram-destination")) {
            moved = CompletableFuture.supplyAsync(
                    () -> client.post(
                            "/1/indexes/ram-source/operation",
                            jq("{'operation':'move','destination':'ram-destination'}")),
                    requests);
            stop.awaitStopped();
            during = gauge();
        }
        assertThat(moved.join().status()).isEqualTo(200);
        assertThat(during).as("during the move").isEqualTo(before);
        assertThat(gauge()).as("after the move").isEqualTo(before);
    }

    @Test
    void aCopyMadeAndNotYetHeldIsCountedOnce() throws Exception {
        fill("ram-original");
        long original = gauge();
        CompletableFuture<Reply> copied;
        long during;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.COPY_MADE, "ram-copy")) {
            copied = CompletableFuture.supplyAsync(
                    () -> client.post(
                            "/1/indexes/ram-original/operation", jq("{'operation':'copy','destination':'ram-copy'}")),
                    requests);
            stop.awaitStopped();
            during = gauge();
        }
        assertThat(copied.join().status()).isEqualTo(200);
        long after = gauge();
        assertThat(after).as("the original and its copy").isBetween(2 * original - 1, 2 * original + 1);
        assertThat(during).as("with the copy made, before the index holds it").isEqualTo(after);
    }

    @Test
    void aLinkedReplicaCountsNothingMoreAndAnUnlinkedOneItsCopy() {
        fill("ram-primary");
        long alone = gauge();
        client.put("/1/indexes/ram-primary/settings", jq("{'replicas':['ram-replica']}"))
                .requireOk();
        assertThat(client.post("/1/indexes/ram-replica/query", "{}")
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(200);
        assertThat(gauge()).as("with a linked replica sharing the records").isEqualTo(alone);

        client.put("/1/indexes/ram-primary/settings", jq("{'replicas':[]}")).requireOk();
        assertThat(gauge()).as("the replica unlinked keeps a copy").isBetween(2 * alone - 1, 2 * alone + 1);
    }

    @Test
    void aSeedShowsTheFormerRecordsUntilItsOwnTakeTheirPlace() throws Exception {
        fill("ram-seeded");
        long before = gauge();
        assertThat(before).as("the records' heap, in MB").isPositive();
        CompletableFuture<Reply> seeded;
        long during;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.SEED_BUILT, "ram-seeded")) {
            seeded = CompletableFuture.supplyAsync(
                    () -> client.post(
                            "/_mock/seed", jq("{'indices':{'ram-seeded':{'records':[{'objectID':'1','text':'x'}]}}}")),
                    requests);
            stop.awaitStopped();
            during = gauge();
        }
        assertThat(seeded.join().status()).isEqualTo(200);
        assertThat(during).as("while the seed's records are built").isEqualTo(before);
        assertThat(gauge()).as("the seed's one record").isZero();
    }
}
