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

/**
 * Removing a user of the multi-cluster mapping deletes the records the user wrote. A write of the user's racing the
 * removal is stopped inside its write, or before it, and the removal runs there: the records written were once
 * attributed to the user only after the write, so a removal in between missed them, and they stayed.
 */
@Timeout(60)
class UserRemovalRaceTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());
    /** A thread for each request sent while another is stopped in the server, off the common pool. */
    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @Test
    void aRecordWrittenAsTheUserIsRemovedGoesWithTheUser() throws Exception {
        asUser("POST", "/1/clusters/mapping", "writer-1", jq("{'cluster':'mock-cluster-1'}"))
                .requireOk();
        client.put("/1/indexes/user-records/kept", jq("{'n':1}")).requireOk();
        CompletableFuture<Reply> written;
        CompletableFuture<Reply> removed;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_APPLIED, "user-records")) {
            written = CompletableFuture.supplyAsync(
                    () -> asUser("PUT", "/1/indexes/user-records/mine", "writer-1", jq("{'n':2}")), requests);
            stop.awaitStopped();
            removed = CompletableFuture.supplyAsync(() -> client.delete("/1/clusters/mapping/writer-1"), requests);
            Eventually.waitUntil(
                    "the removal to end, or to wait for the write",
                    () -> removed.isDone() || app.find("user-records").lock().hasQueuedThreads());
        }
        assertThat(written.join().status()).isEqualTo(200);
        assertThat(removed.join().status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/user-records/mine").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/user-records/kept").status()).isEqualTo(200);
    }

    @Test
    void aWriteOfAUserRemovedAsItWaitedIsRefused() throws Exception {
        asUser("POST", "/1/clusters/mapping", "writer-2", jq("{'cluster':'mock-cluster-1'}"))
                .requireOk();
        CompletableFuture<Reply> written;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "late-user-records")) {
            written = CompletableFuture.supplyAsync(
                    () -> asUser("PUT", "/1/indexes/late-user-records/mine", "writer-2", jq("{'n':2}")), requests);
            stop.awaitStopped();
            client.delete("/1/clusters/mapping/writer-2").requireOk();
        }
        Reply refused = written.join();
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).contains("not assigned");
        assertThat(client.get("/1/indexes/late-user-records/mine").status()).isEqualTo(404);
    }

    private Reply asUser(String method, String path, String userID, String body) {
        return client.send(client.request(method, path, body)
                .header("X-Service-User-ID", userID)
                .build());
    }
}
