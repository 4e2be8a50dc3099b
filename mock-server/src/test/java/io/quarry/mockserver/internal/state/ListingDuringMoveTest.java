package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * A move hands the source's records to the destination, then removes the source. The index listing, taken with the
 * move stopped between the two, once listed the records twice: in the destination, and in the source still there.
 * It now waits for the move, and lists the destination alone.
 */
@Timeout(60)
class ListingDuringMoveTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @Test
    void theListingDuringAMoveShowsTheRecordsOnce() throws Exception {
        client.post(
                        "/1/indexes/list-source/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'s1'}},"
                                + "{'action':'addObject','body':{'objectID':'s2'}}]}"))
                .requireOk();
        client.put("/1/indexes/list-destination/d1", "{}").requireOk();
        CompletableFuture<Reply> moved;
        CompletableFuture<Reply> listed;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.RECORDS_REPLACED, "list-destination")) {
            moved = CompletableFuture.supplyAsync(
                    () -> client.post(
                            "/1/indexes/list-source/operation",
                            jq("{'operation':'move','destination':'list-destination'}")),
                    requests);
            stop.awaitStopped();
            listed = CompletableFuture.supplyAsync(() -> client.get("/1/indexes"), requests);
            CompletableFuture<Reply> listing = listed;
            Eventually.waitUntil(
                    "the listing to end, or to wait for the move",
                    () -> listing.isDone()
                            || app.find("list-source").readersWaiting()
                            || app.find("list-destination").readersWaiting());
        }
        assertThat(moved.join().status()).isEqualTo(200);
        JsonNode items = listed.join().requireOk().body().get("items");
        assertThat(items).extracting(item -> item.get("name").asString()).containsExactly("list-destination");
        assertThat(items.get(0).get("entries").asInt()).isEqualTo(2);
    }
}
