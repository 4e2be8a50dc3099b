package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The usage API's application-wide {@code records}, {@code data_size} and {@code file_size} add up every index, the
 * index listing describes each, and the state export copies each. They read one index after the other, so a move
 * ending between the read of its source and that of its destination showed its records twice. Here the readers are
 * held between the two (by a write stopped on an index whose name comes between theirs) while the move runs: the
 * indices are now read all as of one instant, and the move waits for them.
 */
@Timeout(60)
class ReadersOfEveryIndexDuringMoveTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final TestClient usage = new TestClient(
            MOCK.server(), MOCK.server().applicationId(), MOCK.server().usageKey());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    private Reply sizes() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return usage.get("/1/usage/records,data_size?startDate=" + now.minus(Duration.ofDays(1)) + "&endDate="
                + now.plus(Duration.ofHours(2)) + "&granularity=hourly");
    }

    private static long current(JsonNode series) {
        return series.get(series.size() - 1).get("v").asLong();
    }

    @Test
    void aMoveEndingWhileEveryIndexIsReadIsSeenBeforeOrAfterNeverTwice() throws Exception {
        client.post(
                        "/1/indexes/use-a/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'a1','t':'x'}},"
                                + "{'action':'addObject','body':{'objectID':'a2','t':'y'}}]}"))
                .requireOk();
        client.put("/1/indexes/use-b/b1", jq("{'t':'z'}")).requireOk();
        client.put("/1/indexes/use-c/c1", jq("{'t':'w'}")).requireOk();
        JsonNode before = sizes().requireOk().body();
        assertThat(current(before.get("records"))).isEqualTo(4);

        CompletableFuture<Reply> read;
        CompletableFuture<Reply> listed;
        CompletableFuture<String> exported;
        CompletableFuture<Reply> moved;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_APPLIED, "use-b")) {
            CompletableFuture<Reply> settings = CompletableFuture.supplyAsync(
                    () -> client.put("/1/indexes/use-b/settings", jq("{'hitsPerPage':5}")), requests);
            stop.awaitStopped();
            read = CompletableFuture.supplyAsync(this::sizes, requests);
            listed = CompletableFuture.supplyAsync(() -> client.get("/1/indexes"), requests);
            exported = CompletableFuture.supplyAsync(() -> MOCK.server().exportState(), requests);
            Eventually.waitUntil(
                    "the readers to wait for use-b", () -> app.find("use-b").waiting() == 3);
            moved = CompletableFuture.supplyAsync(
                    () -> client.post("/1/indexes/use-a/operation", jq("{'operation':'move','destination':'use-c'}")),
                    requests);
            CompletableFuture<Reply> move = moved;
            Eventually.waitUntil(
                    "the move to end, or to wait for the readers",
                    () -> move.isDone() || app.find("use-a").readersWaiting());
            stop.release();
            assertThat(settings.join().status()).isEqualTo(200);
        }
        assertThat(moved.join().status()).isEqualTo(200);
        JsonNode during = read.join().requireOk().body();
        JsonNode after = sizes().requireOk().body();
        assertThat(current(after.get("records"))).isEqualTo(3);
        assertThat(current(during.get("records"))).isIn(3L, 4L);
        assertThat(current(during.get("data_size")))
                .isIn(current(before.get("data_size")), current(after.get("data_size")));
        assertThat(listed.join()
                        .requireOk()
                        .body()
                        .get("items")
                        .valueStream()
                        .mapToInt(item -> item.get("entries").asInt())
                        .sum())
                .as("records listed")
                .isIn(3, 4);
        JsonNode state = TestClient.json(exported.join()).get("indices");
        assertThat(state.properties().stream()
                        .mapToInt(index -> index.getValue().get("records").size())
                        .sum())
                .as("records exported")
                .isIn(3, 4);
    }
}
