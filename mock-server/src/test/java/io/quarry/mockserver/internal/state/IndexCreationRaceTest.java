package io.quarry.mockserver.internal.state;

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

/**
 * Two moves of one source onto an index that does not exist yet race to create it. The first is stopped just as
 * it has put the new index into the application, and the second runs there: it must wait for the first, which
 * locked the index before putting it there. Locked after, the second took the index first, moved the records into
 * it, and the first, then refused for want of a source, discarded the index it had created with those records.
 * The soak form of the race, by repetition, is {@code StateRacesHttpTest}.
 */
@Timeout(60)
class IndexCreationRaceTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @Test
    void aMoveRacingIntoTheIndexAnotherMoveCreatesLeavesTheRecordsThere() throws Exception {
        client.post(
                        "/1/indexes/source/batch",
                        TestClient.jq("{'requests':[{'action':'addObject','body':{'objectID':'a'}},"
                                + "{'action':'addObject','body':{'objectID':'b'}}]}"))
                .requireOk();
        CompletableFuture<Reply> first;
        CompletableFuture<Reply> second;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.INDEX_PUBLISHED, "destination")) {
            first = move();
            stop.awaitStopped();
            second = move();
            CompletableFuture<Reply> racing = second;
            Eventually.waitUntil(
                    "the second move to end, or to wait for the index the first created",
                    () -> racing.isDone()
                            || app.findCreating("destination").lock().hasQueuedThreads());
        }
        assertThat(first.join().status()).isEqualTo(200);
        assertThat(second.join().status()).isEqualTo(200);
        Reply destination = client.post("/1/indexes/destination/query", "{}");
        assertThat(destination.status()).isEqualTo(200);
        assertThat(destination.hitIds()).containsExactlyInAnyOrder("a", "b");
        assertThat(client.post("/1/indexes/source/query", "{}").status()).isEqualTo(404);
    }

    private CompletableFuture<Reply> move() {
        return CompletableFuture.supplyAsync(
                () -> client.post(
                        "/1/indexes/source/operation",
                        TestClient.jq("{'operation':'move','destination':'destination'}")),
                requests);
    }
}
